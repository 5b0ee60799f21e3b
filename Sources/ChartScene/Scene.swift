/// A node of the display list.
public enum Node: Hashable, Sendable {
    case shape(Shape)
    case text(TextRun)
    case group(Group)
    /// A data point's invisible hit target and tooltip (interactive scenes only): means `HitTarget.group`.
    case hitTarget(HitTarget)
}

/// A list of nodes with shared meaning, clip and opacity.
public struct Group: Hashable, Sendable {
    public var role: Role?
    /// Children are clipped to this rectangle (scene coordinates) when set.
    public var clip: Rect?
    /// Group opacity 0…1, applied to the composited children as a whole.
    public var opacity: Double
    /// A tooltip for the group (SVG `<title>`), e.g. `Home · Q3: 68`.
    public var tooltip: Tooltip?
    public var children: [Node]

    public init(role: Role? = nil, clip: Rect? = nil, opacity: Double = 1, tooltip: Tooltip? = nil,
                children: [Node] = []) {
        self.role = role
        self.clip = clip
        self.opacity = opacity
        self.tooltip = tooltip
        self.children = children
    }
}

extension Group {
    /// Whether multiplying the group's opacity into its paints looks the same as compositing the group as a whole:
    /// true when it has no child, or one that is a shape with a single paint (a fill or a stroke) or a text run —
    /// nothing inside can overlap itself and double up (neighbouring glyphs touch but do not overlap). Backends use
    /// it to skip the layer or transparency group such a group would otherwise cost.
    public var opacityFoldsIntoPaint: Bool {
        guard children.count == 1 else { return children.isEmpty }
        switch children[0] {
        case .shape(let s): return (s.fill == nil) != (s.stroke == nil)
        case .text, .hitTarget: return true
        case .group: return false
        }
    }
}

/// A whole chart, ready for any backend: size in CSS pixels, a background, and the display list.
///
/// Coordinates are CSS pixels with y down; a raster backend multiplies them by its device scale.
public struct Scene: Hashable, Sendable {
    public var width: Double
    public var height: Double
    /// Painted under everything; nil means transparent.
    public var background: Color?
    /// A short accessible name (SVG `<title>`).
    public var title: String
    /// A longer accessible description (SVG `<desc>`).
    public var description: String
    public var nodes: [Node]
    /// The instant (epoch milliseconds) each label of a time x axis stands for (a tick, or a bar's band on a time
    /// axis), in the order of the text runs
    /// directly inside the `.xAxis` group (the axis title, after them, has none); empty when x is not a time axis.
    /// Labels such as `Mar` do not say their year, so the layout JSON reports these instead (`axes.x[].value`).
    public var xTickInstants: [Double] = []
    /// The axis group whose labels `xTickInstants` belong to: `.xAxis`, or `.yAxis` for horizontal bars, whose time
    /// bands run down the left.
    public var timeAxisRole: Role = .xAxis

    public init(width: Double, height: Double, background: Color?, title: String, description: String,
                nodes: [Node]) {
        self.width = width
        self.height = height
        self.background = background
        self.title = title
        self.description = description
        self.nodes = nodes
    }

    /// Calls `body` for every node in drawing order, depth first, with the chain of enclosing groups.
    /// The chain is one stack, pushed and popped around a group's children: no array built per group (128,000 bars
    /// made 128,000 chains).
    public func forEachNode(_ body: (Node, [Group]) -> Void) {
        var parents: [Group] = []
        func walk(_ nodes: [Node]) {
            for node in nodes {
                body(node, parents)
                if case .group(let g) = node {
                    parents.append(g)
                    walk(g.children)
                    parents.removeLast()
                }
            }
        }
        walk(nodes)
    }
}
