/// Why a scene could not be rasterized. Thrown before any pixel memory is allocated.
public struct RasterError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A readable explanation naming the offending value.
    public let message: String

    init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
