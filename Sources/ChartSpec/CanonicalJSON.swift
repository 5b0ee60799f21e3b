extension ChartSpec {
    /// A deterministic serialization of the validated spec, for hashing into strong ETags: two requests that
    /// mean the same chart (other key order, whitespace, number spelling, color spelling, defaults written out
    /// or left out) give identical bytes, and any change of meaning changes them.
    ///
    /// It is generated from the same field tables that read the spec (`SpecFields.table` and the tables nested in
    /// it), so a field that is read is also written; `CanonicalFieldTests` checks every field of every table.
    /// Properties of the form:
    /// - keys in table order, which is the canonical order (nested objects in their own tables' order);
    /// - every field with a value is written, defaults included (so leaving a default out or writing it gives
    ///   the same bytes); unset optional fields are left out;
    /// - colors are `#rrggbb`, or `#rrggbbaa` when not opaque;
    /// - numbers are integers without a fraction below 2^53, else Swift's shortest round-trip form (`JSONWriter`);
    /// - a bubble's negative index is resolved against its series (−1 → the last point's index);
    /// - a vertical line's or a point's timestamp is kept as the text given (resolved later against the axis zone);
    /// - the output is itself a valid spec that parses back to an equal `ChartSpec` (up to that bubble index).
    public var canonicalJSON: [UInt8] {
        var w = JSONWriter(capacity: 1024 + 16 * series.reduce(0) { $0 + $1.points.count })
        SpecFields.table.write(SpecFields.Draft(spec: self), to: &w)
        return w.bytes
    }
}
