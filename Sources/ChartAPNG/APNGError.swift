/// Why frames could not be encoded as APNG.
public struct APNGError: Error, Hashable, Sendable, CustomStringConvertible {
    public let message: String

    init(_ message: String) {
        self.message = message
    }

    public var description: String { "APNG encoding failed: \(message)" }
}
