import HTTPServer
import Synchronization

/// Whether chartd should be sent traffic, as `GET /readyz` answers it. Draining (after SIGTERM) is the service's own
/// flag and wins over every state here.
///
/// A service starts `starting`; chartd's warm-up (`WarmUp`) renders one small chart through every backend and then
/// marks it `ready`, `degraded` (serving, with something missing: `--allow-missing-fonts`) or `failed` (a backend
/// could not render: the service stays out of the load balancer, and the old pods keep serving).
public final class Readiness: Sendable {
    /// What `/readyz` says.
    public enum State: Sendable, Equatable {
        /// The warm-up has not finished: 503 `starting: warming up`.
        case starting
        /// 200 `{"status":"ready"}`.
        case ready
        /// Serving with `component` impaired: 200 `{"status":"degraded: <reason>"}` and the header
        /// `Chart-Degraded: <component>`.
        case degraded(reason: String, component: String)
        /// The warm-up failed: 503 `not ready: <reason>`. Final: only a restart retries.
        case failed(String)
    }

    private let state = Mutex(State.starting)

    public init() {}

    /// The state now.
    public var current: State { state.withLock { $0 } }

    /// Every backend rendered: take traffic.
    public func markReady() { state.withLock { $0 = .ready } }

    /// Take traffic, saying what is impaired (`component` is a short token for the `Chart-Degraded` header).
    public func markDegraded(_ reason: String, component: String = "fonts") {
        state.withLock { $0 = .degraded(reason: reason, component: component) }
    }

    /// Do not take traffic: `reason` says which backend failed and how.
    public func markFailed(_ reason: String) { state.withLock { $0 = .failed(reason) } }

    /// The `/readyz` answer for the current state (the service answers draining itself, before asking this).
    var response: HTTPResponse {
        switch current {
        case .starting:
            var response = Problem(status: 503, detail: "starting: warming up").response
            response.headers.set("Retry-After", "1")
            return response
        case .ready:
            return .json(200, #"{"status":"ready"}"#)
        case .degraded(let reason, let component):
            var response = HTTPResponse.json(200, "{\"status\":\(jsonStringLiteral("degraded: " + reason))}")
            response.headers.set("Chart-Degraded", component)
            return response
        case .failed(let reason):
            return Problem(status: 503, detail: "not ready: warm-up failed: \(reason)").response
        }
    }
}
