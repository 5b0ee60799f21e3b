/// Size limits the parser enforces while reading, so no input can make it allocate without bound.
public struct HTTPParserLimits: Hashable, Sendable {
    /// Request line plus header section, in bytes; more is 431.
    public var maxHeaderBytes: Int = 16 * 1024
    /// Number of header fields; more is 431.
    public var maxHeaderCount: Int = 100
    /// Decoded body bytes; more is 413, detected from `Content-Length` before any body is read.
    public var maxBodyBytes: Int = 2 * 1024 * 1024
    /// One chunk-size line (with extensions); longer is 400.
    public var maxChunkLineBytes: Int = 1024

    public init(maxHeaderBytes: Int = 16 * 1024, maxHeaderCount: Int = 100, maxBodyBytes: Int = 2 * 1024 * 1024) {
        self.maxHeaderBytes = maxHeaderBytes
        self.maxHeaderCount = maxHeaderCount
        self.maxBodyBytes = maxBodyBytes
    }
}
