import Testing
@testable import ChartService

/// One keys file the parser must refuse: the line it names and a fragment of its message.
struct KeyFileRejection: Sendable, CustomTestStringConvertible {
    var text: String
    var line: Int
    var fragment: String
    var testDescription: String { "line \(line): \(fragment)" }

    init(_ text: String, _ line: Int, _ fragment: String) {
        self.text = text
        self.line = line
        self.fragment = fragment
    }
}

struct AccessKeyFileTests {
    static let secretA = String(repeating: "a", count: 32)
    static let secretB = "0123456789abcdef0123456789abcdef-+/=_"

    @Test func readsKeysCommentsAndOptions() throws {
        let text = """
            # chartd keys
            alpha \(Self.secretA)
               \t
            beta.2 \(Self.secretB) rate=2.5/s burst=20   # the dashboard
            Gamma_3 \(Self.secretA)b#not-a-comment rate=0/s
            delta-4 \(Self.secretA)c burst=5\r

            """
        let keys = try AccessKeyFile.parse(text)
        #expect(keys.map(\.id) == ["alpha", "beta.2", "Gamma_3", "delta-4"])
        #expect(keys[0].secret == Array(Self.secretA.utf8) && keys[0].rate == nil && keys[0].burst == nil)
        #expect(keys[1].secret == Array(Self.secretB.utf8) && keys[1].rate == 2.5 && keys[1].burst == 20)
        #expect(keys[2].secret == Array((Self.secretA + "b#not-a-comment").utf8) && keys[2].rate == 0)
        #expect(keys[3].secret == Array((Self.secretA + "c").utf8) && keys[3].burst == 5)
    }

    @Test func anEmptyFileHasNoKeys() throws {
        #expect(try AccessKeyFile.parse("").isEmpty)
        #expect(try AccessKeyFile.parse("# nothing yet\n\n").isEmpty)
    }

    static let rejections: [KeyFileRejection] = [
        KeyFileRejection("# keys\n\nalpha\n", 3, "key alpha has no secret"),
        KeyFileRejection("alpha short\n", 1, "is 5 characters; it must be at least 32"),
        KeyFileRejection("alpha \(secretA.dropLast())\n", 1, "is 31 characters"),
        KeyFileRejection("al\"pha \(secretA)\n", 1, "the key id must be 1 to 64 of A-Z a-z 0-9 . _ -"),
        KeyFileRejection("-alpha \(secretA)\n", 1, "start with a letter or digit"),
        KeyFileRejection("\(String(repeating: "k", count: 65)) \(secretA)\n", 1, "the key id must be 1 to 64"),
        KeyFileRejection("alpha \(secretA)é\n", 1, "must be visible ASCII"),
        KeyFileRejection("alpha \(secretA)\nbeta \(secretB)\nalpha \(secretA)x\n", 3,
                         "key id alpha is already defined on line 1"),
        KeyFileRejection("alpha \(secretA)\n# two keys, one secret\nbeta \(secretA)\n", 3,
                         "key beta has the same secret as key alpha (line 1)"),
        KeyFileRejection("alpha \(secretA) rate=10\n", 1, "rate must be tokens per second"),
        KeyFileRejection("alpha \(secretA) rate=-1/s\n", 1, "rate must be tokens per second"),
        KeyFileRejection("alpha \(secretA) rate=1e3/s\n", 1, "rate must be tokens per second"),
        KeyFileRejection("alpha \(secretA) rate=1/s rate=2/s\n", 1, "rate is given twice"),
        KeyFileRejection("alpha \(secretA) burst=0\n", 1, "burst must be a number of tokens from 1"),
        KeyFileRejection("alpha \(secretA) burst=nan\n", 1, "burst must be a number of tokens"),
        KeyFileRejection("alpha \(secretA) burst=2 burst=3\n", 1, "burst is given twice"),
        KeyFileRejection("alpha \(secretA) ttl=60\n", 1, #"unknown option "ttl""#),
        KeyFileRejection("alpha \(secretA) extra\n", 1, "expected rate=<tokens>/s or burst=<tokens>"),
    ]

    @Test(arguments: rejections)
    func refusesBadLinesNamingTheLine(_ rejection: KeyFileRejection) {
        #expect {
            try AccessKeyFile.parse(rejection.text)
        } throws: { error in
            guard let invalid = error as? AccessKeyFile.Invalid else { return false }
            return invalid.line == rejection.line && invalid.message.contains(rejection.fragment)
        }
    }

    @Test func theErrorNeverShowsASecret() {
        let secret = "s3cr3t-" + String(repeating: "x", count: 30)
        for text in ["alpha \(secret) bogus\n", "alpha \(secret)\nbeta \(secret)\n"] {
            #expect {
                try AccessKeyFile.parse(text)
            } throws: { error in
                !"\(error)".contains(secret)
            }
        }
    }

    @Test func keyIDsAreLimitedToASafeCharset() {
        for id in ["a", "A1", "key.v2", "team_x-01", String(repeating: "z", count: 64)] {
            #expect(AccessKey.isValidID(id), "\(id)")
        }
        for id in ["", "-", ".a", "a b", "a\"b", "a\\b", "a{b}", "ключ", String(repeating: "z", count: 65)] {
            #expect(!AccessKey.isValidID(id), "\(id)")
        }
    }
}
