import ChartScene
import ChartSpec

/// An axis-based chart kind: it says what its data needs from the frame (`extent`, `legend`) and draws its marks in
/// the `CartesianFrame` laid out for that. The frame owns everything around the marks — title, subtitle, legend,
/// margins, axes, grid, scales — so a kind holds no frame logic and the frame no kind logic. `CartesianLayout` picks
/// the kind for a spec, lays out the frame and assembles the scene. Ring and pie charts have no axes and keep their
/// own layouts.
///
/// Adding a kind (e.g. mixed bar+line, radar-on-axes): write one `Kinds/<Name>Kind.swift` conforming to this
/// protocol — usually holding a `SeriesSet` for the spec's series, computing its `extent` once in `init` (it walks
/// every point), returning its legend entries and building its marks with the shared mark builders (`SeriesMarks`,
/// `BarMarks`, `ScatterMarks`, `SeriesPlot` for the plot group, bubbles and annotations) — then add its `ChartType`
/// case and spec fields in ChartSpec (a field-table entry each) and its case in `CartesianLayout.kind(for:)`.
protocol CartesianKind {
    /// The context the kind was made for (the frame uses the same one).
    var ctx: LayoutContext { get }
    /// The scene's accessible name when the spec has no title ("Line chart").
    var name: String { get }
    /// What the frame must cover and how far the marks reach.
    var extent: CartesianExtent { get }
    /// The legend entries, or nil when the chart has no legend.
    var legend: [Legend.Item]? { get }
    /// The nodes drawn over the frame's decorations: the clipped plot group, then labels on top.
    func marks(in frame: CartesianFrame) -> [Node]
    /// The scene's description, for screen readers ("Line chart with 2 series: …; y from 0 to 100").
    func description(in frame: CartesianFrame) -> String
}

/// The data extent a kind reports to its frame, computed once per chart.
struct CartesianExtent {
    /// The value range to cover (in log10 space on a log axis).
    var y: (min: Double, max: Double)
    /// The x axis kind and extent (for horizontal bars: the categories down the left).
    var x: XMode
    /// Whether categories sit on bands (bars) rather than on points.
    var bands = false
    /// How far marks reach beyond their data point, in px (half the widest line, a dot and its ring, the largest
    /// bubble). The frame keeps this much room, plus 1 px, between every data value and the plot's edges: the value
    /// domain (and a nice x domain) grows by it in pixels before it is nice-rounded (see `CartesianFrame.headroom`).
    var markReach = 0.0
    /// Whether the value domain keeps an end at zero when the data ends there (bars and areas grow from zero).
    var zeroBaseline = false
    /// Whether a numeric x axis gets a nice domain that ends on ticks, with the same headroom as the value axis
    /// (scatter and bubble charts); otherwise x spans the data and the first and last points sit `markReach` px in.
    var niceX = false
    /// Categories down the left and values along the bottom (horizontal bars).
    var transposed = false
    /// Whether the grid draws the emphasized zero line; false for a kind that draws its own over its marks.
    var emphasizeZero = true
    /// The range the second value axis covers (the series on `y2` and their annotations, in log10 space on a log
    /// `y2`); nil when no series is on it, and the frame then has no right-hand axis.
    var y2: (min: Double, max: Double)?
    /// Whether the second axis keeps an end at zero when its data ends there (bars on it).
    var y2ZeroBaseline = false
}
