/// How one dataset is drawn, from the chart's type and the dataset's own `type` (mixed charts).
enum SeriesKind: Equatable {
    case bar
    /// A line (line, sparkline and radar charts; a line dataset in a bar chart).
    case line
    case scatter
    case bubble
    /// The slices of a pie or doughnut.
    case slice
}
