public import ChartSpec

/// Why a render failed: the request's fault (a spec problem, with JSON paths; a chart over the render budget), the
/// caller's (it cancelled), or ours (a backend failed on a validated spec — always a bug, reported as such rather
/// than crashing).
public enum RenderError: Error, Sendable, CustomStringConvertible {
    /// The spec was refused: every problem with its JSON path (`series[0].values[3]`).
    case invalidSpec(SpecError)
    /// The chart would cost more than the `RenderBudget` allows; each issue names what to reduce.
    case tooComplex([SpecIssue])
    /// The caller's `CancellationCheck` fired (deadline passed, client gone); the partial output was discarded.
    case cancelled
    /// An encoder failed on a valid spec: a bug of ours, reported instead of crashing.
    case backendFailure(String)

    public var description: String {
        switch self {
        case .invalidSpec(let error): error.description
        case .tooComplex(let issues): "chart too complex: " + issues.map(\.description).joined(separator: "; ")
        case .cancelled: "rendering was cancelled"
        case .backendFailure(let message): "internal rendering failure: \(message)"
        }
    }
}
