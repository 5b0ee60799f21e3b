/// How `animation` is read: `false` (none), `true` (defaults) or an options object.
enum AnimationFields {
    static let table = FieldTable<AnimationOptions>([
        .number("duration", \.duration, ChartSpec.Limits.animationDuration),
        .choice("easing", \.easing),
        .number("delay", \.delay, ChartSpec.Limits.animationDelay),
        .number("stagger", \.stagger, ChartSpec.Limits.animationStagger),
        .custom("repeat") { animation, value, path, diagnostics in
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
        },
    ])

    static func decode(_ value: JSONValue, _ path: String, _ diagnostics: inout Diagnostics) -> AnimationOptions? {
        switch value {
        case .bool(let enabled):
            return enabled ? AnimationOptions() : .disabled
        case .object(let members):
            var animation = AnimationOptions()
            table.decode(members, at: path, into: &animation, &diagnostics)
            return animation
        default:
            diagnostics.report(path, "expected false, true or an object, got \(value.kindDescription)")
            return nil
        }
    }
}
