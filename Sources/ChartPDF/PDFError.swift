/// Why `PDFWriter.write` produced no document.
public struct PDFError: Error, CustomStringConvertible, Equatable, Sendable {
    public enum Reason: Equatable, Sendable {
        /// The scene's width or height is not a positive finite number.
        case invalidPageSize
        /// The document passed `PDFWriter.maxBytes` (`bytes` written when the writer stopped, at least).
        case tooLarge(bytes: Int)
        /// The cancellation check fired while writing.
        case cancelled
    }

    public let reason: Reason

    public init(_ reason: Reason) {
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .invalidPageSize: "the chart's width and height must be positive for a PDF page"
        case .tooLarge(let bytes): "the PDF passed its size limit (\(bytes) bytes written)"
        case .cancelled: "writing the PDF was cancelled"
        }
    }
}
