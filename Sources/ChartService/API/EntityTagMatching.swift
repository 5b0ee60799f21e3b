/// `If-None-Match` evaluation (RFC 9110 §13.1.2): weak comparison, `*` matches any current representation.
public enum EntityTagMatching {
    /// Whether any tag listed in the `If-None-Match` values matches `etag` (a quoted strong tag).
    public static func noneMatchFails(_ values: [String], etag: String) -> Bool {
        for value in values {
            for candidate in value.split(separator: ",") {
                var tag = candidate.trimmingSpaces[...]
                if tag == "*" { return true }
                if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
                if tag == etag { return true }
            }
        }
        return false
    }
}
