public import ChartSpec

/// QuickChart's request surface minus transport concerns: everything about a `/chart` request except the config
/// itself and its encoding. Defaults are QuickChart's (500×300 CSS px at device pixel ratio 2, transparent, 2.9.4).
public struct ChartJSRequest: Sendable {
    /// Canvas width in CSS px (QuickChart `width` / `w`).
    public var width: Double = 500
    /// Canvas height in CSS px (QuickChart `height` / `h`).
    public var height: Double = 300
    /// Device pixels per CSS px of a raster image (native `scale`).
    public var devicePixelRatio: Double = 2
    /// Any CSS colour painted under the chart; nil = transparent (QuickChart `backgroundColor` / `bkg`).
    public var backgroundColor: String? = nil
    /// Selects the defaults that differ between Chart.js versions.
    public var version: ChartJSVersion = .v2
    /// The format that will be rendered, when known: a PNG's raster budget is then checked during translation.
    public var format: OutputFormat? = nil

    public init(width: Double = 500, height: Double = 300, devicePixelRatio: Double = 2,
                backgroundColor: String? = nil, version: ChartJSVersion = .v2, format: OutputFormat? = nil) {
        self.width = width
        self.height = height
        self.devicePixelRatio = devicePixelRatio
        self.backgroundColor = backgroundColor
        self.version = version
        self.format = format
    }
}
