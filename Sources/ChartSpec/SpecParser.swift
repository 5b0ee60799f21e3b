extension ChartSpec {
    /// Parses and validates a JSON chart spec (see docs/spec.md for every field, default and limit).
    ///
    /// Throws `SpecError` listing every problem with its JSON path; unknown fields are errors. Malformed JSON
    /// gives a single issue with the byte offset, line and column. `format` is the format the caller will render
    /// when it already knows it (a `?format=` override): a PNG's raster budget is then checked up front, with the
    /// other problems, for that format instead of the spec's own `format`.
    public static func parse(_ json: [UInt8], renderingAs format: OutputFormat? = nil) throws(SpecError) -> ChartSpec {
        let root: JSONValue
        do throws(JSONSyntaxError) {
            root = try JSONParser.parse(json)
        } catch {
            throw SpecError(path: error.path, message: error.positionedMessage, isMalformedJSON: true)
        }
        return try decode(root, renderingAs: format)
    }

    /// Validates an already parsed JSON document (`format` as for `parse`).
    package static func decode(_ root: JSONValue, renderingAs format: OutputFormat? = nil) throws(SpecError)
        -> ChartSpec
    {
        var diagnostics = Diagnostics()
        var spec = SpecFields.decode(root, renderingAs: format, &diagnostics)
        if let error = diagnostics.error { throw error }
        spec.validation = ValidationStamp(validated: spec)
        return spec
    }
}
