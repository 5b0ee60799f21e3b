import ChartScene

/// The one description of a JSON object kind of the spec: each known field is one entry saying how its value is
/// read into `Target` (validated, with a clear message at its JSON path) and how it is written back in the
/// canonical form (`ChartSpec.canonicalJSON`, hashed for ETags). Unknown fields are reported with a did-you-mean
/// suggestion; required fields that are missing are reported too. `null` for an optional field means the field is
/// absent (same spec, same canonical form); inside arrays `null` keeps the meaning its reader gives it (a gap).
///
/// **Table order is canonical order**: `write` emits the fields in the order of the entries. Defaults are written
/// too, so adding or reordering entries changes ETags (which only costs cache hits once).
///
/// **Adding a spec field** is three edits: the model property (with its doc comment and default), one entry in
/// its table (Decoding/*Fields.swift), and the docs (docs/spec.md and openapi.yaml). The entry is usually one line, which gives both
/// directions from the key path: `.number("fillOpacity", \.fillOpacity, ChartSpec.Limits.fillOpacity)`,
/// `.choice("dotStyle", \.dotStyle)` (any `String` enum), `.dash("dash", \.gridDash)`, `.bool`, `.text`,
/// `.color`, `.colors`, `.texts`, `.integer`; a new options object is its own table plus
/// `.object("bars", \.spec.bars, BarFields.table)`. A value of another shape is a `.custom(name, read:, write:)`
/// entry that gives both closures (pass `nested:` when it reads through other tables). Limits go in
/// `ChartSpec.Limits`; an `Optional` property that is nil is left out of the canonical form, any other value
/// (defaults included) is written. Tests/ChartSpecTests/CanonicalFieldTests fails until the new field has a
/// non-default sample value in its `samples` table, and then checks that it round-trips and changes the ETag.
struct FieldTable<Target>: Sendable {
    /// One known field.
    struct Field: Sendable {
        let name: String
        /// Reads the JSON value into the target; gets the field's JSON path and reports problems there.
        let read: @Sendable (inout Target, JSONValue, String, inout Diagnostics) -> Void
        /// Writes the target's value of the field canonically, or nothing for an unset optional (the key is then
        /// left out too). Must write what `read` reads back into an equal target.
        let write: @Sendable (Target, inout JSONWriter) -> Void
        /// The fields of the tables this field's value is read with, as paths relative to it: `.min` for an object,
        /// `[].below` for an array of objects, `[hline].y` for one kind of a tagged array; empty for a plain value.
        var nested: [String] = []
        /// Only selects which table reads the rest of the object (an annotation's `type`).
        var isDiscriminator = false
    }

    let fields: [Field]
    let required: [String]
    /// A check across the fields of one object, run after they are read (e.g. an axis's min below its max).
    let check: (@Sendable (Target, String, inout Diagnostics) -> Void)?
    private let index: [String: Int]
    private let requiredNames: Set<String>

    init(_ fields: [Field], required: [String] = [],
         check: (@Sendable (Target, String, inout Diagnostics) -> Void)? = nil)
    {
        self.fields = fields
        self.required = required
        self.check = check
        var index: [String: Int] = [:]
        for (i, field) in fields.enumerated() {
            index[field.name] = i
        }
        self.index = index
        self.requiredNames = Set(required)
    }

    var names: [String] { fields.map(\.name) }

    /// Every field this table and the tables nested in it read, as paths: `title`, `x.min`, `series[].lineWidth`,
    /// `annotations[hline].y`. Fields read through a nested table are listed by their nested fields only.
    var fieldPaths: [String] {
        fields.flatMap { field -> [String] in
            if field.isDiscriminator { return [] }
            return field.nested.isEmpty ? [field.name] : field.nested.map { field.name + $0 }
        }
    }

    /// `fieldPaths` as the `nested` paths of a field whose value is one such object (`.min`)…
    var objectPaths: [String] { fieldPaths.map { "." + $0 } }
    /// …or an array of them (`[].below`).
    var arrayPaths: [String] { fieldPaths.map { "[]." + $0 } }

