public import ChartScene

extension Series {
    /// A category series: one value per label (x is the value's index); `nil` is a gap that breaks the line.
    ///
    /// ```swift
    /// Series(name: "2025", values: [1, 2, nil, 4], color: Color(hex: "#4e79a7"))
    /// ```
    public init(name: String? = nil, values: [Double?], color: Color? = nil) {
        self.init(name: name, points: values.enumerated().map { DataPoint(x: Double($0.offset), y: $0.element) })
        self.color = color
    }

    /// A series at numeric x (scatter charts, lines over a numeric or time axis: x in epoch milliseconds there);
    /// `y` nil is a gap. Line, area and bar charts need x in ascending order; scatter points may come in any order.
    ///
    /// ```swift
    /// Series(name: "fit", xy: [(0, 1.5), (2.5, 2), (4, nil), (7, 3.25)])
    /// ```
    public init(name: String? = nil, xy: [(x: Double, y: Double?)], color: Color? = nil) {
        self.init(name: name, points: xy.map { DataPoint(x: $0.x, y: $0.y) }, hasNumericX: true)
        self.color = color
    }

    /// A bubble series for a scatter chart: each point's `size` sets its bubble's area (`sizeMode`).
    public init(name: String? = nil, bubbles: [(x: Double, y: Double, size: Double)], color: Color? = nil) {
        self.init(name: name, points: bubbles.map { DataPoint(x: $0.x, y: $0.y) }, hasNumericX: true)
        self.sizes = bubbles.map(\.size)
        self.color = color
    }

    /// The y values, in order (nil for gaps).
    public var values: [Double?] { points.map(\.y) }
}
