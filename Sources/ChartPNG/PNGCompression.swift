/// The PNG encoder's speed/size trade-off (the renderer maps the spec's `Compression` to it).
public enum PNGCompression: Hashable, Sendable, CaseIterable {
    /// Fastest encode, somewhat larger files.
    case fast
    /// The default: several times faster than libpng's defaults at nearly their size.
    case balanced
    /// Smallest files, at libpng's default cost or more.
    case small
}