    /// The known fields an object had, by their index in the table: no hashing per member.
    struct Present {
        fileprivate let index: [String: Int]
        fileprivate var flags: [Bool]

        /// Whether the field `name` was present (and not a `null` for an optional field).
        func contains(_ name: String) -> Bool {
            index[name].map { flags[$0] } ?? false
        }
    }

    /// Decodes `members` into `target`, in input order. Returns the known fields present; a `null` for a field
    /// that is not required counts as absent (it is neither read nor returned).
    @discardableResult
    func decode(_ members: [JSONMember], at path: String, into target: inout Target,
                _ diagnostics: inout Diagnostics) -> Present
    {
        var present = Present(index: index, flags: Array(repeating: false, count: fields.count))
        for member in members {
            let memberPath = JSONPath.member(path, member.key)
            guard let i = index[member.key] else {
                if diagnostics.isFull {
                    diagnostics.report(memberPath, "unknown field")
                } else if let suggestion = FieldSuggestion.closest(to: member.key, among: names) {
                    diagnostics.report(memberPath, "unknown field (did you mean \"\(suggestion)\"?)")
                } else {
                    diagnostics.report(memberPath, "unknown field; known fields are \(names.joined(separator: ", "))")
                }
                continue
            }
            // An explicit null for an optional field is the field left out: clients that serialize their models
            // whole write `null` for everything unset. The target keeps its default, so the canonical form (and
            // the ETag) is the one without the key. A required field still has to have a value.
            if case .null = member.value, !requiredNames.contains(member.key) { continue }
            present.flags[i] = true
            fields[i].read(&target, member.value, memberPath, &diagnostics)
        }
        for name in required where !present.contains(name) {
            diagnostics.report(JSONPath.member(path, name), "required field is missing")
        }
        check?(target, path, &diagnostics)
        return present
    }

    /// Writes `target` as a JSON object, its fields in table order.
    func write(_ target: Target, to w: inout JSONWriter) {
        w.beginObject()
        for field in fields {
            w.member(field.name) { field.write(target, &$0) }
        }
        w.endObject()
    }
}

/// Field constructors for the common shapes, so a table entry is one line:
/// `.number("lineWidth", \.lineWidth, 0.25...32)`. Each reads with a `Diagnostics` reader and writes the value the
/// key path holds.
extension FieldTable.Field {
    /// Where a decoded value goes. Key path literals of value types are `Sendable` (SE-0418).
    typealias Key<Value> = any WritableKeyPath<Target, Value> & Sendable

    /// A value of its own shape: both directions given. `nested` lists the fields of nested tables (see `Field`).
    static func custom(
        _ name: String, nested: [String] = [],
        read: @escaping @Sendable (inout Target, JSONValue, String, inout Diagnostics) -> Void,
        write: @escaping @Sendable (Target, inout JSONWriter) -> Void
    ) -> Self {
        Self(name: name, read: read, write: write, nested: nested)
    }

    /// An options object read by its own table onto the defaults the target holds.
    static func object<Value>(_ name: String, _ key: Key<Value>, _ table: FieldTable<Value>) -> Self {
        Self(name: name, read: { target, value, path, diagnostics in
            guard let members = diagnostics.object(value, path) else { return }
            table.decode(members, at: path, into: &target[keyPath: key], &diagnostics)
        }, write: { target, w in
            table.write(target[keyPath: key], to: &w)
        }, nested: table.objectPaths)
    }

    /// An optional options object read by its own table onto `empty` (or the value already set); nil is left out
    /// of the canonical form.
    static func object<Value: Sendable>(_ name: String, _ key: Key<Value?>, _ table: FieldTable<Value>,
                                        empty: Value) -> Self {
        Self(name: name, read: { target, value, path, diagnostics in
            guard let members = diagnostics.object(value, path) else { return }
            var options = target[keyPath: key] ?? empty
            table.decode(members, at: path, into: &options, &diagnostics)
            target[keyPath: key] = options
        }, write: { target, w in
            if let options = target[keyPath: key] { table.write(options, to: &w) }
        }, nested: table.objectPaths)
    }

