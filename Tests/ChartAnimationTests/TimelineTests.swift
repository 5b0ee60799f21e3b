import ChartAnimation
import ChartScene
import Testing

/// The timeline's motions at known times: start, middle, end, with delay and stagger, for every easing.
struct TimelineTests {
    /// A scene with `series` line series (one point each), so the timeline knows how many lines there are.
    func scene(series: Int) -> Scene {
        let nodes: [Node] = (0..<series).map { k in
            .group(Group(role: .series(k), children: [
                .group(Group(role: .seriesLine(k), children: [.shape(Shape(path: Path([.move(Point(0, 0)),
                                                                                      .line(Point(10, 0))]),
                                                                           stroke: .solid(.black)))])),
            ]))
        }
        return Scene(width: 100, height: 100, background: nil, title: "", description: "", nodes: nodes)
    }

    /// The easing curve's progress found by brute force, an oracle independent of the bisection: the Bézier sampled
    /// at 20 001 parameters, taking the sample whose time coordinate is nearest to `u`.
    func bruteForce(_ easing: Choreography.Easing, _ u: Double) -> Double {
        let (x1, y1, x2, y2) = easing.controlPoints
        func b(_ a: Double, _ c: Double, _ s: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * c + s * s * s
        }
        var best = (distance: Double.infinity, y: 0.0)
        for i in 0...20_000 {
            let s = Double(i) / 20_000
            let d = abs(b(x1, x2, s) - u)
            if d < best.distance { best = (d, b(y1, y2, s)) }
        }
        return best.y
    }

    @Test(arguments: Choreography.Easing.allCases)
    func easingMatchesTheBezierAndEndsExactly(easing: Choreography.Easing) {
        #expect(easing.progress(atTime: 0) == 0)
        #expect(easing.progress(atTime: 1) == 1)
        #expect(easing.progress(atTime: -1) == 0 && easing.progress(atTime: 2) == 1)
        for u in [0.1, 0.25, 0.5, 0.75, 0.9] {
            #expect(abs(easing.progress(atTime: u) - bruteForce(easing, u)) < 1e-4, "\(easing) at \(u)")
        }
    }

    @Test func easingsHaveTheirShape() {
        #expect(Choreography.Easing.linear.progress(atTime: 0.3) == 0.3)
        #expect(abs(Choreography.Easing.easeInOut.progress(atTime: 0.5) - 0.5) < 1e-9)
        #expect(Choreography.Easing.easeIn.progress(atTime: 0.3) < 0.3)
        #expect(Choreography.Easing.easeOut.progress(atTime: 0.3) > 0.3)
        #expect(Choreography.Easing.spring.progress(atTime: 0.3) > Choreography.Easing.easeOut.progress(atTime: 0.3))
    }

    @Test func linesStartAfterTheDelayStaggeredBySeries() {
        let timeline = AnimationTimeline(Choreography(duration: 1, easing: .linear, delay: 0.5, stagger: 0.25),
                                         scene: scene(series: 3))
        // Series 2 starts at 0.5 + 2 × 0.25 = 1 s and is drawn by 2 s.
        #expect(timeline.lineProgress(series: 2, at: 0.99) == 0)
        #expect(timeline.lineProgress(series: 2, at: 1) == 0)
        #expect(abs(timeline.lineProgress(series: 2, at: 1.5) - 0.5) < 1e-12)
        #expect(timeline.lineProgress(series: 2, at: 2) == 1)
        #expect(abs(timeline.lineProgress(series: 0, at: 0.75) - 0.25) < 1e-12)
        #expect(timeline.lineEnd == 2)
        // Stagger stops growing at maxStaggeredIndex.
        let far = Choreography.maxStaggeredIndex + 50
        #expect(timeline.lineMotion(series: far).start == 0.5 + 0.25 * Double(Choreography.maxStaggeredIndex))
    }

    @Test(arguments: Choreography.Easing.allCases)
    func pointsArriveWhereTheLineIs(easing: Choreography.Easing) {
        let timeline = AnimationTimeline(Choreography(easing: easing, delay: 0.2), scene: scene(series: 2))
        for progress in [0.1, 0.4, 0.8] {
            let t = timeline.arrival(series: 1, progress: progress)
            #expect(abs(timeline.lineProgress(series: 1, at: t) - progress) < 2e-3, "\(easing) at \(progress)")
        }
    }

