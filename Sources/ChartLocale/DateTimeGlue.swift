/// A locale's date-time glue (`{1}, {0}`) read once: literal text between the date (`{1}`) and the time (`{0}`).
struct DateTimeGlue: Hashable, Sendable {
    enum Piece: Hashable, Sendable {
        case text(String)
        case date
        case time
    }

    let pieces: [Piece]

    init(_ glue: String) {
        var pieces: [Piece] = []
        var rest = Substring(glue)
        while let brace = rest.firstIndex(of: "{") {
            let tail = rest[brace...]
            let piece: Piece? = tail.hasPrefix("{1}") ? .date : tail.hasPrefix("{0}") ? .time : nil
            guard let piece else {
                pieces.append(.text(String(rest[...brace])))
                rest = rest[rest.index(after: brace)...]
                continue
            }
            if brace > rest.startIndex { pieces.append(.text(String(rest[..<brace]))) }
            pieces.append(piece)
            rest = tail.dropFirst(3)
        }
        if !rest.isEmpty { pieces.append(.text(String(rest))) }
        self.pieces = pieces
    }
}
