import ChartRender
import ChartService
import HTTPServer

/// The cost of access control per request, each row 1000 operations (so its milliseconds are microseconds per
/// operation): a signed URL of the standard spec checked (HMAC-SHA256 over a 6 KB URL, constant-time compare), a
/// bearer key looked up among 10 and 1000 keys (SHA-256 of the token, one constant-time compare per key), a token
/// bucket charged, and the whole I/O-thread cache-hit answer with and without `--auth keys --rate`.
func accessBenchmarks() -> [Benchmark] {
    let json = standardSpecJSON()
    let secret = "bench-secret-0123456789abcdefghijklmnopqrstuvwxyz"
    func keys(_ count: Int) -> [AccessKey] {
        (0..<count).map { AccessKey(id: "key\($0)", secret: Array("\(secret)-\($0)".utf8)) }
    }
    var configuration = ChartServiceConfiguration()
    configuration.access.mode = .keys
    configuration.access.rate = 1e6
    configuration.access.burst = 1e9
    let guarded = ChartService(configuration: configuration, renderer: ChartRenderer.shared)
    guarded.access.install(keys(10))
    let many = AccessControl(configuration: configuration.access)
    many.install(keys(1000))
    let open = ChartService(renderer: ChartRenderer.shared)

    let path = "/v1/chart?c=" + Base64URL.encode(json) + "&format=svg&kid=key3&exp=4102444800"
    let signed = SignedURL.sign(path, secret: Array("\(secret)-3".utf8))
    func head(_ target: String, _ headers: HTTPHeaders = ["Host": "bench"]) -> HTTPRequestHead {
        HTTPRequestHead(method: "GET", target: target, version: .http1_1, headers: headers)
    }
    let signedHead = head(signed)
    let firstBearer = head("/v1/chart", ["Authorization": "Bearer \(secret)-0"])
    let lastBearer = head("/v1/chart", ["Authorization": "Bearer \(secret)-999"])
    let signedRequest = HTTPRequest(head: signedHead, id: "bench", peerAddress: "127.0.0.1")
    let openRequest = HTTPRequest(head: head(path), id: "bench", peerAddress: "127.0.0.1")
    _ = guarded.respond(to: signedRequest)  // fills the memo and the cache
    _ = open.respond(to: openRequest)

    func thousand(_ body: () -> Bool) -> Int {
        var passed = 0
        for _ in 0..<1000 where body() { passed += 1 }
        return passed
    }
    return [
        Benchmark(name: "access ×1000: signed URL check (\(signed.utf8.count / 1000) KB URL)") {
            thousand { guarded.access.keyID(authenticating: signedHead) != nil }
        },
        Benchmark(name: "access ×1000: bearer among 10 keys") {
            thousand { guarded.access.keyID(authenticating: firstBearer) != nil }
        },
        Benchmark(name: "access ×1000: bearer among 1000 keys") {
            thousand { many.keyID(authenticating: lastBearer) != nil }
        },
        Benchmark(name: "access ×1000: token bucket charge") {
            thousand { guarded.access.tryCharge(keyID: "key3", tokens: 1) }
        },
        Benchmark(name: "access ×1000: I/O-thread hit, auth off") {
            thousand { open.respondWithoutBlocking(to: openRequest)?.status == 200 }
        },
        Benchmark(name: "access ×1000: I/O-thread hit, signed + rate") {
            thousand { guarded.respondWithoutBlocking(to: signedRequest)?.status == 200 }
        },
    ]
}
