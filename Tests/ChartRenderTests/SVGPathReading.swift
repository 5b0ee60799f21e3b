import Foundation

/// One command of SVG path data read back: its letter in upper case and the absolute point it ends at.
struct PathVertex {
    var command: Character
    var x: Double
    var y: Double
}

/// Reads SVG path data (`M L H V C Q Z`, absolute or relative, with implicit repeats and minus signs as
/// separators, as our writer produces) into the points each command ends at. Nil on anything else.
func pathVertices(_ d: String) -> [PathVertex]? {
    let number = try? NSRegularExpression(pattern: #"[MLHVCQZmlhvcqz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"#)
    guard let number else { return nil }
    let ns = d as NSString
    let tokens = number.matches(in: d, range: NSRange(location: 0, length: ns.length))
        .map { ns.substring(with: $0.range) }
    var vertices: [PathVertex] = []
    var x = 0.0, y = 0.0, startX = 0.0, startY = 0.0
    var command: Character = "M"
    var i = 0
    func next() -> Double? {
        guard i < tokens.count, let v = Double(tokens[i]) else { return nil }
        i += 1
        return v
    }
    while i < tokens.count {
        if let c = tokens[i].first, c.isLetter {
            command = c
            i += 1
            if c == "z" || c == "Z" {
                (x, y) = (startX, startY)
                vertices.append(PathVertex(command: "Z", x: x, y: y))
                continue
            }
        }
        let relative = command.isLowercase
        let (bx, by) = relative ? (x, y) : (0, 0)
        let upper = Character(command.uppercased())
        let pairs: Int
        switch upper {
        case "M", "L": pairs = 1
        case "Q": pairs = 2
        case "C": pairs = 3
        case "H":
            guard let v = next() else { return nil }
            x = (relative ? x : 0) + v
            vertices.append(PathVertex(command: "H", x: x, y: y))
            continue
        case "V":
            guard let v = next() else { return nil }
            y = (relative ? y : 0) + v
            vertices.append(PathVertex(command: "V", x: x, y: y))
            continue
        default: return nil
        }
        var end = (bx, by)
        for _ in 0..<pairs {
            guard let px = next(), let py = next() else { return nil }
            end = (bx + px, by + py)
        }
        (x, y) = end
        vertices.append(PathVertex(command: upper, x: x, y: y))
        if upper == "M" {
            (startX, startY) = (x, y)
            command = relative ? "l" : "L"
        }
    }
    return vertices
}
