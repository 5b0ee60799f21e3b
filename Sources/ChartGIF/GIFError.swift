/// Why frames could not be encoded as GIF.
public struct GIFError: Error, Hashable, Sendable, CustomStringConvertible {
    public let message: String

    init(_ message: String) {
        self.message = message
    }

    public var description: String { "GIF encoding failed: \(message)" }
}
