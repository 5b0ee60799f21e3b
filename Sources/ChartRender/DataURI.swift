/// A rendered chart as a `data:` URI (RFC 2397): `data:<media type>;base64,<the bytes in base64>`, for clients
/// that embed the image in JSON or HTML (`encoding=base64` on `/v1/chart`, `format=base64` on `/chart`, the CLI's
/// `--data-uri`). Pure ASCII, so it is sent as `text/plain; charset=us-ascii`.
public enum DataURI {
    /// The `Content-Type` of a data URI answer.
    public static let contentType = "text/plain; charset=us-ascii"

    /// The data URI of `chart`. The output budget applies to the URI (a third larger than the bytes): one over
    /// `budget.maxOutputBytes` is a `.tooComplex`, refused before it is built.
    public static func encode(_ chart: RenderedChart, budget: RenderBudget) throws(RenderError) -> [UInt8] {
        let prefix = Array("data:\(chart.contentType);base64,".utf8)
        let size = prefix.count + base64Count(chart.bytes.count)
        if var problem = budget.outputProblem(bytes: size, format: chart.format) {
            problem.message = "as a data URI, " + problem.message
            throw .tooComplex([problem])
        }
        var out = prefix
        out.reserveCapacity(size)
        appendBase64(chart.bytes, to: &out)
        return out
    }

    /// Characters of padded base64 for `count` bytes: four for every three, the last group padded.
    static func base64Count(_ count: Int) -> Int {
        (count + 2) / 3 * 4
    }

    /// Appends standard padded base64 (RFC 4648 §4: `A–Z a–z 0–9 + /`, `=` padding): each three bytes are four
    /// six-bit digits.
    static func appendBase64(_ bytes: [UInt8], to out: inout [UInt8]) {
        bytes.withUnsafeBufferPointer { input in
            alphabet.withUnsafeBufferPointer { digits in
                var i = 0
                while i + 3 <= input.count {
                    let group = UInt32(input[i]) << 16 | UInt32(input[i + 1]) << 8 | UInt32(input[i + 2])
                    out.append(digits[Int(group >> 18)])
                    out.append(digits[Int(group >> 12 & 63)])
                    out.append(digits[Int(group >> 6 & 63)])
                    out.append(digits[Int(group & 63)])
                    i += 3
                }
                let rest = input.count - i
                guard rest > 0 else { return }
                let group = UInt32(input[i]) << 16 | (rest == 2 ? UInt32(input[i + 1]) << 8 : 0)
                out.append(digits[Int(group >> 18)])
                out.append(digits[Int(group >> 12 & 63)])
                out.append(rest == 2 ? digits[Int(group >> 6 & 63)] : UInt8(ascii: "="))
                out.append(UInt8(ascii: "="))
            }
        }
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
}
