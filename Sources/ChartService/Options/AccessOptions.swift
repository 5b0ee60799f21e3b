extension ChartdOptions {
    /// The access-control flags (see `AccessConfiguration`), appended to `settings`.
    static let accessSettings: [Setting] = [
        Setting(flag: "--auth", variable: "AUTH", help: "off|keys: whether render requests need an API key (off)") {
            o, v throws(Invalid) in
            guard let mode = AuthMode(rawValue: v.lowercased()) else {
                throw Invalid(description: "--auth/AUTH must be off or keys, not \"\(v)\"")
            }
            o.service.access.mode = mode
        },
        Setting(flag: "--keys-file", variable: "KEYS_FILE",
                help: "API keys: <id> <secret> [rate=N/s] [burst=N] a line; SIGHUP reloads") { o, v in
            o.service.access.keysFile = v
        },
        Setting(flag: "--rate", variable: "RATE",
                help: "tokens a second per key (or client address), 0 = no limit (0)") { o, v throws(Invalid) in
            o.service.access.rate = try tokens(v, "--rate/RATE", 0...1e6)
        },
        Setting(flag: "--burst", variable: "BURST", help: "token bucket size (default: one second's worth)") {
            o, v throws(Invalid) in o.service.access.burst = try tokens(v, "--burst/BURST", 1...1e9)
        },
        Setting(flag: "--trusted-proxies", variable: "TRUSTED_PROXIES",
                help: "comma-separated CIDRs whose X-Forwarded-For is believed") { o, v throws(Invalid) in
            let parsed = IPNetwork.list(v)
            guard let networks = parsed.networks else {
                throw Invalid(description: "--trusted-proxies/TRUSTED_PROXIES: \"\(parsed.invalid ?? v)\" is not "
                    + "an IPv4 or IPv6 address or CIDR block")
            }
            o.service.access.trustedProxies = networks
        },
    ]

    /// Settings that only make sense together; checked once everything is applied.
    func checkAccess() throws(Invalid) {
        if service.access.mode == .keys && service.access.keysFile == nil {
            throw Invalid(description: "--auth keys needs --keys-file (or KEYS_FILE)")
        }
    }

    private static func tokens(_ text: String, _ name: String, _ range: ClosedRange<Double>) throws(Invalid)
        -> Double
    {
        guard let value = AccessKeyFile.number(Substring(text)), range.contains(value) else {
            throw Invalid(description: "\(name) must be a number from \(Int(range.lowerBound)) to "
                + "\(Int(range.upperBound)), not \"\(text)\"")
        }
        return value
    }
}
