import ChartAnimation
import ChartScene
import Testing

/// The frame sampler on small scenes of every kind: what shows at a time, and that the end is the static scene.
struct SceneAnimatorTests {
    let linear = Choreography(duration: 1, easing: .linear, delay: 0, stagger: 0)

    func scene(_ nodes: [Node]) -> Scene {
        Scene(width: 200, height: 200, background: .white, title: "t", description: "d", nodes: nodes)
    }

    /// Every shape with the groups above it, in drawing order.
    func shapes(_ scene: Scene) -> [(Shape, [Group])] {
        var out: [(Shape, [Group])] = []
        scene.forEachNode { node, parents in if case .shape(let s) = node { out.append((s, parents)) } }
        return out
    }

    var lineScene: Scene {
        let line = Shape(path: Path([.move(Point(0, 100)), .line(Point(100, 100)), .line(Point(100, 0))]),
                         stroke: .solid(.black), strokeStyle: StrokeStyle(width: 2))
        let dot = Shape(path: Path.circle(center: Point(100, 100), radius: 4), fill: .solid(.black))
        return scene([.group(Group(role: .series(0), children: [
            .group(Group(role: .seriesArea(0), opacity: 0.4, children: [.shape(Shape(path: Path.rect(Rect(x: 0, y: 100,
                width: 100, height: 50)), fill: .solid(.black)))])),
            .group(Group(role: .seriesLine(0), children: [.shape(line)])),
            .group(Group(role: .point(series: 0, index: 1, progress: 0.5), children: [.shape(dot)])),
        ]))])
    }

    @Test func afterTheLastMotionTheFrameIsTheStaticScene() {
        let animator = SceneAnimator(scene: lineScene, choreography: Choreography())
        #expect(animator.scene(at: .infinity) == lineScene)
        #expect(animator.scene(at: animator.timeline.end) == lineScene)
        #expect(animator.scene(at: 60) == lineScene)
        #expect(animator.scene(at: .nan) == lineScene)
        #expect(animator.scene(at: 0.5) != lineScene)
    }

    @Test func linesGrowByLengthAndPointsPopWhenTheLineArrives() throws {
        let animator = SceneAnimator(scene: lineScene, choreography: linear)
        #expect(shapes(animator.scene(at: 0)).isEmpty)  // nothing drawn, no area, no point yet
        let early = animator.scene(at: 0.25)
        let line = try #require(shapes(early).first { $0.1.last?.role == .seriesLine(0) }?.0)
        #expect(abs(line.path.length - 50) < 1e-9)
        #expect(!shapes(early).contains { $0.1.last?.role == .point(series: 0, index: 1, progress: 0.5) })
        // At 0.5 s the line reaches the point, which appears at half size about its centre.
        let arriving = animator.scene(at: 0.5)
        let dot = try #require(shapes(arriving).first { $0.1.last?.role == .point(series: 0, index: 1, progress: 0.5) })
        let b = try #require(dot.0.path.controlBounds)
        #expect(abs(b.width - 4) < 1e-9 && abs(b.center.x - 100) < 1e-9 && abs(b.center.y - 100) < 1e-9)
    }

    /// A dashed line (revealed through a clip) that runs right to left, as in a mirrored chart, is revealed from the
    /// right, where it starts; the same line drawn left to right from the left.
    @Test(arguments: [false, true])
    func dashedLinesAreRevealedFromWhereTheyStart(rightToLeft: Bool) throws {
        let points = [Point(20, 100), Point(100, 60), Point(180, 80)]
        let ordered = rightToLeft ? points.map { Point(200 - $0.x, $0.y) } : points
        let line = Shape(path: Path([.move(ordered[0]), .line(ordered[1]), .line(ordered[2])]), stroke: .solid(.black),
                         strokeStyle: StrokeStyle(width: 2, dash: [6, 3]))
        let chart = scene([.group(Group(role: .seriesLine(0), children: [.shape(line)]))])
        let frame = SceneAnimator(scene: chart, choreography: linear).scene(at: 0.5)
        var clips: [Rect] = []
        frame.forEachNode { node, _ in if case .group(let g) = node, let c = g.clip { clips.append(c) } }
        let clip = try #require(clips.first)
        // Bounds 20…180 padded by the stroke and 1 px: 17…183, half of it shown.
        #expect(abs(clip.width - 83) < 1e-9)
        if rightToLeft {
            #expect(abs(clip.maxX - 183) < 1e-9)
        } else {
            #expect(abs(clip.minX - 17) < 1e-9)
        }
    }

    @Test func areasFadeToTheirOwnOpacity() throws {
        let animator = SceneAnimator(scene: lineScene, choreography: linear)
        // The area starts 0.25 s after its line and fades over 2/3 s.
        #expect(!shapes(animator.scene(at: 0.2)).contains { $0.1.last?.role == .seriesArea(0) })
        let area = try #require(shapes(animator.scene(at: 0.25 + 1.0 / 3)).first { $0.1.last?.role == .seriesArea(0) })
        #expect(abs((area.1.last?.opacity ?? 0) - 0.2) < 1e-9)
    }

