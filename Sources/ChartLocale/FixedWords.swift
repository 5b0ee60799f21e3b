/// The words the layout writes itself, per locale. CLDR has none of these: they are written by hand in
/// scripts/locale-words.tsv and generated into the tables with the CLDR data.
public struct FixedWords: Hashable, Sendable {
    /// Shown in a chart without data.
    public let noData: String
    /// A lead chart's tooltip where neither series leads.
    public let tied: String
    /// The pie slice that merges the small ones.
    public let other: String
    /// A pie slice without a label; `{0}` is its 1-based number.
    public let item: String
    /// A series without a name; `{0}` is its 1-based number.
    public let series: String
    /// A lead chart's tooltip at a lead change.
    public let leadChange: String
    /// The default text beside a lead change; `{name}` is the new leader.
    public let leads: String
    /// A bubble's size in a scatter tooltip.
    public let size: String

    /// `item` for the 1-based `number`, written in the locale's digits by `digits`.
    public func item(_ number: String) -> String { item.replacing("{0}", with: number) }
    /// `series` for the 1-based `number`.
    public func series(_ number: String) -> String { series.replacing("{0}", with: number) }
}
