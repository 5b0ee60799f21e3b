public import ChartSpec

/// Why a render failed: the request's fault (a spec problem, with JSON paths) or ours (a backend failed on a
/// validated spec — always a bug, reported as such rather than crashing).
public enum RenderError: Error, Sendable, CustomStringConvertible {
    case invalidSpec(SpecError)
    case backendFailure(String)

    public var description: String {
        switch self {
        case .invalidSpec(let error): error.description
        case .backendFailure(let message): "internal rendering failure: \(message)"
        }
    }
}
