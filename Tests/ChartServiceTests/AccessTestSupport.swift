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
import Synchronization
@testable import ChartService

/// A clock tests move by hand: monotonic seconds for token buckets, Unix seconds for `exp`.
final class ManualClock: AccessClock {
    private let state = Mutex((monotonic: 1000.0, unix: Int64(1_800_000_000)))

    func monotonicSeconds() -> Double { state.withLock { $0.monotonic } }
    func unixSeconds() -> Int64 { state.withLock { $0.unix } }

    /// Moves both clocks forward.
    func advance(_ seconds: Double) {
        state.withLock {
            $0.monotonic += seconds
            $0.unix += Int64(seconds.rounded(.down))
        }
    }
}

/// Parses with the real validator (so width, height, scale and series are real) but renders nothing: a few bytes
/// naming the format, so tests of costs need no rasterizer time.
struct ParsingRenderer: ChartRendering {
    func parse(json: [UInt8], renderingAs format: OutputFormat?) throws(SpecError) -> ChartSpec {
        try ChartSpec.parse(json, renderingAs: format)
    }

    func render(_ spec: ChartSpec, format: OutputFormat, options: RenderOptions) throws(RenderError) -> RenderedChart {
        RenderedChart(bytes: Array(format.rawValue.utf8), format: format)
    }
}

/// Keys and a service built around them, for the access tests.
enum AccessFixture {
    static let alphaSecret = "alpha-secret-0123456789abcdef0123456789"
    static let betaSecret = "beta-secret-ABCDEFGHIJKLMNOPQRSTUVWXYZ012"
    static let keysText = """
        alpha \(alphaSecret)
        beta \(betaSecret) rate=1/s burst=3
        """

    static let spec = #"{"series":[{"values":[1,2,3]}]}"#
    static var c: String { Base64URL.encode(Array(spec.utf8)) }

    /// A service with `--auth keys` and the two keys above (unless `keys` says otherwise).
    static func service(mode: AuthMode = .keys, rate: Double = 0, burst: Double? = nil,
                        trustedProxies: String = "", keys: String = keysText, clock: ManualClock = ManualClock(),
                        renderer: some ChartRendering = FakeRenderer()) -> ChartService {
        var configuration = ChartServiceConfiguration()
        configuration.access.mode = mode
        configuration.access.rate = rate
        configuration.access.burst = burst
        configuration.access.trustedProxies = IPNetwork.list(trustedProxies).networks ?? []
        let service = ChartService(configuration: configuration, renderer: renderer, clock: clock)
        service.access.install((try? AccessKeyFile.parse(keys)) ?? [])
        return service
    }

    /// `target` signed with `secret` (`&sig=` appended).
    static func signed(_ target: String, secret: String = alphaSecret) -> String {
        SignedURL.sign(target, secret: Array(secret.utf8))
    }
}

/// Builds a request from a peer address.
func request(_ method: String, _ target: String, headers: [(String, String)] = [], body: String = "",
             peer: String) -> HTTPRequest {
    let base = request(method, target, headers: headers, body: body)
    return HTTPRequest(head: base.head, body: base.body, id: base.id, peerAddress: peer)
}

/// A unique path in the temporary directory.
func temporaryPath(_ name: String) -> String {
    "/tmp/chartd-access-\(getpid())-\(UInt32.random(in: 0...UInt32.max))-\(name)"
}

/// Writes `text` to `path`, replacing it atomically (as an editor or a config tool would).
func writeFile(_ path: String, _ text: String) {
    let temporary = path + ".new"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard fd >= 0 else { return }
    _ = text.utf8.withContiguousStorageIfAvailable { write(fd, $0.baseAddress, $0.count) }
    close(fd)
    rename(temporary, path)
}
