/// Options of a lead/deficit chart (`type: "diff"`): the line of series 0 − series 1 around a zero line.
public struct DiffOptions: Hashable, Sendable {
    /// A hollow ring where the lead changes hands (at the interpolated zero crossing).
    public var markLeadChanges: Bool = true
    /// A short "… leads" text beside each lead-change marker.
    public var labels: Bool = false

    public init() {}
}
