import ChartScene
import ChartSpec
import Testing
@testable import ChartJSDialect

/// What `version` changes (line fill, tension) and what it does not; end-to-end translations to a decoded
/// `ChartSpec` for configs whose native fields exist on main.
struct VersionDefaultTests {
    @Test(arguments: [
        ("2", ChartJSVersion.v2), ("2.9.4", .v2), ("3", .v3), ("3.9.1", .v3), ("4", .v4), ("4.0.1", .v4),
    ])
    func versionsAreReadByTheirMajor(text: String, version: ChartJSVersion) {
        #expect(ChartJSVersion(text) == version)
    }

    @Test(arguments: ["", "5", "1.0", "2.x", "v3", "3 ", "latest", "02"])
    func otherVersionsAreNotRead(text: String) {
        #expect(ChartJSVersion(text) == nil)
    }

    static let line = "{type: 'line', data: {datasets: [{data: [1, 2, 3]}]}}"
    static let mixed = "{type: 'bar', data: {datasets: [{data: [1]}, {type: 'line', data: [2]}]}}"
    static let radar = "{type: 'radar', data: {labels: ['a', 'b', 'c'], datasets: [{data: [1, 2, 3]}]}}"

    /// v2 lines fill to the origin with the dataset's (QuickChart palette) background; v3+ lines do not fill.
    @Test func v2LinesAndRadarsFillV3DoNot() throws {
        for config in [Self.line, Self.radar] {
            let v2 = try nativeJSON(config, version: .v2)
            #expect(v2[path: "series[0].fill"] == .string("solid"))
            #expect(v2[path: "series[0].fillColor"] == .string(VersionDefaults.palette[0]))
            for version in [ChartJSVersion.v3, .v4] {
                #expect(try nativeJSON(config, version: version)[path: "series[0].fill"] == nil)
            }
        }
    }

    /// QuickChart straightens v2 line charts (`lineTension || 0`); a line in a v2 bar chart keeps Chart.js 2's 0.4;
    /// v3+ lines are straight everywhere.
    @Test func tensionFollowsQuickChartInV2AndChartJSInV3() throws {
        #expect(try nativeJSON(Self.line, version: .v2)[path: "series[0].curve"] == .string("linear"))
        #expect(try nativeJSON(Self.mixed, version: .v2)[path: "series[1].curve"] == .string("cubic"))
        for version in [ChartJSVersion.v3, .v4] {
            #expect(try nativeJSON(Self.line, version: version)[path: "series[0].curve"] == .string("linear"))
            #expect(try nativeJSON(Self.mixed, version: version)[path: "series[1].curve"] == .string("linear"))
        }
    }

    /// The same in both versions: the faint default line colour, 3 px lines, 3 px points filled with the palette.
    @Test func lineLookIsTheSameInEveryVersion() throws {
        for version in ChartJSVersion.allCases {
            let json = try nativeJSON(Self.line, version: version)
            #expect(json[path: "series[0].color"] == .string("rgba(0, 0, 0, 0.1)"))
            #expect(json[path: "series[0].lineWidth"] == .number(3))
            #expect(json[path: "series[0].dots.radius"] == .number(3))
            #expect(json[path: "series[0].colors"] == .array([.string(VersionDefaults.palette[0])]))
        }
    }

    @Test func aBarChartDecodesToTheNativeSpec() throws {
        let value = try config("""
            {type: 'horizontalBar', data: {labels: ['Q1', 'Q2'], datasets: [
              {label: 'Revenue', data: [3, '4.5'], backgroundColor: 'hsla(120, 100%, 25%, 0.5)'},
              {label: 'Cost', data: [null, 2]}]},
             options: {responsive: true}}
            """)
        let translation = try ChartJSDialect.translate(value, ChartJSRequest(width: 800, height: 400,
                                                                            devicePixelRatio: 1,
                                                                            backgroundColor: "white"))
        let spec = translation.spec
        #expect(spec.type == .bar)
        #expect(spec.bars.orientation == .horizontal)
        #expect((spec.width, spec.height, spec.scale) == (800, 400, 1))
        #expect(spec.background == Color(red: 255, green: 255, blue: 255))
        #expect(spec.labels == ["Q1", "Q2"])
        #expect(spec.series.map(\.name) == ["Revenue", "Cost"])
        #expect(spec.series[0].points.map(\.y) == [3, 4.5])
        #expect(spec.series[1].points.map(\.y) == [nil, 2])
        #expect(spec.series[0].color == Color(red: 0, green: 128, blue: 0, alpha: 128))
        #expect(spec.series[1].color == (try CSSColor.parse(VersionDefaults.palette[1])))
        #expect(translation.ignored == ["options.responsive"])
    }

    @Test func aV3LineWithoutPointsDecodesToTheNativeSpec() throws {
        let value = try config("""
            {type: 'line', data: {labels: ['a', 'b', 'c'], datasets: [{data: [1, 2, 3], borderColor: '#f00',
              borderDash: [6, 3], borderWidth: 2, pointRadius: 0, stepped: 'after'}]}}
            """)
        let spec = try ChartJSDialect.translate(value, ChartJSRequest(version: .v3)).spec
        #expect(spec.type == .line)
        #expect(spec.background == .transparent)
        #expect(spec.series[0].color == Color(red: 255, green: 0, blue: 0))
        #expect(spec.series[0].dash == [6, 3])
        #expect(spec.series[0].lineWidth == 2)
        #expect(spec.series[0].curve == .stepAfter)
        #expect(spec.series[0].dots == false)
        #expect(spec.series[0].fill == FillMode.none)
    }
}
