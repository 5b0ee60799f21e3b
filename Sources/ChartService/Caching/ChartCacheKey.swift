import ChartCrypto
public import ChartSpec

/// A SHA-256 content hash identifying one rendered image: spec, format choice and renderer version.
/// Stable across processes and machines (unlike `Hasher`, which is seeded per process), so it can be an ETag; and
/// collision resistant, so no client can make its request share a key with another's image (FNV-1a, used before,
/// could be collided in seconds — `CacheKeyCollisionTests` keeps such a pair).
public struct ChartCacheKey: Hashable, Sendable, CustomStringConvertible {
    /// The digest as four big-endian words (word 0 holds the first eight digest bytes).
    public var words: (UInt64, UInt64, UInt64, UInt64)

    public init(words: (UInt64, UInt64, UInt64, UInt64)) {
        self.words = words
    }

    /// The key of a 32-byte digest.
    init(digest: [UInt8]) {
        func word(_ index: Int) -> UInt64 {
            digest[(index * 8)..<(index * 8 + 8)].reduce(0) { $0 << 8 | UInt64($1) }
        }
        words = (word(0), word(1), word(2), word(3))
    }

    public static func == (a: ChartCacheKey, b: ChartCacheKey) -> Bool {
        a.words.0 == b.words.0 && a.words.1 == b.words.1 && a.words.2 == b.words.2 && a.words.3 == b.words.3
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
    }

    /// The strong entity tag, quoted (RFC 9110 §8.8.3): the first 128 bits of the digest in hex. Any two
    /// distinct charts still differ there unless someone finds a SHA-256 prefix collision (2^64 work), and the
    /// tag stays as short as it was.
    public var etag: String { "\"\(hex(words.0))\(hex(words.1))\"" }

    /// The whole digest in hex.
    public var description: String { hex(words.0) + hex(words.1) + hex(words.2) + hex(words.3) }

    private func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The one place that decides what identifies a chart: the spec, the resolved output format (and whether it is
    /// sent as a data URI) and the renderer version.
    ///
    /// The spec is identified by its canonical JSON, so whitespace, key order, number and color spelling and
    /// spelled-out defaults do not matter; `format` is the resolved one (after `?format=`, spec and `Accept`). A data
    /// URI of a format is `<format>;base64` (no format name has a `;`), so it has an ETag of its own.
    public static func forChart(spec: ChartSpec, format: OutputFormat, dataURI: Bool = false,
                                rendererVersion: String) -> ChartCacheKey {
        let hasher = SHA256Hasher()
        let representation = format.rawValue + (dataURI ? ";base64" : "")
        hasher.update(Array("chart\u{0}\(rendererVersion)\u{0}\(representation)\u{0}".utf8))
        hasher.update(spec.canonicalJSON)
        return ChartCacheKey(digest: hasher.finalize())
    }
}

extension ChartCacheKey {
    /// Identifies a request before its spec is parsed: the raw body, `?format=`, the format `Accept` prefers,
    /// `?encoding=` and the renderer version. Only a memo key (see `ResolutionMemo`), never an ETag.
    static func forRequest(json: [UInt8], override: OutputFormat?, accepted: OutputFormat, dataURI: Bool,
                           rendererVersion: String) -> ChartCacheKey {
        let hasher = SHA256Hasher()
        let prefix = "request\u{0}\(rendererVersion)\u{0}\(override?.rawValue ?? "-")\u{0}\(accepted.rawValue)\u{0}"
            + (dataURI ? "base64" : "binary") + "\u{0}"
        hasher.update(Array(prefix.utf8))
        hasher.update(json)
        return ChartCacheKey(digest: hasher.finalize())
    }

    /// Identifies a `/chart` request before it is parsed: the route, where its parameters are (`query` for GET and
    /// HEAD, `body` for POST) and those raw bytes, which hold every parameter and the config; and the renderer
    /// version. Only a memo key (see `ResolutionMemo`), never an ETag.
    static func forQuickChartRequest(_ raw: [UInt8], inBody: Bool, rendererVersion: String) -> ChartCacheKey {
        let hasher = SHA256Hasher()
        hasher.update(Array("quickchart\u{0}/chart\u{0}\(rendererVersion)\u{0}\(inBody ? "body" : "query")\u{0}".utf8))
        hasher.update(raw)
        return ChartCacheKey(digest: hasher.finalize())
    }
}
