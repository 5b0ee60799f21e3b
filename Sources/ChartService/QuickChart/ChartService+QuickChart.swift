import ChartJSDialect
import ChartSpec
import HTTPServer

extension ChartService {
    /// `/chart`: QuickChart's parameters (`QuickChartRequest`) and a Chart.js config, translated by `ChartJSDialect`.
    /// The memo key is the raw query or body, which holds every parameter; nothing is parsed until the memo misses.
    /// GET URLs are the content, so their images are immutable, like `/v1/chart`'s; the format is PNG unless the
    /// request names one (QuickChart's default; `Accept` plays no part); `format=base64` is a data URI of the
    /// PNG.
    func quickChartPlan(_ request: HTTPRequest) -> ChartRequestPlan {
        let inBody = request.method == "POST"
        let raw = inBody ? request.body : Array((request.query ?? "").utf8)
        let memoKey = ChartCacheKey.forQuickChartRequest(raw, inBody: inBody,
                                                         rendererVersion: configuration.rendererVersion)
        let cacheControl = inBody ? ChartRequestPlan.noCache : ChartRequestPlan.immutable
        return ChartRequestPlan(memoKey: memoKey, cacheControl: cacheControl) { () throws(ProblemResponse) in
            let parsed = inBody ? try QuickChartRequest(body: raw) : try QuickChartRequest(query: request.query)
            var options = parsed.options
            options.format = parsed.format
            do throws(SpecError) {
                let translation = try ChartJSDialect.translate(parsed.config.value, options)
                return ParsedChart(spec: translation.spec, format: parsed.format, variesWithAccept: false,
                                   dataURI: parsed.dataURI,
                                   ignored: QuickChartHeaders.ignoredValue(translation.ignored))
            } catch {
                throw ProblemResponse(parsed.problem(for: error))
            }
        }
    }
}
