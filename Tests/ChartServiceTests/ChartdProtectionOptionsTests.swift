import ChartService
import HTTPServer
import Testing

/// The flags for cancellation, fair admission and bounded output.
struct ChartdProtectionOptionsTests {
    @Test func defaultsIncludeATwoSecondRenderTimeout() throws {
        let options = try ChartdOptions.parse(arguments: [], environment: [:])
        #expect(options.server.processingTimeout == .seconds(2))
        #expect(options.server.firstByteTimeout == .seconds(5))
        #expect(options.server.maxConnectionsPerClient == 64)
        #expect(options.server.maxQueuedPerClient == 16)
        #expect(options.server.maxPendingOutputBytes == 64 << 20)
        #expect(options.server.maxBufferedInputBytes == 64 << 20)
        #expect(options.server.minSendBytesPerSecond == 1024)
    }

    @Test func flagsAndVariablesSetEveryKnob() throws {
        let options = try ChartdOptions.parse(
            arguments: ["--first-byte-timeout", "1.5", "--max-connections-per-client=8", "--min-send-rate", "0",
                        "--render-timeout", "off"],
            environment: ["MAX_QUEUED_PER_CLIENT": "4", "MAX_PENDING_OUTPUT_BYTES": "16777216",
                          "RENDER_TIMEOUT": "0.5", "MAX_BUFFERED_INPUT_BYTES": "8388608"])
        #expect(options.server.firstByteTimeout == .milliseconds(1500))
        #expect(options.server.maxConnectionsPerClient == 8)
        #expect(options.server.maxQueuedPerClient == 4)
        #expect(options.server.maxPendingOutputBytes == 16 << 20)
        #expect(options.server.maxBufferedInputBytes == 8 << 20)
        #expect(options.server.minSendBytesPerSecond == 0)
        #expect(options.server.processingTimeout == nil)
        let fromEnvironment = try ChartdOptions.parse(arguments: [], environment: ["RENDER_TIMEOUT": "0.5"])
        #expect(fromEnvironment.server.processingTimeout == .milliseconds(500))
    }

    @Test(arguments: [["--first-byte-timeout", "0"], ["--max-connections-per-client", "0"],
                      ["--max-queued-per-client", "x"], ["--max-pending-output-bytes", "1000"],
                      ["--min-send-rate", "-1"], ["--render-timeout", "never"],
                      ["--max-buffered-input-bytes", "1000"], ["--max-buffered-input-bytes", "lots"]])
    func rejectsBadValues(arguments: [String]) {
        #expect(throws: ChartdOptions.Invalid.self) { try ChartdOptions.parse(arguments: arguments, environment: [:]) }
    }

    @Test func theInputCapMustLeaveRoomForOneLargestBody() throws {
        // Bodies may use three quarters of the cap: 2 MiB + 16 KiB of request needs 2,818,047 bytes of cap.
        #expect(throws: ChartdOptions.Invalid.self) {
            try ChartdOptions.parse(arguments: ["--max-buffered-input-bytes", "2097152"], environment: [:])
        }
        #expect(throws: ChartdOptions.Invalid.self) {
            try ChartdOptions.parse(arguments: ["--max-body-bytes", "67108864"], environment: [:])
        }
        let fits = try ChartdOptions.parse(arguments: ["--max-buffered-input-bytes", "2818047"], environment: [:])
        #expect(fits.server.maxBufferedInputBytes == 2_818_047)
        #expect(throws: ChartdOptions.Invalid.self) {
            try ChartdOptions.parse(arguments: ["--max-buffered-input-bytes", "2818046"], environment: [:])
        }
        let raised = try ChartdOptions.parse(arguments: ["--max-body-bytes", "67108864"],
                                             environment: ["MAX_BUFFERED_INPUT_BYTES": "134217728"])
        #expect(raised.server.limits.maxBodyBytes == 64 << 20)
    }

    @Test func helpListsTheNewFlags() {
        for (flag, variable) in [("--first-byte-timeout", "FIRST_BYTE_TIMEOUT"),
                                 ("--max-connections-per-client", "MAX_CONNECTIONS_PER_CLIENT"),
                                 ("--max-queued-per-client", "MAX_QUEUED_PER_CLIENT"),
                                 ("--max-pending-output-bytes", "MAX_PENDING_OUTPUT_BYTES"),
                                 ("--min-send-rate", "MIN_SEND_RATE"), ("--render-timeout", "RENDER_TIMEOUT"),
                                 ("--max-buffered-input-bytes", "MAX_BUFFERED_INPUT_BYTES")] {
            #expect(ChartdOptions.help.contains("\(flag) <v>, \(variable) "))
        }
    }
}