    @Test func barsGrowFromTheirBaseAndStacksFromTheirStackBase() throws {
        let bar = Shape(path: Path.rect(Rect(x: 10, y: 40, width: 20, height: 60)), fill: .solid(.black))
        let upper = Shape(path: Path.rect(Rect(x: 10, y: 10, width: 20, height: 30)), fill: .solid(.black))
        let sideways = Shape(path: Path.rect(Rect(x: 50, y: 150, width: 100, height: 10)), fill: .solid(.black))
        let chart = scene([
            .group(Group(role: .bar(series: 0, index: 0, base: .maxY, stackBase: 100), children: [.shape(bar)])),
            .group(Group(role: .bar(series: 1, index: 0, base: .maxY, stackBase: 100), children: [.shape(upper)])),
            .group(Group(role: .bar(series: 0, index: 1, base: .minX), children: [.shape(sideways)])),
        ])
        let frame = SceneAnimator(scene: chart, choreography: linear).scene(at: 0.5)
        let bounds = shapes(frame).compactMap { $0.0.path.controlBounds }
        #expect(bounds.count == 3)
        // Half grown about the stack's baseline y = 100: the lower segment spans 70…100, the upper 55…70.
        #expect(abs(bounds[0].minY - 70) < 1e-9 && abs(bounds[0].maxY - 100) < 1e-9)
        #expect(abs(bounds[1].minY - 55) < 1e-9 && abs(bounds[1].maxY - 70) < 1e-9)
        #expect(abs(bounds[0].width - 20) < 1e-9)
        // The horizontal bar grows rightwards out of its left edge.
        #expect(abs(bounds[2].minX - 50) < 1e-9 && abs(bounds[2].width - 50) < 1e-9)
        #expect(abs(bounds[2].height - 10) < 1e-9)
    }

    @Test func piesSweepClockwiseSliceBySlice() throws {
        let center = Point(100, 100)
        func slice(_ n: Int, _ from: Double, _ to: Double) -> Node {
            let sector = Sector(center: center, innerRadius: 0, outerRadius: 50, startAngle: from, endAngle: to)
            let mark = ArcMark(sector: sector, name: "s\(n)", value: 1, fraction: (to - from) / 360, datum: n)
            return .group(Group(role: .slice(n, mark), children: [.shape(Shape(path: Path.rect(Rect(x: 0, y: 0,
                width: 1, height: 1)), fill: .solid(.black)))]))
        }
        let disc = Sector(center: center, innerRadius: 0, outerRadius: 50, startAngle: 0, endAngle: 360)
        let slices = [slice(0, 0, 90), slice(1, 90, 270), slice(2, 270, 360)]
        let pie = scene([.group(Group(role: .pie(disc), children: slices))])
        let frame = SceneAnimator(scene: pie, choreography: linear).scene(at: 0.5)  // swept to 180°
        let drawn = shapes(frame)
        #expect(drawn.count == 2)
        // The first slice is untouched; the second is cut at six o'clock: it reaches from the top-right quadrant's
        // end (three o'clock) down to the bottom of the disc, and no further left than the centre.
        #expect(drawn[0].0.path == Path.rect(Rect(x: 0, y: 0, width: 1, height: 1)))
        let cut = try #require(drawn[1].0.path.controlBounds)
        #expect(abs(cut.maxY - 150) < 1e-9 && abs(cut.minX - 100) < 1e-9 && abs(cut.maxX - 150) < 1e-9)
        #expect(abs(cut.minY - 100) < 1e-9)
    }

    @Test func ringArcsSweepAndFadesFade() throws {
        let quarter = Path([.move(Point(100, 50)), .cubic(Point(127.6, 50), Point(150, 72.4), Point(150, 100))])
        let arc = Shape(path: quarter,
                        stroke: .solid(.black), strokeStyle: StrokeStyle(width: 8))
        let chart = scene([
            .group(Group(role: .ringArc(index: 0, fraction: 0.25), children: [.shape(arc)])),
            .group(Group(role: .annotation(0), children: [
                .text(TextRun(text: "goal", position: Point(0, 0), size: 12, color: .black)),
            ])),
        ])
        let animator = SceneAnimator(scene: chart, choreography: linear)
        let frame = animator.scene(at: 0.3)
        let swept = try #require(shapes(frame).first?.0)
        #expect(abs(swept.path.length - 0.3 * arc.path.length) < 1e-3)
        // The annotation waits for the lines (lineEnd = 1 s), then fades in over a third of the duration.
        #expect(frame.nodes.count == 1)
        let fading = animator.scene(at: 1 + 1.0 / 6)
        guard case .group(let g)? = fading.nodes.last else { Issue.record("no annotation"); return }
        #expect(g.role == .annotation(0) && abs(g.opacity - 0.5) < 1e-9)
    }
}
