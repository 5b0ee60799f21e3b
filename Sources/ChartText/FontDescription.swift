/// What a document that embeds a face must say about it (a PDF `/FontDescriptor`, PDF 32000-1:2008 §9.8): its
/// PostScript name, bounding box, slant, pitch and weight, in font units.
///
/// Read best effort from `name`, `head`, `post` and `OS/2`: a missing or damaged optional table gives the default
/// (upright, proportional, weight 400, the face's label as its name), never an error, since the face itself loaded.
public struct FontDescription: Hashable, Sendable {
    /// The PostScript name (`name` ID 6), reduced to the characters a PDF name may hold without escapes
    /// (`DejaVuSans`, `WenQuanYiMicroHei`); the face's file name when the table has none.
    public var postScriptName: String
    /// The `head` bounding box of all glyphs (font units, y up).
    public var xMin = 0, yMin = 0, xMax = 0, yMax = 0
    /// `post` italicAngle in degrees counter-clockwise from the vertical (negative for a right-leaning italic).
    public var italicAngle = 0.0
    /// Whether `post` declares every glyph the same width.
    public var isFixedPitch = false
    /// Whether `head` macStyle has its italic bit.
    public var isItalic = false
    /// `OS/2` usWeightClass (400 regular, 700 bold).
    public var weightClass = 400

    /// Longest PostScript name kept (PDF names are at most 127 bytes; a subset prefix adds 7).
    static let maximumNameLength = 63

    public init(_ face: FontFace) {
        let data = face.data, directory = face.directory
        // Name ID 6 from a Windows Unicode, Unicode or Macintosh Roman record of the `name` table.
        postScriptName = NameTable(data: data, table: directory.optional("name")).strings(6).lazy.map(Self.pdfName)
            .first { !$0.isEmpty }
            ?? Self.pdfName(String(face.name.prefix { $0 != "." && $0 != "#" }))
        if postScriptName.isEmpty { postScriptName = "Font" }
        if let head = directory.optional("head"), head.length >= 54 {
            xMin = Int((try? data.i16(head.offset + 36)) ?? 0)
            yMin = Int((try? data.i16(head.offset + 38)) ?? 0)
            xMax = Int((try? data.i16(head.offset + 40)) ?? 0)
            yMax = Int((try? data.i16(head.offset + 42)) ?? 0)
            isItalic = ((try? data.u16(head.offset + 44)) ?? 0) & 0x2 != 0
        }
        if let post = directory.optional("post"), post.length >= 16 {
            // italicAngle is a 16.16 fixed-point number.
            italicAngle = Double(Int32(bitPattern: (try? data.u32(post.offset + 4)) ?? 0)) / 65536
            isFixedPitch = ((try? data.u32(post.offset + 12)) ?? 0) != 0
        }
        if let os2 = directory.optional("OS/2"), os2.length >= 6 {
            let weight = Int((try? data.u16(os2.offset + 4)) ?? 400)
            weightClass = (1...1000).contains(weight) ? weight : 400
        }
    }

    /// `text` without the characters a PostScript or PDF name cannot hold unescaped (white space, delimiters, `#`,
    /// non-ASCII), at most `maximumNameLength` long.
    static func pdfName(_ text: String) -> String {
        let delimiters: Set<Unicode.Scalar> = ["(", ")", "<", ">", "[", "]", "{", "}", "/", "%", "#"]
        let kept = text.unicodeScalars.filter { $0.value > 0x20 && $0.value < 0x7F && !delimiters.contains($0) }
        return String(String.UnicodeScalarView(kept.prefix(maximumNameLength)))
    }
}