/// The HTTP server's counters in `/metrics`.
struct ServerStatisticsMetricsTests {
    @Test func metricsIncludeTheServersCountersOnceReported() {
        let service = ChartService()
        let get = HTTPRequest(head: HTTPRequestHead(method: "GET", target: "/metrics", version: .http1_1,
                                                    headers: ["Host": "t"]))
        #expect(!service.respond(to: get).text.contains("chartd_slow_readers_reset_total"))
        var statistics = HTTPServerStatistics()
        statistics.slowReadersReset = 3
        statistics.requestsCancelledByDeadline = 2
        statistics.pendingOutputBytes = 4096
        statistics.bufferedInputBytes = 8192
        statistics.connectionsPausedForInput = 5
        statistics.requestsRefusedForInputCap = 1
        let reported = statistics
        service.metrics.reportServerStatistics { reported }
        let text = service.respond(to: get).text
        #expect(text.contains("\nchartd_slow_readers_reset_total 3\n"))
        #expect(text.contains("\nchartd_requests_cancelled_deadline_total 2\n"))
        #expect(text.contains("# TYPE chartd_pending_output_bytes gauge\nchartd_pending_output_bytes 4096\n"))
        #expect(text.contains("# TYPE chartd_buffered_input_bytes gauge\nchartd_buffered_input_bytes 8192\n"))
        #expect(text.contains("\nchartd_connections_paused_for_input 5\n"))
        #expect(text.contains("\nchartd_requests_refused_input_cap_total 1\n"))
    }
}

/// The render budget from flags and variables.
struct ChartdBudgetOptionsTests {
    @Test func defaultsAreTheStandardBudget() throws {
        #expect(try ChartdOptions.parse(arguments: [], environment: [:]).service.budget == .standard)
    }

    @Test func flagsAndVariablesSetEveryBudget() throws {
        let options = try ChartdOptions.parse(
            arguments: ["--max-dashes", "1000", "--max-path-segments=5000", "--max-raster-ms", "250",
                        "--max-animated-frames", "90", "--max-animated-raster-ms=400"],
            environment: ["MAX_GLYPHS": "2000", "MAX_OUTPUT_BYTES": "1048576", "MAX_ANIMATED_PIXELS": "9000000"])
        let budget = options.service.budget
        #expect(budget.maxDashes == 1000 && budget.maxSegments == 5000 && budget.maxGlyphs == 2000)
        #expect(budget.maxRasterWork == 250e6 && budget.maxOutputBytes == 1 << 20)
        #expect(budget.maxAnimatedFrames == 90 && budget.maxAnimatedPixels == 9e6
            && budget.maxAnimatedRasterWork == 400e6)
    }

    @Test(arguments: [["--max-dashes", "-1"], ["--max-path-segments", "10"], ["--max-glyphs", "many"],
                      ["--max-raster-ms", "0"], ["--max-output-bytes", "100"], ["--max-animated-frames", "0"],
                      ["--max-animated-pixels", "-5"], ["--max-animated-raster-ms", "0"]])
    func rejectsBadBudgets(arguments: [String]) {
        #expect(throws: ChartdOptions.Invalid.self) { try ChartdOptions.parse(arguments: arguments, environment: [:]) }
    }
}
