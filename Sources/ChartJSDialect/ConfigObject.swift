import ChartSpec

/// One value of the Chart.js config with its Chart.js path (`data.datasets[0].borderColor`) and its position in the
/// document (member and element indices from the root), which orders the `ignored` list as the author wrote it.
struct ConfigValue {
    let value: JSONValue
    let path: String
    let position: [Int]

    /// The value as an object to read keys from; nil (and a problem at `path`) when it is something else.
    func object(_ native: inout NativeSpecBuilder) -> ConfigObject? {
        guard case .object(let members) = value else {
            native.report(path, "expected an object, got \(value.kindDescription)")
            return nil
        }
        return ConfigObject(members: members, path: path, position: position)
    }

    /// The value as a boolean; nil (and a problem at `path`) when it is something else.
    func bool(_ native: inout NativeSpecBuilder) -> Bool? {
        guard case .bool(let flag) = value else {
            native.report(path, "expected true or false, got \(value.kindDescription)")
            return nil
        }
        return flag
    }

    /// Element `i` of an array value (the caller has matched `.array(elements)`).
    func element(_ element: JSONValue, at i: Int) -> ConfigValue {
        ConfigValue(value: element, path: JSONPath.index(path, i), position: position + [i])
    }
}

/// An object of the Chart.js config being read. Translators `take` the keys they understand; whatever is left is
/// recorded as ignored by `finish` (Chart.js accepts and ignores unknown keys, and so do we, saying so).
struct ConfigObject {
    let path: String
    let position: [Int]
    private let members: [JSONMember]
    /// Only for objects of more than `linearScanLimit` members; smaller ones (nearly all) are scanned.
    private let indexByKey: [String: Int]?
    private var taken: [Bool]

    /// Up to this many members a key is found by comparing it with each: translators ask for a few dozen keys per
    /// object, and hashing each of them (and every member's key) costs more than a short scan.
    private static let linearScanLimit = 16

    init(members: [JSONMember], path: String, position: [Int]) {
        self.members = members
        self.path = path
        self.position = position
        self.taken = Array(repeating: false, count: members.count)
        if members.count > Self.linearScanLimit {
            var index: [String: Int] = [:]
            index.reserveCapacity(members.count)
            for (i, member) in members.enumerated() { index[member.key] = i }
            indexByKey = index
        } else {
            indexByKey = nil
        }
    }

    /// The index of the member named `key` (the last one, should a caller-built object repeat a key), or nil.
    private func index(of key: String) -> Int? {
        if let indexByKey { return indexByKey[key] }
        return members.lastIndex { $0.key == key }
    }

    /// The value at `key`, marked as used; nil when absent. A JSON `null` counts as absent, as in Chart.js.
    mutating func take(_ key: String) -> ConfigValue? {
        guard let i = index(of: key) else { return nil }
        taken[i] = true
        let value = members[i].value
        if case .null = value { return nil }
        return ConfigValue(value: value, path: JSONPath.member(path, key), position: position + [i])
    }

    /// The value at the first of `keys` present (v3 name before v2 name, say), marking all of them used.
    mutating func take(anyOf keys: [String]) -> ConfigValue? {
        var found: ConfigValue?
        for key in keys {
            let value = take(key)
            if found == nil { found = value }
        }
        return found
    }

    /// Records every key never taken as ignored.
    func finish(_ native: inout NativeSpecBuilder) {
        for (i, member) in members.enumerated() where !taken[i] {
            native.ignore(JSONPath.member(path, member.key), position: position + [i])
        }
    }
}
