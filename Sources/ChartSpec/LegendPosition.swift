/// Where the legend goes (`legend: {"position": …}`). Top is the default: rows above the plot, under the title.
public enum LegendPosition: String, Hashable, Sendable, CaseIterable {
    /// Rows above the plot, under the title (the default).
    case top
    /// Rows centered below the plot.
    case bottom
    /// One column of entries left of the plot (or pie), which shrinks to make room.
    case left
    /// One column of entries right of the plot (or pie), which shrinks to make room.
    case right
}
