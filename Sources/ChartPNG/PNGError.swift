/// Why a pixmap could not be encoded (libpng's own message when it refused).
public struct PNGError: Error, Hashable, Sendable, CustomStringConvertible {
    public let message: String

    init(_ message: String) {
        self.message = message
    }

    public var description: String { "PNG encoding failed: \(message)" }
}
