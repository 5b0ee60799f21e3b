import ChartSpec
import Foundation
import Testing
@testable import ChartRender

struct DataURITests {
    /// Base64 checked against Foundation's encoder (an outside oracle) for every padding case and all byte values.
    @Test(arguments: [0, 1, 2, 3, 4, 5, 256, 1000, 3 * 1024 + 1])
    func base64MatchesFoundation(count: Int) {
        let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 8) }
        let chart = RenderedChart(bytes: bytes, format: .png)
        guard let uri = try? DataURI.encode(chart, budget: .standard) else {
            Issue.record("a small chart must fit the budget")
            return
        }
        #expect(String(decoding: uri, as: UTF8.self) == "data:image/png;base64," + Data(bytes).base64EncodedString())
        #expect(uri.count == "data:image/png;base64,".utf8.count + DataURI.base64Count(count))
    }

    @Test func namesTheFormatsMediaType() throws {
        for format in OutputFormat.allCases {
            let uri = try DataURI.encode(RenderedChart(bytes: [1, 2, 3], format: format), budget: .standard)
            #expect(String(decoding: uri, as: UTF8.self) == "data:\(format.mediaType);base64,AQID")
        }
    }

    /// The output budget applies to the URI, a third larger than the bytes: bytes that fit can make a URI that
    /// does not.
    @Test func theBudgetAppliesToTheEncodedSize() throws {
        var budget = RenderBudget()
        budget.maxOutputBytes = 1000
        let bytes = [UInt8](repeating: 0, count: 900)
        #expect(budget.outputProblem(bytes: bytes.count, format: .png) == nil)
        #expect(throws: RenderError.self) {
            try DataURI.encode(RenderedChart(bytes: bytes, format: .png), budget: budget)
        }
        do {
            _ = try DataURI.encode(RenderedChart(bytes: bytes, format: .png), budget: budget)
        } catch {
            guard case .tooComplex(let issues) = error else {
                Issue.record("expected tooComplex, got \(error)")
                return
            }
            #expect(issues.first?.message.hasPrefix("as a data URI, the png output is") == true)
        }
        let fits = [UInt8](repeating: 0, count: (1000 - 22) / 4 * 3)
        #expect(try DataURI.encode(RenderedChart(bytes: fits, format: .png), budget: budget).count <= 1000)
    }
}
