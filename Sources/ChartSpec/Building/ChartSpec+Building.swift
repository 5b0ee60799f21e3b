public import ChartScene

extension ChartSpec {
    /// A chart built in Swift with the fields most charts set; everything else keeps its default and can be set
    /// afterwards (`spec.y.format = .percent(0)`, `spec.annotations = [...]`):
    ///
    /// ```swift
    /// var spec = ChartSpec(type: .line, width: 640, height: 360, title: "Sales")
    /// spec.labels = ["Q1", "Q2", "Q3"]
    /// spec.series = [Series(name: "2025", values: [1, 2, 3])]
    /// ```
    ///
    /// Nothing is checked here: `validated()` (which `ChartRenderer.render` calls) applies every limit JSON gets.
    public init(type: ChartType, width: Double = 640, height: Double = 360, title: String? = nil,
                subtitle: String? = nil, labels: [String]? = nil, series: [Series] = [], theme: Theme = .light,
                palette: [Color]? = nil, format: OutputFormat? = nil) {
        self.init()
        self.type = type
        self.width = width
        self.height = height
        self.title = title
        self.subtitle = subtitle
        self.labels = labels
        self.series = series
        self.theme = theme
        self.palette = palette
        self.format = format
    }
}
