/// The libpng/zlib knobs behind a `PNGCompression` choice, public so benchmarks can compare alternatives.
public struct PNGSettings: Hashable, Sendable {
    /// Row filters libpng may choose from (it picks per row by a heuristic when several are allowed).
    public struct Filters: OptionSet, Hashable, Sendable {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }
        // The PNG_FILTER_* mask bits of libpng's public API.
        /// PNG filter type "None" (named so it cannot be confused with `Optional.none`).
        public static let unfiltered = Filters(rawValue: 0x08)
        public static let sub = Filters(rawValue: 0x10)
        public static let up = Filters(rawValue: 0x20)
        public static let average = Filters(rawValue: 0x40)
        public static let paeth = Filters(rawValue: 0x80)
        public static let all: Filters = [.unfiltered, .sub, .up, .average, .paeth]
    }

    /// zlib's compression strategies (values of the Z_* constants).
    public enum Strategy: Int32, Hashable, Sendable {
        case defaultStrategy = 0
        case filtered = 1
        case huffmanOnly = 2
        case rle = 3
    }

    /// nil: libpng's default (all filters for RGB/RGBA).
    public var filters: Filters?
    /// zlib level 0–9; nil: libpng's default (6).
    public var level: Int?
    /// nil: libpng's default (Z_FILTERED when filtering).
    public var strategy: Strategy?

    public init(filters: Filters?, level: Int?, strategy: Strategy?) {
        self.filters = filters
        self.level = level
        self.strategy = strategy
    }

    /// libpng with nothing set: the baseline the choices below are measured against.
    public static let libpngDefaults = PNGSettings(filters: nil, level: nil, strategy: nil)

    /// libpng settings for a compression choice. `PNGEncoder.encode(_:compression:)` uses them only for `.small`;
    /// `.fast` and `.balanced` go through the chart-specialised encoder, and these are their closest libpng
    /// equivalents (kept for comparison in chart-bench). Chart images are mostly flat color with antialiased edges,
    /// where PNG's row filters turn long runs into noise, so unfiltered rows deflate smaller and faster than libpng's
    /// adaptive filtering (docs/benchmarks.md, "Raster and PNG"). (Images with diagonal gradients or photographs
    /// would favour filters; charts do not have them.)
    public init(_ compression: PNGCompression) {
        switch compression {
        case .fast: self.init(filters: .unfiltered, level: 1, strategy: .defaultStrategy)
        case .balanced: self.init(filters: .unfiltered, level: 3, strategy: .defaultStrategy)
        case .small: self.init(filters: .unfiltered, level: 9, strategy: .defaultStrategy)
        }
    }
}
