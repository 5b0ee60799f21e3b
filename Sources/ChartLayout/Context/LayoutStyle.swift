import ChartScene

/// The fixed typographic and spacing choices of the chart look, in CSS px.
struct LayoutStyle {
    /// Space between the canvas edge and any content (0 in sparkline mode).
    var padding = 12.0
    var titleSize = 16.0
    var subtitleSize = 12.0
    var tickSize = 11.0
    var axisTitleSize = 12.0
    var legendSize = 12.0
    var annotationSize = 11.0
    var bubbleSize = 11.0
    /// Gap between tick labels and the axis line.
    var tickGap = 6.0
    /// Minimum free space between neighbouring horizontal x labels.
    var labelGap = 8.0
    /// How far the first and last data points sit inside the plot's left and right edges.
    var pointInset = 8.0
    /// Length of a legend swatch.
    var swatchLength = 16.0
    /// Opacity of a solid area fill, and the top opacity of a gradient fill.
    var areaOpacity = 0.25
    var gradientTopOpacity = 0.45
    /// The longest a legend entry's text may be before it is ellipsized.
    var legendEntryMaxWidth = 160.0
    /// The share of the canvas height slanted x labels may take.
    var rotatedLabelShare = 0.3
    /// Below this width or height a canvas is small: its legend shares a header row when it fits there.
    var smallCanvas = (width: 420.0, height: 280.0)

    /// Whether `canvas` is small (`smallCanvas`).
    func isSmall(_ canvas: Rect) -> Bool { canvas.width < smallCanvas.width || canvas.height < smallCanvas.height }
}
