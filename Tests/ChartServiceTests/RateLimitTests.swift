import ChartRender
import ChartSpec
import HTTPServer
import Testing
@testable import ChartService

struct RequestCostTests {
    /// (width, height, scale, format, points) → tokens.
    static let cases: [(Double, Double, Double, OutputFormat, Int, Int)] = [
        (640, 360, 1, .png, 10, 1),
        (16, 16, 1, .png, 0, 1),
        (1000, 1000, 1, .png, 0, 1),
        (1000, 1001, 1, .png, 0, 2),
        (1280, 720, 2, .png, 0, 4),
        (4096, 4096, 1, .png, 0, 17),
        (100.5, 100, 1.5, .png, 0, 1),
        (640, 360, 1, .svg, 0, 1),
        (640, 360, 4, .svg, 99_999, 1),
        (640, 360, 1, .svg, 100_000, 2),
        (640, 360, 1, .smil, 250_000, 3),
        (640, 360, 1, .json, 2_000_000, 21),
        (640, 360, 1, .pdf, 0, 1),
        (1000, 1000, 1, .webp, 0, 1),
        (1280, 720, 2, .jpeg, 0, 4),
    ]

    @Test(arguments: cases)
    func tokens(width: Double, height: Double, scale: Double, format: OutputFormat, points: Int, expected: Int) {
        #expect(RequestCost.tokens(width: width, height: height, scale: scale, format: format, points: points)
            == expected)
    }

    /// An animation pays for every frame it rasterizes: the default choreography (1.2 s, stagger 0.15 s) of 3
    /// series at 30 fps is at most 0.3 + 1.6 = 1.9 s, 57 samples and the final frame; 640×360 = 0.23 Mpx a frame.
    @Test func animatedRastersPayForEveryFrame() throws {
        let spec = try ChartSpec.parse(
            Array(#"{"series": [{"values": [1, 2]}, {"values": [2, 1]}, {"values": [3]}]}"#.utf8))
        #expect(RequestCost.estimatedFrames(spec.animation, series: 3) == 58)
        #expect(RequestCost.tokens(for: spec, format: .apng) == 14)  // 58 × 230,400 px = 13.4 M
        #expect(RequestCost.tokens(for: spec, format: .gif) == 14)
        #expect(RequestCost.tokens(for: spec, format: .png) == 1)
        let still = try ChartSpec.parse(Array(#"{"animation": false, "series": [{"values": [1, 2]}]}"#.utf8))
        #expect(RequestCost.tokens(for: still, format: .apng) == 1)
        let longest = try ChartSpec.parse(Array(
            #"{"animation": {"duration": 30, "delay": 60, "stagger": 5, "fps": 60}, "series": [{"values": [1]}]}"#.utf8))
        // 60 + 40 s at 60 fps is 6,001 frames; the render refuses more than 3,600, so no price goes past them.
        #expect(RequestCost.estimatedFrames(longest.animation, series: 1) == 3_600)
    }
}

struct TokenBucketTests {
    @Test func refillsAtTheRateUpToTheBurst() {
        let buckets = TokenBuckets(capacity: 16)
        let limit = RateLimit(rate: 2, burst: 4)
        #expect(buckets.take(3, from: "a", limit: limit, now: 0) == .allowed(remaining: 1))
        #expect(buckets.take(2, from: "a", limit: limit, now: 0) == .limited(remaining: 1, retryAfter: 1))
        #expect(buckets.take(2, from: "a", limit: limit, now: 0.5) == .allowed(remaining: 0))
        #expect(buckets.take(1, from: "a", limit: limit, now: 100) == .allowed(remaining: 3))
        // A request larger than the bucket costs the whole bucket rather than never passing.
        #expect(buckets.take(50, from: "b", limit: limit, now: 0) == .allowed(remaining: 0))
        #expect(buckets.take(50, from: "b", limit: limit, now: 0) == .limited(remaining: 0, retryAfter: 2))
        #expect(buckets.remaining("never-seen", limit: limit, now: 0) == 4)
    }

    @Test func staysWithinItsCapacityEvictingFullBucketsFirst() {
        let buckets = TokenBuckets(capacity: 64)
        let limit = RateLimit(rate: 1, burst: 10)
        // An attacker with many addresses: each drains its bucket.
        for i in 0..<10_000 {
            _ = buckets.take(10, from: "spray-\(i)", limit: limit, now: Double(i) * 0.001)
            #expect(buckets.count <= 64)
        }
        // A bucket that refilled is gone at the next sweep; a busy one is kept over idle ones.
        _ = buckets.take(10, from: "busy", limit: limit, now: 11)
        var now = 11.0
        for i in 0..<200 {
            now += 0.001
            _ = buckets.take(10, from: "later-\(i)", limit: limit, now: now)
            _ = buckets.take(0, from: "busy", limit: limit, now: now)
            #expect(buckets.count <= 64)
        }
        #expect(buckets.remaining("busy", limit: limit, now: now) < 1, "evicted, it would be full again")
        // Once the spray's buckets have refilled, the next sweep (when the table is full) clears them all.
        for i in 0..<10 { _ = buckets.take(1, from: "after-\(i)", limit: limit, now: 100) }
        #expect(buckets.count <= 10)
        #expect(buckets.names.allSatisfy { $0.hasPrefix("after-") })
    }
}

struct RateLimitTests {
    let clock = ManualClock()

    func post(_ service: ChartService, _ key: String, spec: String = AccessFixture.spec) -> HTTPResponse {
        service.respond(to: request("POST", "/v1/chart", headers: [("X-API-Key", key)], body: spec))
    }

    @Test func overTheLimitIs429WithRetryAfterAndRateLimitFields() throws {
        let service = AccessFixture.service(clock: clock)  // beta: rate=1/s burst=3
        for remaining in [2, 1, 0] {
            let response = post(service, AccessFixture.betaSecret)
            #expect(response.status == 200)
            #expect(response.headers["RateLimit-Policy"] == #""chartd";q=3;w=3"#)
            #expect(response.headers["RateLimit"] == #""chartd";r=\#(remaining);t=\#(3 - remaining)"#)
        }
        let limited = post(service, AccessFixture.betaSecret)
        #expect(limited.status == 429)
        #expect(limited.headers["Content-Type"] == "application/problem+json")
        #expect(limited.headers["Retry-After"] == "1")
        #expect(limited.headers["RateLimit-Policy"] == #""chartd";q=3;w=3"#)
        #expect(limited.headers["Cache-Control"] == "no-store")
        #expect(limited.headers["RateLimit"] == #""chartd";r=0;t=1"#)
        #expect(limited.text.contains(#""type":"/problems/rate-limited""#))
        #expect(limited.text.contains("this request costs 1 token; 0 of 3 are left, refilled at 1 a second"))
        #expect(limited.logFields.contains { $0 == ("key", "beta") })
        #expect(service.metrics.accessCounts().rateLimited == ["beta": 1])

        clock.advance(0.5)
        let stillLimited = post(service, AccessFixture.betaSecret)
        #expect(stillLimited.status == 429 && stillLimited.headers["Retry-After"] == "1")
        clock.advance(0.5)
        #expect(post(service, AccessFixture.betaSecret).status == 200)
        // alpha has no rate= and there is no --rate: no limit, and no RateLimit fields.
        for _ in 0..<20 {
            let response = post(service, AccessFixture.alphaSecret)
            #expect(response.status == 200 && response.headers["RateLimit"] == nil)
        }
    }

    @Test func theDefaultsApplyToKeysWithoutTheirOwnAndZeroMeansNoLimit() {
        let keys = """
            alpha \(AccessFixture.alphaSecret)
            beta \(AccessFixture.betaSecret) rate=0/s
            """
        let service = AccessFixture.service(rate: 1, burst: 2, keys: keys, clock: clock)
        #expect(post(service, AccessFixture.alphaSecret).status == 200)
        #expect(post(service, AccessFixture.alphaSecret).status == 200)
        #expect(post(service, AccessFixture.alphaSecret).status == 429)
        for _ in 0..<5 { #expect(post(service, AccessFixture.betaSecret).status == 200) }
    }

    @Test func rendersAreChargedTheirWeightAndCacheHitsOne() throws {
        let service = AccessFixture.service(rate: 1, burst: 10, clock: clock, renderer: ParsingRenderer())
        let big = #"{"width":2000,"height":2000,"format":"png","series":[{"values":[1,2]}]}"#  // 4 Mpx: 4 tokens
        #expect(post(service, AccessFixture.alphaSecret, spec: big).headers["RateLimit"] == #""chartd";r=6;t=4"#)
        // The same chart again is a cache hit: one token, on the worker path and on the I/O thread's.
        #expect(post(service, AccessFixture.alphaSecret, spec: big).headers["RateLimit"] == #""chartd";r=5;t=5"#)
        let fast = try #require(service.respondWithoutBlocking(to: request(
            "POST", "/v1/chart", headers: [("X-API-Key", AccessFixture.alphaSecret)], body: big)))
        #expect(fast.status == 200 && fast.headers["RateLimit"] == #""chartd";r=4;t=6"#)
        let other = #"{"width":2000,"height":2001,"format":"png","series":[{"values":[1,2]}]}"#  // 5 tokens > 4
        let limited = post(service, AccessFixture.alphaSecret, spec: other)
        #expect(limited.status == 429 && limited.headers["Retry-After"] == "1")
        #expect(limited.text.contains("this request costs 5 tokens; 4 of 10 are left"))
    }

    @Test func anInvalidSpecCostsAToken() {
        let service = AccessFixture.service(clock: clock)  // beta: burst 3
        for _ in 0..<3 { #expect(post(service, AccessFixture.betaSecret, spec: #"{"bad":1}"#).status == 422) }
        #expect(post(service, AccessFixture.betaSecret, spec: #"{"bad":1}"#).status == 429)
    }

    @Test func theFastPathChargesAndRefusesToo() throws {
        let service = AccessFixture.service(clock: clock)  // beta: burst 3
        let target = "/v1/chart?c=" + AccessFixture.c
        let bearer = [("Authorization", "Bearer " + AccessFixture.betaSecret)]
        #expect(service.respond(to: request("GET", target, headers: bearer)).status == 200)
        for _ in 0..<2 {
            #expect(try #require(service.respondWithoutBlocking(to: request("GET", target, headers: bearer))).status
                == 200)
        }
        let limited = try #require(service.respondWithoutBlocking(to: request("GET", target, headers: bearer)))
        #expect(limited.status == 429 && limited.headers["Retry-After"] == "1")
    }

    @Test func unauthenticatedClientsAreLimitedByAddress() {
        let service = AccessFixture.service(mode: .off, rate: 1, burst: 1, clock: clock)
        func status(_ peer: String) -> Int {
            service.respond(to: request("POST", "/v1/chart", body: AccessFixture.spec, peer: peer)).status
        }
        #expect(status("192.0.2.1") == 200)
        #expect(status("192.0.2.1") == 429)
        #expect(status("192.0.2.2") == 200)
        // IPv6 clients share a bucket per /64.
        #expect(status("2001:db8:1:2::1") == 200)
        #expect(status("2001:db8:1:2:ffff::9") == 429)
        #expect(status("2001:db8:1:3::1") == 200)
        #expect(service.metrics.accessCounts().rateLimited == ["-": 2])
    }

    @Test func withAuthOffCredentialsAreIgnored() {
        let service = AccessFixture.service(mode: .off, clock: clock)
        let response = service.respond(to: request("POST", "/v1/chart", headers: [("X-API-Key", "nonsense")],
                                                   body: AccessFixture.spec))
        #expect(response.status == 200 && response.logFields.contains { $0 == ("key", "-") })
        #expect(service.check(request("POST", "/v1/chart", body: AccessFixture.spec).head) == nil)
    }
}

struct TrustedProxyTests {
    /// A hostile chain: 16 KiB of trusted-looking hops through a trusted proxy. Only the last `maxHops` are read,
    /// so the client is the leftmost of those, not the forged address at the far left.
    @Test func onlyTheLastHopsOfALongChainAreRead() {
        let hops = (0..<1500).map { "10.0.\($0 / 250).\($0 % 250)" }
        let chain = "203.0.113.66, " + hops.joined(separator: ", ")
        #expect(chain.utf8.count > 15_000)
        let client = Self.resolver.clientAddress(peer: "10.1.2.3", forwardedFor: [chain])
        let expected = hops[hops.count - ClientAddressResolver.maxHops]
        #expect(client == expected)
        // Split across several header fields, the count runs on.
        let fields = stride(from: 0, to: hops.count, by: 100).map { hops[$0..<min($0 + 100, hops.count)]
            .joined(separator: ",") }
        #expect(Self.resolver.clientAddress(peer: "10.1.2.3", forwardedFor: fields) == expected)
    }

    static let resolver = ClientAddressResolver(
        trustedProxies: IPNetwork.list("10.0.0.0/8, 192.168.1.1, 2001:db8:ffff::/48, ::ffff:172.16.0.0/108")
            .networks ?? [])

    /// (peer, X-Forwarded-For fields, the client the limit must apply to).
    static let cases: [(String, [String], String)] = [
        ("203.0.113.9", [], "203.0.113.9"),
        // An untrusted peer's X-Forwarded-For is ignored, whatever it says.
        ("203.0.113.9", ["198.51.100.1"], "203.0.113.9"),
        ("203.0.113.9", ["10.0.0.1"], "203.0.113.9"),
        // A trusted peer: the rightmost address that is not a trusted proxy.
        ("10.1.2.3", ["198.51.100.1"], "198.51.100.1"),
        ("10.1.2.3", ["198.51.100.1, 10.9.9.9"], "198.51.100.1"),
        ("10.1.2.3", ["198.51.100.1", "10.9.9.9, 192.168.1.1"], "198.51.100.1"),
        // A spoofed chain: what the client wrote left of its real address is not believed.
        ("10.1.2.3", ["6.6.6.6, 10.0.0.7, 198.51.100.1"], "198.51.100.1"),
        ("10.1.2.3", ["1.1.1.1, 2.2.2.2, 198.51.100.1, 10.0.0.2"], "198.51.100.1"),
        // Garbage ends the walk at the last trusted hop; only trusted addresses give the leftmost.
        ("10.1.2.3", ["not-an-ip, 10.0.0.9"], "10.0.0.9"),
        ("10.1.2.3", ["198.51.100.1, 10.0.0.9:443"], "10.1.2.3"),
        ("10.1.2.3", ["10.0.0.5, 10.0.0.9"], "10.0.0.5"),
        ("10.1.2.3", [""], "10.1.2.3"),
        // IPv6, and one address in two spellings.
        ("2001:db8:ffff::1", ["2001:DB8:0:0::7"], "2001:db8::7"),
        ("2001:db8:fffe::1", ["198.51.100.1"], "2001:db8:fffe::1"),
        ("2001:db8:ffff:1::1", ["2001:db8::7, 2001:db8:ffff::2"], "2001:db8::7"),
        ("192.168.1.1", ["::ffff:198.51.100.1"], "198.51.100.1"),
        ("192.168.1.2", ["198.51.100.1"], "192.168.1.2"),
        ("172.16.5.5", ["198.51.100.3"], "198.51.100.3"),
    ]

    @Test(arguments: cases)
    func clientAddress(peer: String, forwardedFor: [String], expected: String) {
        #expect(Self.resolver.clientAddress(peer: peer, forwardedFor: forwardedFor) == expected)
    }

    @Test func parsesCIDRsWithInetPton() {
        #expect(IPNetwork("10.1.2.3/8")?.description == "10.0.0.0/8")
        #expect(IPNetwork("2001:db8::1/32")?.description == "2001:db8::/32")
        #expect(IPNetwork("::ffff:10.0.0.0/104")?.description == "10.0.0.0/8")
        #expect(IPNetwork("fe80::/10")?.contains(IPAddress("fe80::1")!) == true)
        #expect(IPNetwork("fe80::/10")?.contains(IPAddress("fec0::1")!) == false)
        #expect(IPNetwork("0.0.0.0/0")?.contains(IPAddress("8.8.8.8")!) == true)
        #expect(IPNetwork("0.0.0.0/0")?.contains(IPAddress("::1")!) == false)
        for bad in ["", "10.0.0.0/33", "::/129", "10.0.0/8", "10.0.0.0/-1", "10.0.0.0/ 8", "host", "1.2.3.4/8/9"] {
            #expect(IPNetwork(bad) == nil, "\(bad)")
        }
    }

    @Test func aTrustedProxySharesTheLimitOutByClient() {
        let service = AccessFixture.service(mode: .off, rate: 1, burst: 1, trustedProxies: "10.0.0.0/8",
                                            clock: ManualClock())
        func status(_ peer: String, _ forwardedFor: String) -> Int {
            service.respond(to: request("POST", "/v1/chart", headers: [("X-Forwarded-For", forwardedFor)],
                                        body: AccessFixture.spec, peer: peer)).status
        }
        #expect(status("10.0.0.1", "198.51.100.1") == 200)
        #expect(status("10.0.0.2", "198.51.100.2") == 200)
        #expect(status("10.0.0.1", "198.51.100.1") == 429)
        // Rotating a forged X-Forwarded-For from an untrusted peer gains nothing.
        #expect(status("203.0.113.5", "1.1.1.1") == 200)
        #expect(status("203.0.113.5", "2.2.2.2") == 429)
        // Nor does prepending forged hops behind a trusted proxy.
        #expect(status("10.0.0.1", "9.9.9.9, 198.51.100.2") == 429)
    }
}

/// The per-client share of the render queue follows the same identity as the rate limits.
struct AdmissionKeyTests {
    @Test func behindATrustedProxyEachForwardedClientHasItsOwnShare() {
        let service = AccessFixture.service(mode: .off, trustedProxies: "10.0.0.0/8")
        func key(_ peer: String, _ forwarded: String?) -> String {
            service.admissionKey(for: request("POST", "/v1/chart", headers: forwarded.map { [("X-Forwarded-For", $0)] }
                ?? [], body: AccessFixture.spec, peer: peer))
        }
        #expect(key("10.1.2.3", "198.51.100.1") == "198.51.100.1")
        #expect(key("10.1.2.3", "198.51.100.2") == "198.51.100.2")
        #expect(key("203.0.113.9", "198.51.100.1") == "203.0.113.9")  // an untrusted peer's header is ignored
        let direct = AccessFixture.service(mode: .off)
        #expect(direct.admissionKey(for: request("GET", "/v1/chart", headers: [("X-Forwarded-For", "1.2.3.4")],
                                                 peer: "203.0.113.9")) == "203.0.113.9")
    }

    @Test func anAuthenticatedRequestCountsAgainstItsKey() {
        let service = AccessFixture.service()
        let signed = request("POST", "/v1/chart", headers: [("X-API-Key", AccessFixture.alphaSecret)],
                             body: AccessFixture.spec, peer: "203.0.113.9")
        #expect(service.admissionKey(for: signed) == "key alpha")
        let anonymous = request("POST", "/v1/chart", body: AccessFixture.spec, peer: "203.0.113.9")
        #expect(service.admissionKey(for: anonymous) == "203.0.113.9")
    }
}
