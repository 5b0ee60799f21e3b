/// Why a pixmap could not be encoded as WebP (libwebp's error code, in words).
public struct WebPError: Error, Hashable, Sendable, CustomStringConvertible {
    public let message: String

    init(_ message: String) {
        self.message = message
    }

    public var description: String { "WebP encoding failed: \(message)" }
}
