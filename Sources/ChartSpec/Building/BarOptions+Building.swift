extension BarOptions {
    /// How a bar chart draws its bars; every argument has the JSON field's default.
    ///
    /// ```swift
    /// spec.bars = BarOptions(orientation: .horizontal, mode: .stacked, cornerRadius: 4)
    /// ```
    public init(orientation: BarOrientation = .vertical, mode: BarMode = .grouped, cornerRadius: Double = 0,
                valueLabels: Bool = false) {
        self.init()
        self.orientation = orientation
        self.mode = mode
        self.cornerRadius = cornerRadius
        self.valueLabels = valueLabels
    }
}
