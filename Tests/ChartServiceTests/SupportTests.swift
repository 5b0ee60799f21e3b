import ChartCrypto
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ChartRender
import ChartSpec
import HTTPServer
import Testing
@testable import ChartService

struct ChartCacheTests {
    func chart(_ size: Int) -> RenderedChart { RenderedChart(bytes: [UInt8](repeating: 1, count: size), format: .svg) }
    func key(_ n: UInt64) -> ChartCacheKey { ChartCacheKey(words: (0, n, 0, 0)) }

    @Test func evictsLeastRecentlyUsedToStayWithinBytes() {
        let cache = ChartCache(capacity: 400)
        for n: UInt64 in 1...4 { cache.put(key(n), chart(100)) }
        #expect(cache.get(key(1)) != nil)  // 1 is now the most recent; 2 is the oldest
        cache.put(key(5), chart(100))
        #expect(cache.get(key(2)) == nil)
        for n in [1, 3, 4, 5] as [UInt64] { #expect(cache.get(key(n)) != nil) }
        let statistics = cache.statistics
        #expect(statistics.bytes == 400 && statistics.entries == 4 && statistics.evictions == 1)
    }

    @Test func skipsImagesLargerThanAQuarterOfTheCapacity() {
        let cache = ChartCache(capacity: 400)
        cache.put(key(1), chart(101))
        #expect(cache.get(key(1)) == nil)
        #expect(cache.statistics.bytes == 0)
    }

    @Test func replacingAnEntryKeepsTheByteCountRight() {
        let cache = ChartCache(capacity: 400)
        cache.put(key(1), chart(50))
        cache.put(key(1), chart(80))
        #expect(cache.statistics.bytes == 80 && cache.statistics.entries == 1)
        #expect(cache.get(key(1))?.bytes.count == 80)
    }
}

struct ResolutionMemoTests {
    func key(_ n: UInt64) -> ChartCacheKey { ChartCacheKey(words: (1, n, 0, 0)) }
    func value(_ n: UInt64) -> ChartResolution {
        ChartResolution(key: ChartCacheKey(words: (2, n, 0, 0)), format: .svg, variesWithAccept: false)
    }

    @Test func keepsRecentEntriesWithinTwoGenerations() {
        let memo = ResolutionMemo(capacity: 2)
        memo.put(key(1), value(1))
        memo.put(key(2), value(2))
        memo.put(key(3), value(3))  // {1, 2} become the old generation
        #expect(memo.get(key(1)) == value(1))  // promoted into the current one: {3, 1}
        memo.put(key(4), value(4))  // {3, 1} old, {4} current; 2 is dropped
        #expect(memo.get(key(2)) == nil)
        for n: UInt64 in [1, 3, 4] { #expect(memo.get(key(n)) == value(n)) }
    }
}

struct HashingTests {
    /// The key is SHA-256 (known-answer tested in ChartCryptoTests) of its documented, domain-separated input.
    @Test func chartKeyIsTheSHA256OfVersionFormatAndCanonicalSpec() {
        let spec = ChartSpec()
        let key = ChartCacheKey.forChart(spec: spec, format: .png, rendererVersion: "v1")
        let digest = SHA256Hasher.hash(Array("chart\u{0}v1\u{0}png\u{0}".utf8) + spec.canonicalJSON)
        #expect(key == ChartCacheKey(digest: digest))
        #expect(key.description == digest.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16)
                                                                                   : String($0, radix: 16) }.joined())
        #expect(key.etag == "\"" + key.description.prefix(32) + "\"")
    }

    @Test func etagIsStableAcrossProcessesAndQuoted() {
        func key(_ format: OutputFormat) -> ChartCacheKey {
            ChartCacheKey.forChart(spec: ChartSpec(), format: format, rendererVersion: "v")
        }
        #expect(key(.svg).etag.count == 34)
        // A fixed function of the input: the same value in every process, on every machine.
        #expect(key(.svg) == key(.svg))
        #expect(key(.svg) != key(.png))
    }

