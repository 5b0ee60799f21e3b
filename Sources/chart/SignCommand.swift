import ChartCrypto
import ChartSpec
import Foundation

// chart sign: prints a signed GET URL for chartd with --auth keys (see "Running it on the internet" in README.md).

let signUsage = """
    usage: chart sign --key-id ID --secret-file F [--exp SECONDS] SPEC.json [--format F] [--base URL]

      --key-id ID       the key's id in the server's keys file (kid=)
      --secret-file F   a file holding the key's secret (surrounding whitespace is ignored)
      --exp SECONDS     the URL stops working this many seconds from now (exp=); default: never
      SPEC.json         the chart spec, sent as c=<base64url of the file as given>; "-" reads standard input
      --format F        adds format=F: \(OutputFormat.names)
      --base URL        scheme and host of the server (default http://localhost:8080)

    The URL is <base>/v1/chart?c=…[&format=…]&kid=…[&exp=…]&sig=…, where sig is the unpadded base64url of
    HMAC-SHA256(secret, "/v1/chart?" + everything before "&sig=").

    """

struct SignCommand {
    var keyID = ""
    var secretFile = ""
    var lifetime: Int?
    var input = ""
    var format: OutputFormat?
    var base = "http://localhost:8080"

    init(arguments: [String]) {
        var args = arguments[...]
        var positional: [String] = []
        func value(_ flag: String) -> String {
            guard let value = args.popFirst() else { fail("chart sign: \(flag) needs a value\n" + signUsage, code: 2) }
            return value
        }
        while let arg = args.popFirst() {
            switch arg {
            case "--key-id": keyID = value(arg)
            case "--secret-file": secretFile = value(arg)
            case "--exp":
                guard let seconds = Int(value(arg)), seconds > 0, seconds <= 100 * 366 * 86400 else {
                    fail("chart sign: --exp takes a number of seconds from 1 to 100 years\n", code: 2)
                }
                lifetime = seconds
            case "--format":
                guard let f = OutputFormat(name: value(arg)) else {
                    fail("chart sign: --format takes one of \(OutputFormat.names)\n", code: 2)
                }
                format = f
            case "--base": base = value(arg)
            case "-h", "--help":
                print(signUsage, terminator: "")
                exit(0)
            default:
                if arg.hasPrefix("-") && arg != "-" { fail("chart sign: unknown option \(arg)\n" + signUsage, code: 2) }
                positional.append(arg)
            }
        }
        guard positional.count == 1, !keyID.isEmpty, !secretFile.isEmpty else { fail(signUsage, code: 2) }
        input = positional[0]
        // The server's key-id charset, so the id needs no percent-encoding.
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-")
        guard keyID.count <= 64, keyID.allSatisfy(allowed.contains), keyID.first.map(allowed.contains) == true,
            keyID.first != ".", keyID.first != "_", keyID.first != "-"
        else {
            fail("chart sign: --key-id must be 1 to 64 of A-Z a-z 0-9 . _ - starting with a letter or digit\n", code: 2)
        }
        while base.hasSuffix("/") { base.removeLast() }
    }

    func run() {
        let json = readInput(input, command: "chart sign")
        guard let secretData = FileManager.default.contents(atPath: secretFile) else {
            fail("chart sign: cannot read \(secretFile)\n", code: 1)
        }
        let secret = Array(String(decoding: secretData, as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines).utf8)
        guard !secret.isEmpty else { fail("chart sign: \(secretFile) is empty\n", code: 1) }

        var target = "/v1/chart?c=" + Self.base64URL(Array(json))
        if let format { target += "&format=" + format.rawValue }
        target += "&kid=" + keyID
        if let lifetime { target += "&exp=\(Int(Date().timeIntervalSince1970) + lifetime)" }
        let signature = HMACSHA256.authenticationCode(key: secret, message: Array(target.utf8))
        print(base + target + "&sig=" + Self.base64URL(signature))
    }

    /// Base64url without padding (RFC 4648 §5).
    static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
