/// Options of a lead/deficit chart (`type: "diff"`): the line of series 0 − series 1 around a zero line.
public struct DiffOptions: Hashable, Sendable {
    /// A hollow ring where the lead changes hands (at the interpolated zero crossing).
    public var markLeadChanges: Bool = true
    /// A short "… leads" text beside each lead-change marker.
    public var labels: Bool = false
    /// How a leader is named in the legend, labels and tooltips; `{name}` stands for the series name
    /// (e.g. `"{name}领先"`). Empty names the leader by its series name alone, as `"{name}"` does.
    public var leadLabel: String = "{name} leads"

    /// `leadLabel` for the series named `name`; `name` itself when `leadLabel` is empty (an empty legend entry or
    /// tooltip would not say who leads).
    public func leadText(_ name: String) -> String {
        leadLabel.isEmpty ? name : leadLabel.replacing("{name}", with: name)
    }

    /// The default look: the theme's colors for leading and trailing.
    public init() {}
}
