import ChartRender
import ChartSpec
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import HTTPServer
import Testing
@testable import ChartService

struct AuthenticationTests {
    let clock = ManualClock()
    let service: ChartService

    init() {
        service = AccessFixture.service(clock: clock)
    }

    func post(_ headers: [(String, String)]) -> HTTPResponse {
        service.respond(to: request("POST", "/v1/chart", headers: headers, body: AccessFixture.spec))
    }

    /// (headers, key id that must be charged, or nil for a 401 with `invalid_token`…).
    static let bearerCases: [([(String, String)], String?)] = [
        ([("Authorization", "Bearer " + AccessFixture.alphaSecret)], "alpha"),
        ([("Authorization", "bearer   " + AccessFixture.betaSecret + " ")], "beta"),
        ([("X-API-Key", AccessFixture.alphaSecret)], "alpha"),
        ([("X-API-Key", " " + AccessFixture.betaSecret)], "beta"),
        ([("Authorization", "Bearer " + AccessFixture.alphaSecret + "x")], nil),
        ([("Authorization", "Bearer " + AccessFixture.alphaSecret.dropLast())], nil),
        ([("Authorization", "Bearer ")], nil),
        ([("Authorization", "Basic " + AccessFixture.alphaSecret)], nil),
        ([("Authorization", AccessFixture.alphaSecret)], nil),
        ([("X-API-Key", "alpha")], nil),
        // A bad Authorization is not rescued by a good X-API-Key: one credential, the first kind found.
        ([("Authorization", "Bearer nope"), ("X-API-Key", AccessFixture.alphaSecret)], nil),
    ]

    @Test(arguments: bearerCases)
    func bearerAndAPIKeyHeaders(headers: [(String, String)], key: String?) {
        let response = post(headers)
        if let key {
            #expect(response.status == 200)
            #expect(response.logFields.contains { $0 == ("key", key) })
        } else {
            #expect(response.status == 401)
            #expect(response.headers["Content-Type"] == "application/problem+json")
            #expect(response.headers["WWW-Authenticate"] == #"Bearer realm="chartd", error="invalid_token""#)
        }
    }

