#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Which readiness mechanism the server uses (`HTTPServerConfiguration.poller`).
public enum PollerChoice: String, Sendable, CaseIterable {
    /// epoll on Linux, unless the environment variable `CHART_POLLER` is `poll`; poll(2) elsewhere.
    case automatic = "auto"
    /// Linux's epoll (level-triggered); starting a server with it elsewhere fails.
    case epoll
    /// POSIX poll(2), with the portable accept path and a pipe as the waker: what macOS and the BSDs run. Slower
    /// than epoll with many idle connections (each wait passes every descriptor), fine for a few hundred.
    case poll

    /// Whether epoll exists in this build (Linux, and not compiled with `-D CHART_PORTABLE_IO`).
    public static var epollAvailable: Bool {
        #if os(Linux) && !CHART_PORTABLE_IO
        true
        #else
        false
        #endif
    }

    /// The concrete choice: `.epoll` or `.poll`. `environment` is the process environment (only `CHART_POLLER`
    /// is read, and only for `.automatic`); nil reads the real one.
    public func resolved(environment: [String: String]? = nil) -> PollerChoice {
        switch self {
        case .epoll, .poll:
            return self
        case .automatic:
            guard Self.epollAvailable else { return .poll }
            let variable: String? = if let environment { environment["CHART_POLLER"] } else {
                getenv("CHART_POLLER").map { String(cString: $0) }
            }
            return variable == "poll" ? .poll : .epoll
        }
    }

    /// A poller for a resolved choice (`.automatic` resolves first).
    func makePoller() throws(HTTPServerError) -> any Poller {
        switch resolved() {
        case .epoll:
            #if os(Linux) && !CHART_PORTABLE_IO
            return try EpollPoller()
            #else
            throw HTTPServerError(operation: "epoll (this system has none; use the poll poller)", errno: ENOSYS)
            #endif
        case .poll, .automatic:
            return try PollPoller()
        }
    }
}
