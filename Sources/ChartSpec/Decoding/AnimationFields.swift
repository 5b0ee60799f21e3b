/// How `animation` is read and written: `false` (none), `true` (defaults) or an options object.
enum AnimationFields {
    static let table = FieldTable<AnimationOptions>([
        .number("duration", \.duration, ChartSpec.Limits.animationDuration),
        .choice("easing", \.easing),
        .number("delay", \.delay, ChartSpec.Limits.animationDelay),
        .number("stagger", \.stagger, ChartSpec.Limits.animationStagger),
        .custom("repeat", read: { animation, value, path, diagnostics in
            if case .string("indefinite") = value {
                animation.repeatCount = .infinity
                return
            }
            let range = ChartSpec.Limits.animationRepeat
            guard case .number = value else {
                diagnostics.report(path, "expected an integer \(range.lowerBound)…\(range.upperBound) "
                    + "or \"indefinite\", got \(value.kindDescription)")
                return
            }
            if let count = diagnostics.integer(value, path, in: range) { animation.repeatCount = Double(count) }
        }, write: { animation, w in
            if animation.repeatCount.isFinite { w.number(animation.repeatCount) } else { w.string("indefinite") }
        }),
        .integer("fps", \.fps, ChartSpec.Limits.animationFPS),
    ])

    static func read(_ value: JSONValue, _ path: String, into animation: inout AnimationOptions,
                     _ diagnostics: inout Diagnostics)
    {
        switch value {
        case .bool(let enabled):
            animation = enabled ? AnimationOptions() : .disabled
        case .object(let members):
            animation = AnimationOptions()
            table.decode(members, at: path, into: &animation, &diagnostics)
        default:
            diagnostics.report(path, "expected false, true or an object, got \(value.kindDescription)")
        }
    }

    /// The canonical form: `false` when disabled, else the object with every field.
    static func write(_ animation: AnimationOptions, to w: inout JSONWriter) {
        if animation.enabled { table.write(animation, to: &w) } else { w.bool(false) }
    }
}
