import Testing
import ChartScene
import ChartSpec
import ChartText
@testable import ChartLayout

/// A scene laid out for a still image (`animated: false`) is the animated layout's scene but for the points'
/// progress, which only an animation reads and which the still layout does not measure along the lines.
struct StillLayoutTests {
    let metrics = ApproximateMetrics()

    /// `scene` with every progress a role or hit target carries set to 0: what a still backend can see of it.
    static func withoutProgress(_ scene: Scene) -> Scene {
        func strip(_ node: Node) -> Node {
            switch node {
            case .shape, .text: return node
            case .hitTarget(var h):
                h.progress = 0
                return .hitTarget(h)
            case .group(var g):
                switch g.role {
                case .point(let s, let i, _)?: g.role = .point(series: s, index: i, progress: 0)
                case .valueLabel(let s, _)?: g.role = .valueLabel(series: s, progress: 0)
                default: break
                }
                g.children = g.children.map(strip)
                return .group(g)
            }
        }
        var scene = scene
        scene.nodes = scene.nodes.map(strip)
        return scene
    }

    /// The point progress of each series, in drawing order.
    static func progress(_ scene: Scene) -> [Int: [Double]] {
        var result: [Int: [Double]] = [:]
        for g in groups(scene) {
            if case .point(let s, _, let p)? = g.role { result[s, default: []].append(p) }
        }
        return result
    }

    /// Specs covering every kind and the options that change how lines are built: curves, gaps, dots, value
    /// bubbles (diff), a second axis, mirroring, areas.
    static let specs: [(name: String, spec: ChartSpec)] = {
        var rng = SeededRandom(seed: 27)
        let values: [[Double?]] = (0..<3).map { k in
            (0..<40).map { i in k == 1 && i % 9 == 4 ? nil : Double.random(in: -20...100, using: &rng) }
        }
        var list: [(String, ChartSpec)] = []
        for curve in Curve.allCases {
            var spec = makeSpec(values)
            for k in spec.series.indices { spec.series[k].curve = curve }
            list.append(("line \(curve)", spec))
        }
        var dotted = makeSpec(values)
        for k in dotted.series.indices { dotted.series[k].dots = true }
        list.append(("dots", dotted))
        var area = makeSpec(values)
        area.type = .area
        list.append(("area", area))
        var y2 = makeSpec(values)
        y2.series[2].axis = .y2
        list.append(("second axis", y2))
        var mirrored = makeSpec(values)
        mirrored.mirrorAxes = true
        list.append(("mirrored", mirrored))
        for type in ChartType.allCases where type != .line && type != .area {
            var spec = makeSpec(type == .ring || type == .pie || type == .doughnut
                                ? values.map { Array($0.prefix(1)) } : Array(values.prefix(2)))
            spec.type = type
            list.append(("\(type)", spec))
        }
        return list
    }()

    @Test(arguments: [true, false])
    func stillSceneIsTheAnimatedOneButForProgress(interactive: Bool) {
        for (name, spec) in Self.specs {
            let animated = ChartLayout.scene(for: spec, metrics: metrics, interactive: interactive)
            let still = ChartLayout.scene(for: spec, metrics: metrics, interactive: interactive, animated: false)
            #expect(Self.withoutProgress(still) == Self.withoutProgress(animated), "\(name)")
            #expect(!groups(animated).isEmpty, "\(name)")
        }
    }

    /// A still line's points share the progress evenly (nothing is measured); the animated ones follow the curve's
    /// arc length, which on uneven data is not even — so the two layouts really differ where only animations look.
    @Test func stillLinePointsShareProgressEvenly() throws {
        let spec = try #require(Self.specs.first { $0.name == "line \(Curve.monotone)" }).spec
        let still = Self.progress(ChartLayout.scene(for: spec, metrics: metrics, animated: false))
        let animated = Self.progress(ChartLayout.scene(for: spec, metrics: metrics))
        #expect(still.keys.sorted() == [0, 1, 2])
        for (k, list) in still {
            let count = list.count
            #expect(list == (0..<count).map { Double($0) / Double(count - 1) }, "series \(k)")
            #expect(animated[k]?.count == count)
            #expect(animated[k] != list, "series \(k): the arc lengths of uneven data are not evenly spaced")
        }
    }
}
