public import HTTPServer

/// Startup: the warm-up that turns `/readyz` ready.
extension ChartService {
    /// Renders `WarmUp.steps` through the service's renderer on a thread of its own (the server may already listen:
    /// `/healthz` answers, `/readyz` says `starting`), then sets `readiness`: `failed` when a step failed,
    /// otherwise `degraded` with `degradedReason` when there is one (`--allow-missing-fonts`), else `ready`.
    /// Logs the outcome to `logger` (the times of every step), then calls `completion` with it (on that thread).
    public func warmUp(degradedReason: String? = nil, timeLimit: Double = 10, logger: Logger? = nil,
                       completion: @escaping @Sendable (WarmUp.Outcome) -> Void = { _ in }) {
        let renderer = self.renderer, readiness = self.readiness
        let work: @Sendable () -> Void = {
            let outcome = WarmUp.run(renderer: renderer, timeLimit: timeLimit)
            if let failure = outcome.failure {
                readiness.markFailed(failure)
                logger?.error("warm-up failed, /readyz stays 503: \(failure)", outcome.logFields)
            } else if let degradedReason {
                readiness.markDegraded(degradedReason)
                logger?.warning("ready, degraded (\(degradedReason)): warm-up rendered every backend",
                                outcome.logFields)
            } else {
                readiness.markReady()
                logger?.info("ready: warm-up rendered every backend", outcome.logFields)
            }
            completion(outcome)
        }
        if !runOnOwnThread(work) { work() }
    }
}
