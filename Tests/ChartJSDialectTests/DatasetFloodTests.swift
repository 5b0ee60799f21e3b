import Testing
@testable import ChartJSDialect
import ChartSpec

/// 2 MiB of one-point datasets (`{data:[1]}` × 160k) is refused for its series count; translating every dataset
/// first cost over 1.5 s of CPU and 450 MiB where the native spec of the same size costs 0.03 s (hostile corpus,
/// chartjs-datasets-160k-tiny-svg).
struct DatasetFloodTests {
    static let limit = ChartSpec.Limits.seriesCount.upperBound

    static func lineConfig(datasets: [JSONValue]) -> JSONValue {
        .object([
            JSONMember(key: "type", value: .string("line")),
            JSONMember(key: "data", value: .object([JSONMember(key: "datasets", value: .array(datasets))])),
        ])
    }

    static let onePoint = JSONValue.object([JSONMember(key: "data", value: .array([.number(1)]))])

    @Test func translationStopsOneDatasetPastTheSeriesLimit() throws {
        let config = Self.lineConfig(datasets: Array(repeating: Self.onePoint, count: 100 * Self.limit))
        let native = try ChartJSDialect.nativeSpec(config, ChartJSRequest())
        #expect(native.seriesCount == Self.limit + 1)
        #expect(throws: SpecError.self) { try ChartJSDialect.translate(config, ChartJSRequest()) }
        do {
            _ = try ChartJSDialect.translate(config, ChartJSRequest())
        } catch {
            #expect(error.issues.map(\.path) == ["data.datasets"])
        }
    }

    @Test func hiddenDatasetsDoNotCountTowardsTheLimit() throws {
        let hidden = JSONValue.object([JSONMember(key: "data", value: .array([.number(1)])),
                                       JSONMember(key: "hidden", value: .bool(true))])
        let config = Self.lineConfig(datasets: Array(repeating: hidden, count: 10 * Self.limit)
            + Array(repeating: Self.onePoint, count: Self.limit))
        #expect(try ChartJSDialect.translate(config, ChartJSRequest()).spec.series.count == Self.limit)
    }
}
