#if canImport(FoundationXML)
import Foundation
import FoundationXML
#else
import Foundation
#endif

/// A parsed XML element, for inspecting written documents in tests.
final class ParsedElement {
    let name: String
    let attributes: [String: String]
    var children: [ParsedElement] = []
    var text = ""
    weak var parent: ParsedElement?

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    /// Every element in this subtree (self included), depth first.
    var all: [ParsedElement] { [self] + children.flatMap(\.all) }

    func first(_ name: String) -> ParsedElement? { all.first { $0.name == name } }
    func elements(_ name: String) -> [ParsedElement] { all.filter { $0.name == name } }
    subscript(_ attribute: String) -> String? { attributes[attribute] }
}

/// Parses `bytes` with Foundation's XMLParser; nil when the document is not well-formed.
func parseXML(_ bytes: [UInt8]) -> ParsedElement? {
    final class Builder: NSObject, XMLParserDelegate {
        var root: ParsedElement?
        var stack: [ParsedElement] = []
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            let e = ParsedElement(name: name, attributes: attributes)
            e.parent = stack.last
            stack.last?.children.append(e)
            if root == nil { root = e }
            stack.append(e)
        }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            stack.removeLast()
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.text += string
        }
    }
    let parser = XMLParser(data: Data(bytes))
    let builder = Builder()
    parser.delegate = builder
    guard parser.parse() else { return nil }
    return builder.root
}

/// The document with every SMIL element (`<animate…/>`, `<animateTransform…/>`, `<set…/>`) removed.
func strippingAnimation(_ svg: String) -> String {
    var result = ""
    var rest = Substring(svg)
    func nextOpen() -> Range<Substring.Index>? {
        [rest.range(of: "<animate"), rest.range(of: "<set ")].compactMap { $0 }.min { $0.lowerBound < $1.lowerBound }
    }
    while let open = nextOpen() {
        result += rest[..<open.lowerBound]
        guard let close = rest[open.upperBound...].range(of: "/>") else { return result + rest }
        rest = rest[close.upperBound...]
    }
    return result + rest
}
