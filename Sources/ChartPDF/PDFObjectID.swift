/// The number of an indirect object of a PDF file (generation always 0: we never update a file in place).
struct PDFObjectID: Hashable {
    let number: Int

    /// The reference to the object, `N 0 R`.
    var reference: String { "\(number) 0 R" }
}
