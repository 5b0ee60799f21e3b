import ChartScene
import Testing
@testable import ChartSVG

/// Decodes SVG path data back into absolute points, independently of the encoder.
private func decode(_ d: String) -> [Point] {
    var tokens: [String] = []
    var current = ""
    var sawDot = false
    for ch in d {
        if ch.isLetter {
            if !current.isEmpty { tokens.append(current) }
            tokens.append(String(ch))
            current = ""
            sawDot = false
        } else if ch == " " || ch == "," {
            if !current.isEmpty { tokens.append(current) }
            current = ""
            sawDot = false
        } else if ch == "-" {
            if !current.isEmpty { tokens.append(current) }
            current = "-"
            sawDot = false
        } else if ch == "." && sawDot {
            tokens.append(current)
            current = "."
        } else {
            if ch == "." { sawDot = true }
            current.append(ch)
        }
    }
    if !current.isEmpty { tokens.append(current) }

    var points: [Point] = []
    var cur = Point.zero, start = Point.zero
    var command: Character = "M"
    var i = 0
    func next() -> Double {
        defer { i += 1 }
        return Double(tokens[i]) ?? .nan
    }
    while i < tokens.count {
        if let c = tokens[i].first, c.isLetter {
            command = c
            i += 1
            if c == "z" || c == "Z" {
                cur = start
                points.append(cur)
                continue
            }
        }
        let relative = command.isLowercase
        let base = relative ? cur : .zero
        switch command.uppercased() {
        case "M", "L":
            cur = Point(base.x + next(), base.y + next())
            if command == "M" || command == "m" {
                start = cur
                command = relative ? "l" : "L"
            }
            points.append(cur)
        case "H":
            cur = Point((relative ? cur.x : 0) + next(), cur.y)
            points.append(cur)
        case "V":
            cur = Point(cur.x, (relative ? cur.y : 0) + next())
            points.append(cur)
        case "Q":
            points.append(Point(base.x + next(), base.y + next()))
            cur = Point(base.x + next(), base.y + next())
            points.append(cur)
        case "C":
            points.append(Point(base.x + next(), base.y + next()))
            points.append(Point(base.x + next(), base.y + next()))
            cur = Point(base.x + next(), base.y + next())
            points.append(cur)
        default:
            return points + [Point(.nan, .nan)]
        }
    }
    return points
}

/// The points a path visits, in the order the decoder reports them.
private func flatten(_ path: Path) -> [Point] {
    var points: [Point] = []
    var start = Point.zero
    for e in path.elements {
        switch e {
        case .move(let p):
            start = p
            points.append(p)
        case .line(let p): points.append(p)
        case .quad(let c, let p): points += [c, p]
        case .cubic(let c1, let c2, let p): points += [c1, c2, p]
        case .close: points.append(start)
        }
    }
    return points
}

private func encode(_ path: Path, origin: (Int64, Int64) = (0, 0)) -> String {
    var b = SVGBuffer()
    SVGPathData.write(path, originX: origin.0, originY: origin.1, into: &b)
    return String(decoding: b.bytes, as: UTF8.self)
}

/// A deterministic pseudo-random generator (SplitMix64).
struct SplitMix {
    var state: UInt64
    mutating func next() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
    }
}

struct SVGPathDataTests {
    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
    func decodedPathMatchesInputWithinRounding(seed: UInt64) {
        var rng = SplitMix(state: seed)
        var path = Path()
        func point() -> Point { Point((rng.next() * 1200 - 300), (rng.next() * 800 - 200)) }
        path.move(to: point())
        for i in 0..<60 {
            switch i % 7 {
            case 0: path.line(to: point())
            case 1: path.cubic(to: point(), control1: point(), control2: point())
            case 2: path.quad(to: point(), control: point())
            case 3: path.close()
            case 4: path.move(to: point())
            case 5:
                let last = flatten(path).last ?? .zero
                path.line(to: Point(last.x + (rng.next() - 0.5) * 50, last.y))  // horizontal
            default:
                let last = flatten(path).last ?? .zero
                path.line(to: Point(last.x, last.y + (rng.next() - 0.5) * 50))  // vertical
            }
        }
        let decoded = decode(encode(path))
        let expected = flatten(path)
        #expect(decoded.count == expected.count)
        for (a, b) in zip(decoded, expected) {
            // Each coordinate is rounded once to hundredths; relative steps are exact on top of that.
            #expect(abs(a.x - b.x) <= 0.0051 && abs(a.y - b.y) <= 0.0051, "\(a) vs \(b)")
        }
    }

    @Test func originShiftsEveryCoordinate() {
        let path = Path.circle(center: Point(120.5, 80.25), radius: 4)
        let decoded = decode(encode(path, origin: (12050, 8025)))
        let expected = flatten(path).map { Point($0.x - 120.5, $0.y - 80.25) }
        for (a, b) in zip(decoded, expected) {
            #expect(abs(a.x - b.x) <= 0.0051 && abs(a.y - b.y) <= 0.0051)
        }
    }

    @Test func gridLinesUseHorizontalAndVerticalCommands() {
        let d = encode(Path([.move(Point(40, 20)), .line(Point(340, 20)), .line(Point(340, 180))]))
        #expect(d == "M40 20H340V180")
    }

    @Test func repeatedCommandsOmitTheLetterAndPreferShorterRelativeForm() {
        let d = encode(Path([.move(Point(1000.25, 1000.25)), .line(Point(1001.5, 1003.75)),
                             .line(Point(1002.5, 1007.75)), .close]))
        #expect(d == "M1000.25 1000.25l1.25 3.5 1 4z")
    }
}