    @Test func everyKeyOfManyIsFoundByItsSecretAndNoOther() {
        let keys = (0..<200).map {
            AccessKey(id: "k\($0)", secret: Array("secret-\($0)-0123456789abcdef0123456789".utf8))
        }
        let ring = KeyRing(keys: keys)
        for key in keys { #expect(ring.key(bearer: String(decoding: key.secret, as: UTF8.self))?.id == key.id) }
        #expect(ring.key(bearer: "secret-200-0123456789abcdef0123456789") == nil)
        #expect(KeyRing(keys: []).key(bearer: "anything") == nil)
    }

    @Test func noCredentialsIs401WithAChallenge() {
        for response in [post([]), service.respond(to: request("GET", "/v1/chart?c=" + AccessFixture.c)),
                         service.respond(to: request("HEAD", "/v1/chart?c=" + AccessFixture.c))] {
            #expect(response.status == 401)
            #expect(response.headers["WWW-Authenticate"] == #"Bearer realm="chartd""#)
            #expect(response.text.contains(#""type":"/problems/unauthorized""#))
            #expect(response.headers["Cache-Control"] == "no-store")
            #expect(response.text.contains("needs an API key"))
        }
        #expect(service.metrics.accessCounts().authFailures == ["missing_credentials": 3])
    }

    @Test func aGetMayUseABearerKeyToo() {
        let response = service.respond(to: request("GET", "/v1/chart?c=" + AccessFixture.c,
                                                   headers: [("Authorization", "Bearer " + AccessFixture.betaSecret)]))
        #expect(response.status == 200)
        #expect(response.logFields.contains { $0 == ("key", "beta") })
    }

    @Test func aPostCannotUseASignedURL() {
        // The signature covers the URL, not the body: a signed POST would authorize any spec.
        let target = AccessFixture.signed("/v1/chart?kid=alpha")
        let response = service.respond(to: request("POST", target, body: AccessFixture.spec))
        #expect(response.status == 401)
        #expect(response.text.contains("Authorization: Bearer"))
    }

    @Test func openRoutesStayOpen() {
        for path in ["/healthz", "/readyz", "/metrics", "/", "/openapi.yaml"] {
            #expect(service.check(request("GET", path).head) == nil, "\(path)")
            let response = service.respond(to: request("GET", path))
            #expect(response.status != 401 && response.status != 403, "\(path)")
        }
        // A CORS preflight carries no credentials, by design.
        let preflight = service.respond(to: request("OPTIONS", "/v1/chart", headers: [
            ("Origin", "https://a.example"), ("Access-Control-Request-Method", "POST")]))
        #expect(preflight.status != 401 && preflight.status != 403)
        #expect(service.metrics.accessCounts().authFailures.isEmpty)
    }

    @Test func checkRefusesBeforeTheBodyIsRead() throws {
        let refused = try #require(service.check(request("POST", "/v1/chart", body: AccessFixture.spec).head))
        #expect(refused.status == 401)
        let good = request("POST", "/v1/chart", headers: [("X-API-Key", AccessFixture.alphaSecret)],
                           body: AccessFixture.spec)
        #expect(service.check(good.head) == nil)
    }

    @Test func theFastPathCannotBypassAuthentication() throws {
        let target = "/v1/chart?c=" + AccessFixture.c
        let bearer = [("Authorization", "Bearer " + AccessFixture.alphaSecret)]
        // Prime the resolution memo and the image cache with an authenticated request.
        #expect(service.respond(to: request("GET", target, headers: bearer)).status == 200)
        let hit = try #require(service.respondWithoutBlocking(to: request("GET", target, headers: bearer)))
        #expect(hit.status == 200 && hit.logFields.contains { $0 == ("cache", "hit") })
        #expect(hit.logFields.contains { $0 == ("key", "alpha") })

        let anonymous = try #require(service.respondWithoutBlocking(to: request("GET", target)))
        #expect(anonymous.status == 401 && anonymous.body != hit.body)
        let forged = try #require(service.respondWithoutBlocking(to: request(
            "GET", target + "&kid=alpha&sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")))
        #expect(forged.status == 403)
        let etag = try #require(hit.headers["ETag"])
        let conditional = try #require(service.respondWithoutBlocking(to: request(
            "GET", target, headers: [("If-None-Match", etag)])))
        #expect(conditional.status == 401)
    }

    @Test func metricsCountFailuresByReasonAndRequestsByKeyID() {
        _ = post([("X-API-Key", "wrong")])
        let ok = post([("X-API-Key", AccessFixture.alphaSecret)])
        service.didRespond(HTTPLogEntry(method: "POST", path: "/v1/chart", status: ok.status, bytes: 0,
                                        durationNanoseconds: 0, requestID: "t", fields: ok.logFields))
        let text = service.metrics.prometheusText(cache: service.cache.statistics)
        #expect(text.contains(#"chartd_auth_failures_total{reason="bad_key"} 1"#))
        #expect(text.contains(#"chartd_requests_by_key_total{key="alpha"} 1"#))
        #expect(text.contains("# TYPE chartd_rate_limited_total counter"))
        #expect(!text.contains(AccessFixture.alphaSecret))
    }
}

struct SignedURLTests {
    let clock = ManualClock()
    let service: ChartService
    var now: Int64 { clock.unixSeconds() }

    init() {
        service = AccessFixture.service(clock: clock)
    }

    func get(_ target: String) -> HTTPResponse {
        service.respond(to: request("GET", target))
    }

    var good: String { AccessFixture.signed("/v1/chart?c=\(AccessFixture.c)&format=png&kid=alpha&exp=\(now + 60)") }

