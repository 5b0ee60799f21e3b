/// Why a pixmap could not be encoded as JPEG (libjpeg's own message when it refused).
public struct JPEGError: Error, Hashable, Sendable, CustomStringConvertible {
    public let message: String

    init(_ message: String) {
        self.message = message
    }

    public var description: String { "JPEG encoding failed: \(message)" }
}
