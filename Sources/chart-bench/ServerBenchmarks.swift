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
    return [
        Benchmark(name: "service POST standard, cache hit") { cached.respond(to: request).body.count },
        Benchmark(name: "service POST standard, cache off") { uncached.respond(to: request).body.count },
    ]
}