    @Test func aSignedURLRendersWithItsKey() {
        let response = get(good)
        #expect(response.status == 200)
        #expect(response.text.hasPrefix("png:"))
        #expect(response.logFields.contains { $0 == ("key", "alpha") })
        #expect(response.headers["Cache-Control"] == "public, max-age=31536000, immutable")
        // Without exp the URL never expires.
        #expect(get(AccessFixture.signed("/v1/chart?c=\(AccessFixture.c)&kid=beta",
                                         secret: AccessFixture.betaSecret)).status == 200)
    }

    /// A tampered signed URL: what was changed, the tampering, and the failure reason it must get.
    static let tamperings: [(String, @Sendable (String) -> String, AuthFailure)] = [
        ("format", { $0.replacingFirst("format=png", with: "format=svg") }, .badSignature),
        ("c", { $0.replacingFirst("c=ey", with: "c=eX") }, .badSignature),
        ("exp", { $0.replacingFirst("&exp=18", with: "&exp=19") }, .badSignature),
        ("kid", { $0.replacingFirst("kid=alpha", with: "kid=beta") }, .badSignature),
        ("unknown kid", { $0.replacingFirst("kid=alpha", with: "kid=gamma") }, .unknownKeyID),
        ("reordered", { reorder($0) }, .badSignature),
        ("sig", { String($0.dropLast(2)) + ($0.hasSuffix("AA") ? "BA" : "AA") }, .badSignature),
        ("sig truncated", { String($0.dropLast()) }, .badSignature),
        ("sig not base64url", { $0 + "*" }, .badSignature),
        ("param added before sig", { $0.replacingFirst("&sig=", with: "&scale=2&sig=") }, .badSignature),
        ("param after sig", { $0 + "&format=svg" }, .signatureNotLast),
        ("empty param after sig", { $0 + "&" }, .signatureNotLast),
        ("sig not last", { moveSigFirst($0) }, .signatureNotLast),
        ("two sigs", { $0 + "&sig=x" }, .signatureNotLast),
        ("encoded sig name", { $0.replacingFirst("c=", with: "%73ig=1&c=") }, .signatureNotLast),
        ("no kid", { $0.replacingFirst("&kid=alpha", with: "") }, .malformedSignedURL),
        ("two kids", { $0.replacingFirst("&kid=alpha", with: "&kid=alpha&kid=alpha") }, .malformedSignedURL),
    ]

    static func reorder(_ url: String) -> String {
        // format=png&kid=alpha → kid=alpha&format=png, leaving the rest (and the signature) alone.
        url.replacingFirst("format=png&kid=alpha", with: "kid=alpha&format=png")
    }

    static func moveSigFirst(_ url: String) -> String {
        guard let range = url.range(of: "&sig=") else { return url }
        let sig = url[range.upperBound...]
        return String(url[..<range.lowerBound]).replacingFirst("?", with: "?sig=\(sig)&")
    }

    @Test(arguments: tamperings)
    func tamperingIsRefused(what: String, tamper: @Sendable (String) -> String, reason: AuthFailure) {
        let target = tamper(good)
        #expect(target != good, "the tampering changed nothing")
        let response = get(target)
        #expect(response.status == 403)
        #expect(response.headers["Content-Type"] == "application/problem+json")
        #expect(response.headers["WWW-Authenticate"] == nil)
        #expect(response.headers["Cache-Control"] == "no-store")
        #expect(service.metrics.accessCounts().authFailures == [reason.rawValue: 1])
    }

    @Test func queriesSplitOnBytes() throws {
        func bytes(_ text: String) -> ArraySlice<UInt8> { Array(text.utf8)[...] }
        func text(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
        let items = SignedURL.items(bytes("a=1&b&=x&c=&d=e=f&&%6Bid=k"))
        #expect(items.map { text($0.name) } == ["a", "b", "", "c", "d", "", "%6Bid"])
        #expect(items.map { $0.value.map(text) } == ["1", nil, "x", "", "e=f", nil, "k"])
        #expect(SignedURL.values(of: "kid", in: bytes("kid=a&%6Bid=b%20c&kidd=x"))
            == [Array("a".utf8), Array("b c".utf8)])
        #expect(SignedURL.values(of: "kid", in: bytes("kid=%zz")) == nil)
        let parts = try #require(try? SignedURL.split(bytes("c=1&kid=a&sig=xyz")).get())
        #expect(text(parts.signed) == "c=1&kid=a" && text(parts.signature) == "xyz")
    }

    @Test func theProblemSaysWhichCheckFailed() {
        let bad = get(good.replacingFirst("format=png", with: "format=svg"))
        #expect(bad.text.contains(#""type":"/problems/bad-signature""#))
        #expect(bad.text.contains("the signature does not match the URL"))
        let notLast = get(good + "&x=1")
        #expect(notLast.text.contains("sig must be the last query parameter"))
        let unknown = get(AccessFixture.signed("/v1/chart?c=\(AccessFixture.c)&kid=zeta"))
        #expect(unknown.text.contains(#""type":"/problems/unknown-key-id""#))
        #expect(!unknown.text.contains("zeta"))
    }

    @Test func expiresAfterExp() {
        let target = good
        #expect(get(target).status == 200)
        clock.advance(60)
        #expect(get(target).status == 200, "exp itself is still valid")
        clock.advance(1)
        let expired = get(target)
        #expect(expired.status == 403)
        #expect(expired.text.contains(#""type":"/problems/expired-url""#))
        #expect(expired.text.contains("expired at 2027-01-15T08:01:00Z (exp=1800000060)"))
        #expect(service.metrics.accessCounts().authFailures == ["expired": 1])
    }

    @Test func anExpThatIsNotWholeSecondsIsRefused() {
        for exp in ["soon", "-1", "1.5", "99999999999999999999"] {
            let response = get(AccessFixture.signed("/v1/chart?c=\(AccessFixture.c)&kid=alpha&exp=\(exp)"))
            #expect(response.status == 403, "\(exp)")
            #expect(response.text.contains("exp must be whole seconds"), "\(exp)")
        }
    }

    @Test func theSignatureIsOverThePathAndTheQueryAsSent() {
        // Percent-encoding is signed as sent: the same spec encoded differently is a different URL.
        let spec = "/v1/chart?spec=%7B%22series%22%3A%5B%7B%22values%22%3A%5B1%5D%7D%5D%7D&kid=alpha"
        let target = AccessFixture.signed(spec)
        #expect(get(target).status == 200)
        #expect(get(target.replacingFirst("%7B%22series", with: "%7b%22series")).status == 403)
        // A known vector, so clients in other languages can check their code against it.
        #expect(SignedURL.signature(secret: Array("k".utf8), message: "/v1/chart?kid=a")
            == Base64URL.encode(HMACSHA256Vector.kidA))
    }
}