    /// A number within `range`.
    static func number(_ name: String, _ key: Key<Double>, _ range: ClosedRange<Double>) -> Self {
        Self(name: name, read: { target, value, path, diagnostics in
            if let number = diagnostics.number(value, path, in: range) { target[keyPath: key] = number }
        }, write: { target, w in w.number(target[keyPath: key]) })
    }

    /// An optional number, limited to `range` when given.
    static func number(_ name: String, _ key: Key<Double?>, _ range: ClosedRange<Double>? = nil) -> Self {
        Self(name: name, read: { target, value, path, diagnostics in
            if let number = diagnostics.number(value, path, in: range) { target[keyPath: key] = number }
        }, write: { target, w in
            if let number = target[keyPath: key] { w.number(number) }
        })
    }

    /// A whole number stored as `Double` (canvas sizes).
    static func wholeNumber(_ name: String, _ key: Key<Double>, _ range: ClosedRange<Int>) -> Self {
        Self(name: name, read: { target, value, path, diagnostics in
            if let number = diagnostics.integer(value, path, in: range) { target[keyPath: key] = Double(number) }
        }, write: { target, w in w.number(target[keyPath: key]) })
    }

    static func integer(_ name: String, _ key: Key<Int>, _ range: ClosedRange<Int>) -> Self {
        Self(name: name, read: { target, value, path, diagnostics in
            if let number = diagnostics.integer(value, path, in: range) { target[keyPath: key] = number }
        }, write: { target, w in w.number(Double(target[keyPath: key])) })
    }

    static func integer(_ name: String, _ key: Key<Int?>, _ range: ClosedRange<Int>) -> Self {
        Self(name: name, read: { target, value, path, diagnostics in
            if let number = diagnostics.integer(value, path, in: range) { target[keyPath: key] = number }
        }, write: { target, w in
            if let number = target[keyPath: key] { w.number(Double(number)) }
        })
    }

    static func bool(_ name: String, _ key: Key<Bool>) -> Self {
        Self(name: name, read: { target, value, path, diagnostics in
            if let flag = diagnostics.bool(value, path) { target[keyPath: key] = flag }
        }, write: { target, w in w.bool(target[keyPath: key]) })
    }

    static func bool(_ name: String, _ key: Key<Bool?>) -> Self {
        Self(name: name, read: { target, value, path, diagnostics in
            if let flag = diagnostics.bool(value, path) { target[keyPath: key] = flag }
        }, write: { target, w in
            if let flag = target[keyPath: key] { w.bool(flag) }
        })
    }

    /// A user-visible text (see `Diagnostics.text`).
    static func text(_ name: String, _ key: Key<String>) -> Self {
        Self(name: name, read: { target, value, path, diagnostics in
            if let text = diagnostics.text(value, path) { target[keyPath: key] = text }
        }, write: { target, w in w.string(target[keyPath: key]) })
    }

    /// An optional text; with `lines` > 1 it may hold "\n" between at most that many lines.
    static func text(_ name: String, _ key: Key<String?>, lines: Int = 1) -> Self {
        Self(name: name, read: { target, value, path, diagnostics in
            if let text = diagnostics.text(value, path, lines: lines) { target[keyPath: key] = text }
        }, write: { target, w in
            if let text = target[keyPath: key] { w.string(text) }
        })
    }

    /// An array of at most `count` texts; `noun` names them in messages.
    static func texts(_ name: String, _ key: Key<[String]>, _ count: ClosedRange<Int>, noun: String) -> Self {
        Self(name: name, read: { target, value, path, diagnostics in
            if let texts = diagnostics.texts(value, path, count: count, noun: noun) { target[keyPath: key] = texts }
        }, write: { target, w in writeTexts(target[keyPath: key], to: &w) })
    }

