/// Where a text run's `position` sits horizontally relative to the text.
public enum TextAnchor: Hashable, Sendable {
    case start
    case middle
    case end
}

/// Font weight; the text layer maps it to a face (DejaVu Sans or DejaVu Sans Bold).
public enum FontWeight: Hashable, Sendable {
    case regular
    case bold
}

/// One line of text, positioned on its baseline. The layout has already measured it,
/// so backends place it exactly where `position` and `anchor` say.
public struct TextRun: Hashable, Sendable {
    public var text: String
    /// The anchor point on the baseline.
    public var position: Point
    /// Font size in scene units (CSS px).
    public var size: Double
    public var weight: FontWeight
    public var anchor: TextAnchor
    public var color: Color
    /// Clockwise rotation in degrees about `position` (e.g. −45 for slanted x labels, −90 for a y title).
    public var rotation: Double

    public init(text: String, position: Point, size: Double, weight: FontWeight = .regular,
                anchor: TextAnchor = .start, color: Color, rotation: Double = 0) {
        self.text = text
        self.position = position
        self.size = size
        self.weight = weight
        self.anchor = anchor
        self.color = color
        self.rotation = rotation
    }
}