    /// `quality` identifies a WebP or JPEG (it changes their bytes) and nothing else: the same SVG or PNG asked for
    /// with any quality is one cache entry.
    @Test func qualityIsPartOfTheKeyOnlyWhereItIsUsed() throws {
        let plain = try ChartSpec.parse(Array(#"{"series": [{"values": [1, 2]}]}"#.utf8))
        var lossy = plain
        lossy.quality = 60
        func key(_ spec: ChartSpec, _ format: OutputFormat) -> ChartCacheKey {
            ChartCacheKey.forChart(spec: spec, format: format, rendererVersion: "v")
        }
        for format in [OutputFormat.svg, .png, .smil, .json] { #expect(key(plain, format) == key(lossy, format)) }
        for format in [OutputFormat.webp, .jpeg] { #expect(key(plain, format) != key(lossy, format)) }
    }
}

struct EncodingTests {
    @Test(arguments: ["", "f", "fo", "foo", "foob", "fooba", "foobar", "{\"a\":[1,2,3]}\u{00FF}"])
    func base64URLRoundTrips(text: String) {
        #expect(Base64URL.decode(Array(Base64URL.encode(Array(text.utf8)).utf8)) == Array(text.utf8))
    }

    @Test func base64URLAcceptsPaddingAndRejectsOtherAlphabets() {
        #expect(Base64URL.decode(Array("Zm9vYg==".utf8)) == Array("foob".utf8))
        #expect(Base64URL.decode(Array("-_8".utf8)) == [0xFB, 0xFF])
        #expect(Base64URL.decode(Array("+/8".utf8)) == nil)
        #expect(Base64URL.decode(Array("Z".utf8)) == nil)
    }

    @Test func queryStringDecodesPercentAndPlus() throws {
        let query = try QueryString("a=1%202&b=x+y&empty=&flag&a=2")
        #expect(query["a"] == Array("1 2".utf8))
        #expect(query["b"] == Array("x y".utf8))
        #expect(query["empty"] == [])
        #expect(query["flag"] == [])
        #expect(query.count(of: "a") == 2)
        #expect(throws: QueryString.DecodingError.self) { try QueryString("a=%2") }
    }

    /// Split as bytes: empty items are skipped, only the first `=` separates, and multi-byte characters (raw or
    /// escaped, even ones whose grapheme would swallow a following `&` as text would not) stay intact.
    @Test func queryStringSplitsOnBytes() throws {
        let query = try QueryString("&&n=%C3%A9&raw=é&eq=a=b&=nameless&e\u{301}=accent&&")
        #expect(query["n"] == Array("é".utf8))
        #expect(query["raw"] == Array("é".utf8))
        #expect(query["eq"] == Array("a=b".utf8))
        #expect(query[""] == Array("nameless".utf8))
        #expect(query["e\u{301}"] == Array("accent".utf8))
        #expect(query.pairs.count == 5)
        #expect(throws: QueryString.DecodingError.self) { try QueryString("ok=1&bad%zz=2") }
    }
}

struct ChartdOptionsTests {
    @Test func defaults() throws {
        let options = try ChartdOptions.parse(arguments: [], environment: [:])
        #expect(options.server.port == 8080)
        #expect(options.server.host == "0.0.0.0")
        #expect(options.server.limits.maxBodyBytes == 2 * 1024 * 1024)
        #expect(options.service.corsOrigins.isEmpty)
        #expect(options.service.assetsDirectory == ".")
    }

    @Test func flagsOverrideEnvironment() throws {
        let options = try ChartdOptions.parse(
            arguments: ["--port=9000", "--workers", "3", "--cors-origins", "https://a.example, https://b.example"],
            environment: ["PORT": "7000", "HOST": "127.0.0.1", "HEADER_TIMEOUT": "2.5", "MAX_BODY_BYTES": "1024",
                          "ASSETS_DIR": "/srv"])
        #expect(options.server.port == 9000)
        #expect(options.server.host == "127.0.0.1")
        #expect(options.server.workers == 3)
        #expect(options.server.headerTimeout == .milliseconds(2500))
        #expect(options.server.limits.maxBodyBytes == 1024)
        #expect(options.service.corsOrigins == ["https://a.example", "https://b.example"])
        #expect(options.service.assetsDirectory == "/srv")
    }

    @Test(arguments: [["--port", "99999"], ["--port", "x"], ["--workers", "0"], ["--bogus"], ["--port"],
                      ["--header-timeout", "-1"], ["--access-log", "maybe"]])
    func rejectsBadValues(arguments: [String]) {
        #expect(throws: ChartdOptions.Invalid.self) { try ChartdOptions.parse(arguments: arguments, environment: [:]) }
    }

    @Test func helpListsEveryFlagAndVariable() throws {
        #expect(try ChartdOptions.parse(arguments: ["--help"], environment: [:]).showHelp)
        for (flag, variable) in [("--port", "PORT"), ("--host", "HOST"), ("--workers", "WORKERS"),
                                 ("--cors-origins", "CORS_ORIGINS"), ("--assets", "ASSETS_DIR"),
                                 ("--max-body-bytes", "MAX_BODY_BYTES"), ("--header-timeout", "HEADER_TIMEOUT")] {
            #expect(ChartdOptions.help.contains("\(flag) <v>, \(variable) "))
        }
    }
}

struct StaticAssetsTests {
    /// Kept in memory between requests (they are answered on the I/O thread), read again once the file changes.
    @Test func aChangedFileIsReadAgain() throws {
        let directory = "/tmp/chartd-assets-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        #expect(mkdir(directory, 0o700) == 0)
        defer {
            unlink(directory + "/index.html")
            rmdir(directory)
        }
        func write(_ text: String) {
            let fd = open(directory + "/index.html", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            _ = text.utf8.withContiguousStorageIfAvailable { Glibc.write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }
        let assets = StaticAssets(directory: directory)
        write("first")
        #expect(assets.read("index.html") == Array("first".utf8))
        #expect(assets.read("index.html") == Array("first".utf8))
        write("second, longer")
        #expect(assets.read("index.html") == Array("second, longer".utf8))
        unlink(directory + "/index.html")
        #expect(assets.read("index.html") == nil)
    }
}