    static func texts(_ name: String, _ key: Key<[String]?>, _ count: ClosedRange<Int>, noun: String) -> Self {
        Self(name: name, read: { target, value, path, diagnostics in
            if let texts = diagnostics.texts(value, path, count: count, noun: noun) { target[keyPath: key] = texts }
        }, write: { target, w in
            if let texts = target[keyPath: key] { writeTexts(texts, to: &w) }
        })
    }

    /// One of a `String` enum's raw values; adding a case to the enum makes it accepted automatically.
    static func choice<E: RawRepresentable & CaseIterable & Sendable>(_ name: String, _ key: Key<E>)
        -> Self where E.RawValue == String
    {
        Self(name: name, read: { target, value, path, diagnostics in
            if let choice = diagnostics.choice(E.self, value, path) { target[keyPath: key] = choice }
        }, write: { target, w in w.string(target[keyPath: key].rawValue) })
    }

    static func choice<E: RawRepresentable & CaseIterable & Sendable>(_ name: String, _ key: Key<E?>)
        -> Self where E.RawValue == String
    {
        Self(name: name, read: { target, value, path, diagnostics in
            if let choice = diagnostics.choice(E.self, value, path) { target[keyPath: key] = choice }
        }, write: { target, w in
            if let choice = target[keyPath: key] { w.string(choice.rawValue) }
        })
    }

    /// A CSS color, written as `#rrggbb` or `#rrggbbaa`.
    static func color(_ name: String, _ key: Key<Color>) -> Self {
        Self(name: name, read: { target, value, path, diagnostics in
            if let color = diagnostics.color(value, path) { target[keyPath: key] = color }
        }, write: { target, w in w.string(CSSColor.hexString(target[keyPath: key])) })
    }

    static func color(_ name: String, _ key: Key<Color?>) -> Self {
        Self(name: name, read: { target, value, path, diagnostics in
            if let color = diagnostics.color(value, path) { target[keyPath: key] = color }
        }, write: { target, w in
            if let color = target[keyPath: key] { w.string(CSSColor.hexString(color)) }
        })
    }

    /// A list of colors; when the list may not be empty, empty is the unset state and is left out.
    static func colors(_ name: String, _ key: Key<[Color]>, _ count: ClosedRange<Int>) -> Self {
        Self(name: name, read: { target, value, path, diagnostics in
            if let colors = diagnostics.colors(value, path, count: count) { target[keyPath: key] = colors }
        }, write: { target, w in
            let colors = target[keyPath: key]
            if !colors.isEmpty || count.contains(0) { writeColors(colors, to: &w) }
        })
    }

    static func colors(_ name: String, _ key: Key<[Color]?>, _ count: ClosedRange<Int>) -> Self {
        Self(name: name, read: { target, value, path, diagnostics in
            if let colors = diagnostics.colors(value, path, count: count) { target[keyPath: key] = colors }
        }, write: { target, w in
            if let colors = target[keyPath: key] { writeColors(colors, to: &w) }
        })
    }

    /// Dash on/off lengths (see `Diagnostics.dash`); `[]` is solid.
    static func dash(_ name: String, _ key: Key<[Double]>) -> Self {
        Self(name: name, read: { target, value, path, diagnostics in
            if let dash = diagnostics.dash(value, path) { target[keyPath: key] = dash }
        }, write: { target, w in
            w.beginArray()
            for length in target[keyPath: key] { w.number(length) }
            w.endArray()
        })
    }

    /// A field that only selects the table (an annotation's `type`, always `value` in this table); its value was
    /// checked by the caller.
    static func discriminator(_ name: String, _ value: String) -> Self {
        Self(name: name, read: { _, _, _, _ in }, write: { _, w in w.string(value) }, isDiscriminator: true)
    }

    private static func writeTexts(_ texts: [String], to w: inout JSONWriter) {
        w.beginArray()
        for text in texts { w.string(text) }
        w.endArray()
    }

    private static func writeColors(_ colors: [Color], to w: inout JSONWriter) {
        w.beginArray()
        for color in colors { w.string(CSSColor.hexString(color)) }
        w.endArray()
    }
}
