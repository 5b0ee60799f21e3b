// Stand-ins for P1's PDFObjectWriter and PDFResources with the contract's signatures, so that the fonts compile and
// can be tested before P1's writer lands. Deleted when P1's branch is merged.
import CPNGWriter

struct PDFObjectID: Hashable {
    let number: Int
    var reference: String { "\(number) 0 R" }
}

struct PDFObjectWriter {
    private(set) var bytes: [UInt8] = Array("%PDF-1.7\n%\u{E2}\u{E3}\n".utf8)
    private var offsets: [Int: Int] = [:]
    private var count = 0

    mutating func reserve() -> PDFObjectID {
        count += 1
        return PDFObjectID(number: count)
    }

    mutating func write(_ id: PDFObjectID, _ object: String) {
        offsets[id.number] = bytes.count
        bytes += Array("\(id.number) 0 obj\n\(object)\nendobj\n".utf8)
    }

    mutating func writeStream(_ id: PDFObjectID, dictionary: String, data: [UInt8], compress: Bool) {
        var body = data, filter = ""
        if compress {
            var out = chart_png_buffer(data: nil, size: 0, capacity: 0)
            if chart_deflate(data, data.count, 6, &out) == 0, let p = out.data {
                body = Array(UnsafeBufferPointer(start: p, count: out.size))
                filter = " /Filter /FlateDecode"
            }
            chart_png_free(&out)
        }
        offsets[id.number] = bytes.count
        bytes += Array("\(id.number) 0 obj\n<< \(dictionary) /Length \(body.count)\(filter) >>\nstream\n".utf8)
        bytes += body
        bytes += Array("\nendstream\nendobj\n".utf8)
    }

    /// The finished file with `root` as the catalog.
    mutating func finish(root: PDFObjectID, info: PDFObjectID) -> [UInt8] {
        let xref = bytes.count
        var table = "xref\n0 \(count + 1)\n0000000000 65535 f \n"
        for n in 1...max(count, 1) {
            let o = String(offsets[n] ?? 0)
            table += String(repeating: "0", count: 10 - o.count) + o + " 00000 n \n"
        }
        table += "trailer\n<< /Size \(count + 1) /Root \(root.reference) /Info \(info.reference) >>\nstartxref\n\(xref)\n%%EOF\n"
        return bytes + Array(table.utf8)
    }
}

struct PDFResources {
    private(set) var alphas: [Double] = []

    mutating func alphaState(_ alpha: Double) -> String {
        if let i = alphas.firstIndex(of: alpha) { return "GS\(i + 1)" }
        alphas.append(alpha)
        return "GS\(alphas.count)"
    }
}

/// Numbers as PDF writes them (P1's `PDFNumber.string`): fixed notation, at most `decimals` decimals.
enum PDFNumber {
    static func string(_ value: Double, decimals: Int = 2) -> String {
        guard value.isFinite else { return "0" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (min(max(value, -1e9), 1e9) * scale).rounded()
        if scaled == 0 { return "0" }
        let magnitude = Int64(abs(scaled)), unit = Int64(scale)
        var text = (scaled < 0 ? "-" : "") + String(magnitude / unit)
        var fraction = magnitude % unit
        if fraction != 0 {
            var digits = decimals
            while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
            let f = String(fraction)
            text += "." + String(repeating: "0", count: digits - f.count) + f
        }
        return text
    }
}
