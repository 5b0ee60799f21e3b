/// Dash patterns finer than a pixel drawn as what they look like.
///
/// A dash period under `FineDashes.minimumPeriod` CSS px cannot be seen as dashes at 1× — the eye (and any
/// antialiasing renderer) averages it to a solid line at the duty cycle's opacity. Drawn literally it costs one
/// outline per dash: 0.03 px dashes on one 4096-px line were 100,000 round-capped outlines, 360 MB and 0.9 s in our
/// rasterizer, and over a minute in Chromium and librsvg for the SVG. So the scene itself, before any backend sees
/// it, replaces such a pattern by a solid stroke whose paint's alpha is multiplied by the pattern's "on" share:
/// every format draws the same thing and no viewer pays for the dashes either.
public enum FineDashes {
    /// Shortest dash period (sum of the pattern, doubled for an odd count as SVG does) drawn as dashes, in CSS px.
    public static let minimumPeriod = 1.0

    /// The fraction of a period that is "on", or nil when the pattern is drawn as dashes (or is solid).
    public static func dutyCycle(of dash: [Double]) -> Double? {
        guard !dash.isEmpty, dash.allSatisfy({ $0.isFinite && $0 >= 0 }) else { return nil }
        let even = dash.count % 2 == 0 ? dash : dash + dash
        let period = even.reduce(0, +)
        guard period > 0, period < minimumPeriod else { return nil }
        var on = 0.0
        for (index, length) in even.enumerated() where index % 2 == 0 { on += length }
        return on / period
    }
}

extension Scene {
    /// The scene with every sub-pixel dash pattern replaced by a solid stroke at the duty cycle's opacity.
    /// Returns the scene unchanged (no copy of its nodes) when it has none.
    public func resolvingFineDashes() -> Scene {
        guard Self.containsFineDash(nodes) else { return self }
        var scene = self
        scene.nodes = Self.resolvingFineDashes(in: nodes)
        return scene
    }

    private static func containsFineDash(_ nodes: [Node]) -> Bool {
        nodes.contains { node in
            switch node {
            case .shape(let shape): shape.stroke != nil && FineDashes.dutyCycle(of: shape.strokeStyle.dash) != nil
            case .group(let group): containsFineDash(group.children)
            case .text, .hitTarget: false
            }
        }
    }

    private static func resolvingFineDashes(in nodes: [Node]) -> [Node] {
        nodes.map { node in
            switch node {
            case .shape(var shape):
                guard let stroke = shape.stroke, let duty = FineDashes.dutyCycle(of: shape.strokeStyle.dash) else {
                    return node
                }
                shape.stroke = stroke.withOpacity(duty)
                shape.strokeStyle.dash = []
                shape.strokeStyle.dashOffset = 0
                return .shape(shape)
            case .group(var group):
                group.children = resolvingFineDashes(in: group.children)
                return .group(group)
            case .text, .hitTarget:
                return node
            }
        }
    }
}

extension Paint {
    /// The paint with every color's alpha multiplied by `opacity`.
    public func withOpacity(_ opacity: Double) -> Paint {
        switch self {
        case .solid(let color):
            return .solid(color.withOpacity(opacity))
        case .linearGradient(var gradient):
            gradient.stops = gradient.stops.map { GradientStop(offset: $0.offset, color: $0.color.withOpacity(opacity)) }
            return .linearGradient(gradient)
        }
    }
}