    @Test func pointsPopThroughTheKeyframes() {
        let timeline = AnimationTimeline(Choreography(duration: 1.2, easing: .linear, delay: 0, stagger: 0),
                                         scene: scene(series: 1))
        let pop = timeline.pointPop(series: 0, progress: 0.5)
        #expect(abs(pop.arrival - 0.6) < 1e-12)
        #expect(abs(pop.duration - 0.4) < 1e-12)
        #expect(timeline.pointScale(series: 0, progress: 0.5, at: 0.59) == 0)
        #expect(timeline.pointScale(series: 0, progress: 0.5, at: 0.6) == 0.5)
        #expect(abs(timeline.pointScale(series: 0, progress: 0.5, at: 0.6 + 0.35 * 0.4) - 0.85) < 1e-9)
        #expect(abs(timeline.pointScale(series: 0, progress: 0.5, at: 0.6 + 0.7 * 0.4) - 1.2) < 1e-9)
        #expect(abs(timeline.pointScale(series: 0, progress: 0.5, at: 0.6 + 0.85 * 0.4) - 1.1) < 1e-9)
        #expect(timeline.pointScale(series: 0, progress: 0.5, at: 1) == 1)
    }

    @Test func secondaryMotionsFollowTheLines() {
        let timeline = AnimationTimeline(Choreography(duration: 1.2, easing: .easeOut, delay: 0.1, stagger: 0.15),
                                         scene: scene(series: 2))
        // The area of series 1 fades linearly from 0.1 + 0.15 + 0.3 s over 0.8 s.
        let areaStart = 0.1 + 0.15 + 0.3
        #expect(timeline.areaOpacity(series: 1, at: areaStart) == 0)
        #expect(abs(timeline.areaOpacity(series: 1, at: areaStart + 0.4) - 0.5) < 1e-9)
        #expect(timeline.areaOpacity(series: 1, at: areaStart + 0.8) == 1)
        // Annotations wait for every line, slice labels for the sweep; both fade over 0.4 s.
        #expect(timeline.fade(role: .annotation(0), at: timeline.lineEnd) == 0)
        #expect(abs(timeline.fade(role: .annotation(0), at: timeline.lineEnd + 0.2) - 0.5) < 1e-9)
        #expect(abs(timeline.fade(role: .sliceLabel(0), at: 0.1 + 1.2 + 0.1) - 0.25) < 1e-9)
        #expect(timeline.fade(role: .grid, at: 0) == 1)
        // A stacked bar grows with the first series; a grouped one with its own, along the easing.
        #expect(timeline.barMotion(series: 1, stacked: true).start == 0.1)
        #expect(timeline.barMotion(series: 1, stacked: false).start == 0.25)
        let growth = timeline.barGrowth(series: 1, stacked: false, at: 0.25 + 0.6)
        #expect(abs(growth - Choreography.Easing.easeOut.progress(atTime: 0.5)) < 1e-12)
        // The pie sweeps over the duration after the delay.
        #expect(timeline.sweep(at: 0.1) == 0 && timeline.sweep(at: 1.3) == 1)
    }

    @Test func overdueRingLapsShareTheSweep() {
        let timeline = AnimationTimeline(Choreography(duration: 1.2, easing: .linear, stagger: 0.3),
                                         scene: scene(series: 1))
        let laps = timeline.ringLapMotions(index: 1, lastLap: 0.5)
        #expect(laps.first.start == 0.3)
        #expect(abs(laps.first.end - (0.3 + 0.8)) < 1e-12)
        #expect(laps.last.start == laps.first.end)
        #expect(abs(laps.last.end - 1.5) < 1e-12)
        #expect(abs(timeline.ringProgress(index: 1, at: 0.9) - 0.5) < 1e-12)
    }

    @Test func theAnimationEndsAfterItsLastMotionAndRepeatsAfterAHold() {
        let once = AnimationTimeline(Choreography(duration: 1, easing: .linear, stagger: 0.5), scene: scene(series: 2))
        // Series 1's line ends at 1.5 s; its last point pops for a third of the duration after that.
        #expect(abs(once.end - (1.5 + 1.0 / 3)) < 1e-12)
        #expect(once.cycle == once.end && once.repeatCount == nil)
        let forever = Choreography(duration: 1, easing: .linear, stagger: 0.5, repeatCount: .infinity)
        let looping = AnimationTimeline(forever, scene: scene(series: 2))
        #expect(looping.cycle == looping.end + 1 && looping.repeatCount == .infinity)
    }
}
