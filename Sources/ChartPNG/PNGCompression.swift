/// The PNG encoder's speed/size trade-off (the renderer maps the spec's `Compression` to it).
public enum PNGCompression: Hashable, Sendable, CaseIterable {
    /// Fastest encode (about zlib level 1's speed), slightly larger files than `.balanced`.
    case fast
    /// The default: several times faster than libpng's defaults, and no larger.
    case balanced
    /// Smallest files, at about twice libpng's default cost.
    case small
}
