/// The PNG encoder's speed/size trade-off (the renderer maps the spec's `Compression` to it).
public enum PNGCompression: Hashable, Sendable, CaseIterable {
    /// Fastest encode: the chart-specialised deflate trying only the left pixel and the pixel above as matches; on the
    /// standard chart only 1–5 % faster than `.balanced` but 29 % larger (about the size of libpng's defaults).
    case fast
    /// The default: the chart-specialised deflate plus a hash of earlier bytes; ~4× faster than zlib level 3 through
    /// libpng and about as small (docs/benchmarks.md, "Raster and PNG").
    case balanced
    /// Smallest files: libpng, unfiltered rows, zlib level 9 — many times slower.
    case small
}
