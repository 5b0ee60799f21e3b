extension ChartSpec {
    /// This spec checked exactly as `parse` checks JSON: every field, limit and cross-field rule, every problem
    /// listed with the JSON path of the field (`series[0].values[3]`, `x.min`) and the same message.
    ///
    /// A spec built in Swift goes through the same field tables as JSON: it is written in its canonical JSON form
    /// (`canonicalJSON`) and read back by the decoder, so the two can never disagree. Before anything is written,
    /// the sizes that could make that costly are checked — the number of series, of points in each and in all, of
    /// labels, palette and per-point colors, annotations — so a caller handing over 10⁸ points gets a `SpecError`
    /// after a count, not an allocation; a form that would still be larger than the same spec could be as JSON
    /// (64 MiB, plus `Limits.validatedBytesPerPoint` a point) is refused as too large. NaN and infinite numbers,
    /// which JSON cannot carry, are refused at their path ("must be a finite number"); a gap in a series is `nil`,
    /// not NaN.
    ///
    /// The result is the spec as the renderer will draw it (equal to `self` unless the decoder normalised
    /// something: a category series' x becomes its index, a bubble's negative index is resolved). It remembers that
    /// it was validated: validating it again, or rendering it, costs a comparison, until it is changed.
    ///
    /// - Parameter format: the format the spec will be rendered as, when known: a raster format's pixel budget is
    ///   then checked up front too, as `parse(_:renderingAs:)` does (rendering checks it anyway).
    /// - Throws: `SpecError` listing every problem (at most `Limits.maxReportedIssues`, then a count).
    public func validated(renderingAs format: OutputFormat? = nil) throws(SpecError) -> ChartSpec {
        let points = series.reduce(0) { $0 + $1.points.count }
        return try validated(renderingAs: format,
                             formLimit: JSONParser.maxInputBytes + Limits.validatedBytesPerPoint * points)
    }

    /// `validated(renderingAs:)` with the canonical form limited to `formLimit` bytes (tests use a small one).
    func validated(renderingAs format: OutputFormat?, formLimit limit: Int) throws(SpecError) -> ChartSpec {
        if validation.matches(self) {
            var diagnostics = Diagnostics()
            Self.checkRasterBudget(self, renderingAs: format ?? self.format, &diagnostics)
            if let error = diagnostics.error { throw error }
            return self
        }
        var diagnostics = Diagnostics()
        checkSizes(&diagnostics)
        if let error = diagnostics.error { throw error }
        let points = series.reduce(0) { $0 + $1.points.count }
        var writer = JSONWriter(capacity: 1024 + 24 * points, limit: limit)
        SpecFields.table.write(SpecFields.Draft(spec: self), to: &writer)
        if writer.isOverLimit {
            throw SpecError(path: "", message: "the spec is too large: its JSON form would be over "
                + "\(Diagnostics.grouped(limit)) bytes")
        }
        let root: JSONValue
        do throws(JSONSyntaxError) {
            root = try JSONParser.parse(writer.bytes, maxStringBytes: limit, maxInputBytes: limit)
        } catch {
            throw SpecError(path: error.path, message: Self.nonFiniteMessage(at: error.offset, in: writer.bytes)
                ?? error.positionedMessage)
        }
        return try Self.decode(root, renderingAs: format)
    }

    /// Throws the problems `validated(renderingAs:)` finds, if any.
    public func validate(renderingAs format: OutputFormat? = nil) throws(SpecError) {
        _ = try validated(renderingAs: format)
    }

    /// Whether this spec was validated (parsed from JSON, or returned by `validated()`) and not changed since.
    public var isValidated: Bool { validation.matches(self) }

    /// The counts that bound what writing the canonical form costs, with the decoder's messages and paths. The
    /// decoder checks them again (these run first only so that a hostile size is refused before it is written).
    private func checkSizes(_ diagnostics: inout Diagnostics) {
        let limits = Limits.self
        // As the decoder, which reads no element of an array of the wrong length: 10⁶ series cost one count.
        guard diagnostics.checkCount(series.count, "series", limits.seriesCount, noun: "series") else { return }
        var total = 0
        for (i, series) in series.enumerated() {
            let path = JSONPath.index("series", i)
            let noun = series.hasNumericX ? "points" : "values"
            _ = diagnostics.checkCount(series.points.count, JSONPath.member(path, noun),
                                       0...limits.maxPointsPerSeries, noun: noun)
            _ = diagnostics.checkCount(series.colors.count, JSONPath.member(path, "colors"),
                                       0...limits.maxPointsPerSeries, noun: "colors")
            total += series.points.count
            guard !series.sizes.isEmpty else { continue }
            if !series.hasNumericX {
                diagnostics.report(JSONPath.member(path, "values"),
                                   "bubble sizes need numeric points (give the series as points with x, not values)")
            } else if series.sizes.count != series.points.count {
                diagnostics.report(JSONPath.member(path, "points"),
                                   "either every point has a size (third element) or none does")
            }
        }
        SpecFields.checkTotalPoints(total, "series", &diagnostics)
        if let palette {
            _ = diagnostics.checkCount(palette.count, "palette", limits.paletteColors, noun: "colors")
        }
        if let labels {
            _ = diagnostics.checkCount(labels.count, "labels", 0...limits.maxLabels, noun: "labels")
        }
        _ = diagnostics.checkCount(annotations.count, "annotations", 0...limits.maxAnnotations, noun: "annotations")
    }

    /// "must be a finite number, got NaN" when the canonical form failed to parse at a non-finite number (which
    /// `JSONWriter` writes as `NaN`, `Infinity` or `-Infinity`, so the parser stops right there), else nil.
    private static func nonFiniteMessage(at offset: Int, in bytes: [UInt8]) -> String? {
        for start in [offset - 1, offset] where start >= 0 && start < bytes.count {
            for token in ["NaN", "Infinity", "-Infinity"] where bytes[start...].starts(with: token.utf8) {
                return "must be a finite number (JSON has no NaN or infinities; a gap is nil), got \(token)"
            }
        }
        return nil
    }
}
