extension ChartSpec {
    /// Parses and validates a JSON chart spec (see docs/spec.md for every field, default and limit).
    ///
    /// Throws `SpecError` listing every problem with its JSON path; unknown fields are errors. Malformed JSON
    /// gives a single issue with the byte offset, line and column.
    public static func parse(_ json: [UInt8]) throws(SpecError) -> ChartSpec {
        let root: JSONValue
        do throws(JSONSyntaxError) {
            root = try JSONParser.parse(json)
        } catch {
            throw SpecError(path: error.path, message: error.positionedMessage, isMalformedJSON: true)
        }
        return try decode(root)
    }

    /// Validates an already parsed JSON document.
    public static func decode(_ root: JSONValue) throws(SpecError) -> ChartSpec {
        var diagnostics = Diagnostics()
        let spec = SpecFields.decode(root, &diagnostics)
        if let error = diagnostics.error { throw error }
        return spec
    }
}
