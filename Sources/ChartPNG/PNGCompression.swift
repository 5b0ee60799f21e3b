/// The PNG encoder's speed/size trade-off (the renderer maps the spec's `Compression` to it).
public enum PNGCompression: Hashable, Sendable, CaseIterable {
    /// Fastest encode: the chart-specialised deflate trying only the left pixel, the pixel above and its neighbours
    /// as matches (~15 % larger than `.balanced`, still smaller than libpng's defaults on charts).
    case fast
    /// The default: the chart-specialised deflate plus a hash of earlier bytes; ~3× faster than zlib level 3 through
    /// libpng and about as small (docs/benchmarks.md, "Raster and PNG").
    case balanced
    /// Smallest files: libpng, unfiltered rows, zlib level 9 — many times slower.
    case small
}
