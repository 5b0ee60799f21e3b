import ChartRender
import ChartService
import HTTPServer

/// The chart API's own cost per request, without sockets: `ChartService.respond` for the standard spec
/// (`standardSpecJSON`) on a cache hit (memoized resolution + image cache) and with the cache off (parse + render).
func serverBenchmarks() -> [Benchmark] {
    let json = standardSpecJSON()
    let head = HTTPRequestHead(
        method: "POST", target: "/v1/chart", version: .http1_1,
        headers: ["Host": "bench", "Content-Type": "application/json"], framing: .contentLength(json.count))
    let request = HTTPRequest(head: head, body: json, id: "bench")
    let cached = ChartService(renderer: ChartRenderer.shared)
    var off = ChartServiceConfiguration()
    off.cacheBytes = 0
    let uncached = ChartService(configuration: off, renderer: ChartRenderer.shared)
    // Issue 16: what operations add to every request — a traceparent read and written, the metrics of the answer
    // (two histograms and the rejection counter), and the access line formatted (written to nothing).
    let health = HTTPRequest(
        head: HTTPRequestHead(method: "GET", target: "/healthz", version: .http1_1,
                              headers: ["Host": "bench",
                                        "traceparent": "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"],
                              framing: .none),
        body: [], id: "bench")
    let entry = HTTPLogEntry(method: "POST", path: "/v1/chart", status: 200, bytes: 14_000,
                             durationNanoseconds: 1_234_567, requestID: "5f0c2a1e-00000001",
                             fields: [("format", "png"), ("cache", "hit"),
                                      ("trace_id", "4bf92f3577b34da6a3ce929d0e0e4736")])
    let jsonLog = Logger(format: .json) { _ in }, textLog = Logger(format: .text) { _ in }
    return [
        Benchmark(name: "service POST standard, cache hit") { cached.respond(to: request).body.count },
        Benchmark(name: "service POST standard, cache off") { uncached.respond(to: request).body.count },
        Benchmark(name: "service GET /healthz with traceparent") { cached.respond(to: health).headers.count },
        Benchmark(name: "service didRespond (metrics of one answer)") {
            cached.didRespond(entry)
            return 0
        },
        Benchmark(name: "access line, json") { jsonLog.accessLine(entry).count },
        Benchmark(name: "access line, text") { textLog.accessLine(entry).count },
    ]
}
