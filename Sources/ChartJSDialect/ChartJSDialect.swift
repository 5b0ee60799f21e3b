public import ChartSpec

/// Chart.js configs (as QuickChart receives them) → native chart specs. A layer over `ChartSpec`, not a fork:
/// nothing after it knows the spec came from Chart.js.
///
/// How a translation runs:
/// 1. Function-like strings anywhere in the config are refused (`JSLiteralParser.executableStrings`): nothing is
///    ever evaluated, and a config that relies on code would not render as its author expects.
/// 2. The request (`RequestTranslation`), `type` (`ChartJSType`), `options` (`OptionsTranslation`, then
///    `PluginTranslation`) and `data` (`DatasetTranslation`) write native fields through a `NativeSpecBuilder`, which
///    remembers the Chart.js path of each. Every config object is read through a `ConfigObject`: the keys no
///    translator takes are listed in `ignored`, never refused (Chart.js ignores them too).
/// 3. Wrong values found at the Chart.js level are thrown at their Chart.js paths. Otherwise the native JSON is
///    decoded by `ChartSpec.decode`, and its issues are mapped back to Chart.js paths (`series[0].values[3]` →
///    `data.datasets[0].data[3]`).
///
/// Cost: every step is linear in the size of the config.
public enum ChartJSDialect {
    /// Translates `config` for `request`.
    ///
    /// Errors: `SpecError` whose issue paths are Chart.js paths relative to the config
    /// (`data.datasets[0].backgroundColor[2]`), or the request names (`width`, `devicePixelRatio`, `backgroundColor`).
    public static func translate(_ config: JSONValue, _ request: ChartJSRequest) throws(SpecError)
        -> ChartJSTranslation
    {
        let native = try nativeSpec(config, request)
        let json = native.json
        do throws(SpecError) {
            let spec = try ChartSpec.decode(json, renderingAs: request.format)
            return ChartJSTranslation(spec: spec, native: json, ignored: native.ignored)
        } catch {
            throw native.mapped(error)
        }
    }

    /// Steps 1 and 2: the native spec, not yet decoded, with the origins of its fields; throws the problems found
    /// at the Chart.js level.
    static func nativeSpec(_ config: JSONValue, _ request: ChartJSRequest) throws(SpecError) -> NativeSpecBuilder {
        let code = JSLiteralParser.executableStrings(in: config)
        if !code.isEmpty {
            throw SpecError(issues: code.prefix(ChartSpec.Limits.maxReportedIssues).map {
                SpecIssue(path: $0, message: "functions are not accepted: configs are read, never run; "
                    + "give a value instead")
            })
        }
        guard case .object(let members) = config else {
            throw SpecError(path: "", message: "expected a Chart.js config object, got \(config.kindDescription)")
        }
        var native = NativeSpecBuilder()
        var context = TranslationContext(request: request)
        RequestTranslation.translate(request, &native)
        if hasAnnotations(members) { context.categoryIndex = categoryIndex(members) }
        var root = ConfigObject(members: members, path: "", position: [])
        ChartTypeTranslation.translate(root.take("type"), &context, &native)
        if let error = native.error { throw error }  // the rest is read by the type
        var options = root.take("options").flatMap { $0.object(&native) }
            ?? ConfigObject(members: [], path: "options", position: [])
        ChartTypeTranslation.readIndexAxis(&options, &context, &native)
        context.elements = ElementDefaults.read(&options, context, &native)
        OptionsTranslation.translate(&options, &context, &native)  // first: annotations need the scales
        PluginTranslation.translate(&options, &context, &native)
        options.finish(&native)
        if let data = root.take("data") {
            DatasetTranslation.translate(data, &context, &native)
        } else {
            native.report("data", "required field is missing")
        }
        root.finish(&native)
        if let error = native.error { throw error }
        return native
    }

    /// Whether the config has annotation plugin options (v0.5 `options.annotation`, v1 `options.plugins.annotation`),
    /// the only readers of `categoryIndex`: most configs have none, and need not hash their labels.
    private static func hasAnnotations(_ members: [JSONMember]) -> Bool {
        guard case .object(let options)? = members.first(where: { $0.key == "options" })?.value else { return false }
        if options.contains(where: { $0.key == "annotation" }) { return true }
        guard case .object(let plugins)? = options.first(where: { $0.key == "plugins" })?.value else { return false }
        return plugins.contains { $0.key == "annotation" }
    }

    /// The index of each of `data.labels` by its text (the first, if repeated), for annotations that name a
    /// category; the datasets read the labels again, with checks. A map, so n annotations cost O(n), not O(n·labels).
    private static func categoryIndex(_ members: [JSONMember]) -> [String: Int] {
        guard case .object(let data)? = members.first(where: { $0.key == "data" })?.value,
              case .array(let labels)? = data.first(where: { $0.key == "labels" })?.value else { return [:] }
        var index: [String: Int] = [:]
        index.reserveCapacity(labels.count)
        for (i, label) in labels.enumerated() {
            let text: String
            switch label {
            case .string(let string): text = string
            case .number(let number): text = DatasetTranslation.javaScriptString(number)
            default: continue
            }
            if index[text] == nil { index[text] = i }
        }
        return index
    }
}
