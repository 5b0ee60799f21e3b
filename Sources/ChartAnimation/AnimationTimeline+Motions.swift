public import ChartScene

/// What moves, and how far it has got: each role's motion as a `Tween` (or a `PointPop`), and its state at a time.
///
/// These are the only definitions of the choreography's motions. The SMIL writer writes its keyframes from the
/// tweens' times and easings; `SceneAnimator` applies the states below to the static scene. The states are
/// fractions of the final frame: 0 shows nothing of the role, 1 shows it as the static chart does.
extension AnimationTimeline {
    // MARK: Motions

    /// Series `k`'s line draws along its length (stroke trimmed to the progress, or revealed left to right).
    public func lineMotion(series k: Int) -> Tween { Tween(start: lineStart(k), length: duration, easing: easing) }

    /// Series `k`'s area fades in, a little after its line starts.
    public func areaMotion(series k: Int) -> Tween {
        Tween(start: lineStart(k) + areaOffset, length: areaFade, easing: .linear)
    }

    /// The pop of series `k`'s point at arc-length fraction `progress` of its line.
    public func pointPop(series k: Int, progress: Double) -> PointPop {
        PointPop(arrival: arrival(series: k, progress: progress), duration: popDuration)
    }

    /// A bar of series `k` grows out of its base; the segments of a stack share the first series' start, so the
    /// stack grows as one.
    public func barMotion(series k: Int, stacked: Bool) -> Tween {
        Tween(start: lineStart(stacked ? 0 : k), length: duration, easing: easing)
    }

    /// A pie sweeps clockwise from its start angle over its share of the turn.
    public var sweepMotion: Tween { Tween(start: sweepStart, length: duration, easing: easing) }

    /// Ring arc `i` sweeps from twelve o'clock.
    public func ringMotion(index i: Int) -> Tween { Tween(start: staggered(i), length: duration, easing: easing) }

    /// The two laps of an overdue ring arc `i` whose last lap covers `lastLap` of a turn: the first (a full turn)
    /// and then the last share the ring's sweep by arc length, each along the whole easing curve.
    public func ringLapMotions(index i: Int, lastLap: Double) -> (first: Tween, last: Tween) {
        let firstShare = 1 / (1 + lastLap)
        let start = staggered(i)
        return (Tween(start: start, length: firstShare * duration, easing: easing),
                Tween(start: start + firstShare * duration, length: (1 - firstShare) * duration, easing: easing))
    }

    /// The fade-in of `role` to its own opacity, for the roles that fade: areas, value labels (when the line
    /// arrives), annotations (after every line), slice labels (after the sweep), and ring arcs that cannot sweep;
    /// nil for every other role.
    public func fadeMotion(role: Role) -> Tween? {
        switch role {
        case .seriesArea(let k): areaMotion(series: k)
        case .valueLabel(let k, let progress):
            Tween(start: arrival(series: k, progress: progress), length: labelFade, easing: .linear)
        case .annotation: Tween(start: lineEnd, length: lateFade, easing: .linear)
        case .sliceLabel: Tween(start: sweepEnd, length: lateFade, easing: .linear)
        case .ringArc(let i, _): Tween(start: staggered(i), length: duration / 2, easing: .linear)
        default: nil
        }
    }

    // MARK: States at a time

    /// The share of series `k`'s line drawn at `time` (its eased arc-length fraction).
    public func lineProgress(series k: Int, at time: Double) -> Double { lineMotion(series: k).progress(at: time) }

    /// The share of its own opacity that series `k`'s area has at `time`.
    public func areaOpacity(series k: Int, at time: Double) -> Double { areaMotion(series: k).progress(at: time) }

    /// The scale of series `k`'s point at `progress` along its line, at `time`.
    public func pointScale(series k: Int, progress: Double, at time: Double) -> Double {
        pointPop(series: k, progress: progress).scale(at: time)
    }

    /// The share of its length that a bar of series `k` has grown to at `time`.
    public func barGrowth(series k: Int, stacked: Bool, at time: Double) -> Double {
        barMotion(series: k, stacked: stacked).progress(at: time)
    }

    /// The share of its disc that a pie has swept at `time`.
    public func sweep(at time: Double) -> Double { sweepMotion.progress(at: time) }

    /// The share of its arc that ring arc `i` has swept at `time`.
    public func ringProgress(index i: Int, at time: Double) -> Double { ringMotion(index: i).progress(at: time) }

    /// The share of its own opacity that `role` has at `time`: 1 for a role that does not fade.
    public func fade(role: Role, at time: Double) -> Double { fadeMotion(role: role)?.progress(at: time) ?? 1 }
}
