/// The PNG encoder's speed/size trade-off (the renderer maps the spec's `Compression` to it).
public enum PNGCompression: Hashable, Sendable, CaseIterable {
    /// The chart-specialised deflate matching only runs of the left pixel and of the pixel above. On charts it is no
    /// faster than `.balanced` (it leaves more literals to code) and 3–12 % larger; kept for callers that ask for
    /// it (docs/benchmarks.md, "issue 14, PNG deflate").
    case fast
    /// The default: the chart-specialised deflate, runs of equal pixels plus a hash for the rest; several times
    /// faster than zlib level 3 through libpng and about as small as zlib level 6 (docs/benchmarks.md, "Raster and
    /// PNG" and "issue 14, PNG deflate").
    case balanced
    /// Smallest files: libpng, unfiltered rows, zlib level 9 — many times slower.
    case small
}
