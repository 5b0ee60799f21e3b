/// The nesting guard both parsers apply on entering an array or object, so hostile nesting (`[[[[…`) fails fast
/// instead of overflowing the stack of a recursive-descent parser. The limit is `JSONParser.maxDepth`.
enum NestingDepth {
    /// Throws when `depth` (1 for the outermost container) exceeds the limit; `offset` is the container's start.
    @inline(__always)
    static func enter(_ depth: Int, at offset: Int) throws(JSONScanner.Failure) {
        if depth > JSONParser.maxDepth {
            throw JSONScanner.Failure(offset: offset, message: "nesting deeper than \(JSONParser.maxDepth) levels")
        }
    }
}
