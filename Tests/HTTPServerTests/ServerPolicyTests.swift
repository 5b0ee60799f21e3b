import Testing
@testable import HTTPServer

/// The pure rules behind the output bounds and the per-client counts.
struct OutputPolicyTests {
    @Test func minimumRateIsBytesPerSecondOverTheWindow() {
        let second: UInt64 = 1_000_000_000
        #expect(OutputPolicy.keptMinimumRate(sent: 10_240, elapsedNanoseconds: 10 * second, minBytesPerSecond: 1024))
        #expect(!OutputPolicy.keptMinimumRate(sent: 10_239, elapsedNanoseconds: 10 * second, minBytesPerSecond: 1024))
        #expect(!OutputPolicy.keptMinimumRate(sent: 0, elapsedNanoseconds: second, minBytesPerSecond: 1))
        #expect(OutputPolicy.keptMinimumRate(sent: 0, elapsedNanoseconds: 100 * second, minBytesPerSecond: 0))
    }

    static let writers = [
        OutputPolicy.Writer(id: 1, unsentBytes: 100, bytesPerSecond: 50),
        OutputPolicy.Writer(id: 2, unsentBytes: 300, bytesPerSecond: 1),
        OutputPolicy.Writer(id: 3, unsentBytes: 200, bytesPerSecond: 10),
    ]

    @Test func aResponseThatFitsResetsNoOne() {
        #expect(OutputPolicy.writersToReset(candidates: Self.writers, pending: 600, incoming: 400, cap: 1000) == [])
    }

    @Test func theSlowestWritersAreResetUntilTheResponseFits() {
        #expect(OutputPolicy.writersToReset(candidates: Self.writers, pending: 600, incoming: 500, cap: 1000) == [2])
        #expect(OutputPolicy.writersToReset(candidates: Self.writers, pending: 600, incoming: 800, cap: 1000)
            == [2, 3])
        #expect(OutputPolicy.writersToReset(candidates: Self.writers, pending: 600, incoming: 1000, cap: 1000)
            == [2, 3, 1])
    }

    @Test func noOneIsResetWhenThatCannotMakeRoom() {
        // The candidates hold 600 of the 700 pending bytes; the other 100 belong to young writers.
        #expect(OutputPolicy.writersToReset(candidates: Self.writers, pending: 700, incoming: 1000, cap: 1000) == nil)
        #expect(OutputPolicy.writersToReset(candidates: Self.writers, pending: 600, incoming: 1001, cap: 1000) == nil)
        #expect(OutputPolicy.writersToReset(candidates: [], pending: 600, incoming: 500, cap: 1000) == nil)
    }

    @Test func clientCountsForgetClientsThatHoldNothing() {
        var counts = ClientCounts()
        let taken = [counts.take("a", limit: 2), counts.take("a", limit: 2), counts.take("a", limit: 2),
                     counts.take("b", limit: 2)]
        #expect(taken == [true, true, false, true])
        #expect(counts.count("a") == 2)
        counts.release("a")
        counts.release("a")
        counts.release("a")  // more releases than takes do not go negative
        #expect(counts.count("a") == 0)
        #expect(counts.clientCount == 1)
    }
}

struct MemoryTrimPolicyTests {
    @Test func thePolicyWaitsForIdleTrafficAndSpacesTrims() {
        var policy = MemoryTrimPolicy()
        let second: UInt64 = 1_000_000_000
        var due: [Bool] = []
        policy.noteBusy(at: 10 * second)
        due.append(policy.shouldTrim(at: 20 * second))  // idle, but no traffic worth trimming: false
        policy.noteTraffic(16 << 20, at: 20 * second)
        due.append(policy.shouldTrim(at: 20 * second + second / 2))  // not idle for long enough: false
        due.append(policy.shouldTrim(at: 21 * second))  // true
        due.append(policy.shouldTrim(at: 22 * second))  // once per burst: false
        policy.noteTraffic(16 << 20, at: 23 * second)
        due.append(policy.shouldTrim(at: 25 * second))  // idle again, but within the minimum interval: false
        due.append(policy.shouldTrim(at: 31 * second))  // true
        policy.noteTraffic(100, at: 32 * second)
        due.append(policy.shouldTrim(at: 42 * second))  // small responses alone: false
        policy.noteWork(at: 43 * second)
        due.append(policy.shouldTrim(at: 44 * second))  // a worker's request (a render) counts: true
        #expect(due == [false, false, true, false, false, true, false, true])
    }

    /// The values the server passes must be taken by glibc, or every render's buffers would again be unmapped and
    /// faulted in per request. Elsewhere nothing is set.
    @Test func glibcTakesTheThresholdsTheServerSets() {
        #if os(Linux) && canImport(Glibc) && !CHART_PORTABLE_IO
        #expect(holdFreedMemoryUntilIdle())
        #else
        #expect(!holdFreedMemoryUntilIdle())
        #endif
    }
}

/// The arithmetic of `maxBufferedInputBytes`.
struct InputBudgetTests {
    @Test func headersMayUseTheWholeCapAndEverythingElseThreeQuarters() {
        var budget = InputBudget(cap: 1000)
        #expect(budget.bodyLimit == 750)
        budget.adjust(by: 700)
        #expect(budget.room(for: .head) == 300)
        #expect(budget.room(for: .body) == 50)
        #expect(budget.fits(50, for: .body) && !budget.fits(51, for: .body))
        budget.adjust(by: 300)
        #expect(budget.room(for: .head) == 0 && budget.room(for: .body) == 0)
        budget.adjust(by: -1000)
        #expect(budget.held == 0)
        #expect(budget.peak == 1000)
    }

    @Test func aBodyLargerThanTheBodyShareCanNeverBeAdmitted() {
        let budget = InputBudget(cap: 1000)
        #expect(budget.canEverAdmit(connectionTotal: 750))
        #expect(!budget.canEverAdmit(connectionTotal: 751))
    }
}