/// HMAC-SHA256("k", "/v1/chart?kid=a"), computed with `openssl dgst -sha256 -hmac k`.
enum HMACSHA256Vector {
    static let kidA: [UInt8] = hex("1ee5991b0301fa400dc24bf0bb6af78aefbf125120cc0ad585f297a2a5ec199f")

    static func hex(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        while let high = iterator.next(), let low = iterator.next() {
            out.append(UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) ?? 0)
        }
        return out
    }
}

extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}

struct KeyReloadTests {
    @Test func reloadSwapsKeysAndKeepsThemWhenTheNewFileIsBad() throws {
        let path = temporaryPath("keys")
        defer { unlink(path) }
        writeFile(path, "old \(AccessFixture.alphaSecret)\n")
        var configuration = ChartServiceConfiguration()
        configuration.access.mode = .keys
        configuration.access.keysFile = path
        let service = ChartService(configuration: configuration, renderer: FakeRenderer(), clock: ManualClock())
        func status(_ secret: String) -> Int {
            service.respond(to: request("POST", "/v1/chart", headers: [("X-API-Key", secret)],
                                        body: AccessFixture.spec)).status
        }
        #expect(status(AccessFixture.alphaSecret) == 401, "no keys before the first load")
        #expect(try service.access.reloadKeys() == 1)
        #expect(status(AccessFixture.alphaSecret) == 200)

        writeFile(path, "new \(AccessFixture.betaSecret)\n")
        #expect(try service.access.reloadKeys() == 1)
        #expect(status(AccessFixture.alphaSecret) == 401)
        #expect(status(AccessFixture.betaSecret) == 200)
        #expect(service.access.keyIDs == ["new"])

        writeFile(path, "new \(AccessFixture.betaSecret)\nbroken short\n")
        #expect {
            try service.access.reloadKeys()
        } throws: { error in
            "\(error)" == "\(path): line 2: the secret of key broken is 5 characters; it must be at least 32"
        }
        #expect(status(AccessFixture.betaSecret) == 200, "a bad file keeps the keys in use")

        unlink(path)
        #expect(throws: AccessControl.KeysFileError.self) { try service.access.reloadKeys() }
        #expect(status(AccessFixture.betaSecret) == 200)
    }

    @Test func theOptionsNeedAKeysFileForKeys() throws {
        #expect(throws: ChartdOptions.Invalid(description: "--auth keys needs --keys-file (or KEYS_FILE)")) {
            try ChartdOptions.parse(arguments: ["--auth", "keys"], environment: [:])
        }
        let options = try ChartdOptions.parse(
            arguments: ["--auth=keys", "--rate", "2.5", "--burst", "10", "--trusted-proxies", "10.0.0.0/8, ::1"],
            environment: ["KEYS_FILE": "/etc/chartd/keys"])
        #expect(options.service.access.mode == .keys && options.service.access.keysFile == "/etc/chartd/keys")
        #expect(options.service.access.rate == 2.5 && options.service.access.burst == 10)
        #expect(options.service.access.trustedProxies.map(\.description) == ["10.0.0.0/8", "::1/128"])
        for bad in [["--auth", "on"], ["--rate", "-1"], ["--burst", "0"], ["--trusted-proxies", "10.0.0.0/8,nope"]] {
            #expect(throws: ChartdOptions.Invalid.self) { try ChartdOptions.parse(arguments: bad, environment: [:]) }
        }
        #expect(try ChartdOptions.parse(arguments: [], environment: [:]).service.access.mode == .off)
    }
}
