import ChartRender
import HTTPServer
import Testing
@testable import ChartService

/// The cache-poisoning regression: two valid specs, values rising and falling, whose request keys collided under
/// the FNV-1a-128 hash the service used before (built with lattice reduction in about a second). With that hash,
/// whichever was requested first was served for both, with its ETag, also to `GET ?c=` (cached `immutable`).
struct CacheKeyCollisionTests {
    static let rising = #"{"series":[{"values":[1,2,3,4,5]}],"title":"rising-70AA001103A0ATP914000A0ADQB2000g"}"#
    static let falling =
        #"{"series":[{"values":[5,4,3,2,1]}],"title":"falling-mqNFS9wyL4AwC3510q33JB0EB2MrP6Zh"}"#
    static let version = "collision-test"

    /// FNV-1a with the 128-bit parameters, exactly as the old memo key applied it; kept here only to prove the
    /// pair really collides, so this test cannot silently stop testing anything.
    static func oldRequestKey(_ body: String) -> UInt128 {
        var value: UInt128 = 0x6C62_272E_07BB_0142_62B8_2175_6295_C58D
        for byte in Array("request\u{0}\(version)\u{0}-\u{0}svg\u{0}".utf8) + Array(body.utf8) {
            value ^= UInt128(byte)
            value &*= (1 << 88) | 0x13B
        }
        return value
    }

    @Test func thePairCollidedUnderTheOldHash() {
        #expect(Self.oldRequestKey(Self.rising) == Self.oldRequestKey(Self.falling))
        #expect(Self.rising != Self.falling)
    }

    @Test func collidingSpecsGetTheirOwnImagesAndETags() throws {
        var configuration = ChartServiceConfiguration()
        configuration.rendererVersion = Self.version
        let service = ChartService(configuration: configuration, renderer: FakeRenderer())
        let first = service.respond(to: request("POST", "/v1/chart", body: Self.rising))
        let second = service.respond(to: request("POST", "/v1/chart", body: Self.falling))
        #expect(first.status == 200 && second.status == 200)
        #expect(first.text == "svg:" + Self.rising)
        #expect(second.text == "svg:" + Self.falling)
        #expect(first.headers["ETag"] != second.headers["ETag"])
        // The embeddable GET form, answered from the memo and the cache on the I/O thread when it can be.
        let c = Base64URL.encode(Array(Self.falling.utf8))
        let viaGet = try #require(service.respondWithoutBlocking(to: request("GET", "/v1/chart?c=\(c)"))
            ?? Optional(service.respond(to: request("GET", "/v1/chart?c=\(c)"))))
        #expect(viaGet.text == "svg:" + Self.falling)
        #expect(viaGet.headers["ETag"] == second.headers["ETag"])
    }
}
