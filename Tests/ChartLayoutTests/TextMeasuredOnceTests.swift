import Testing
import ChartScene
import ChartText
@testable import ChartLayout

/// The axes measure a label once and reuse the width for fitting, centering, keeping it inside the canvas and the
/// overlap test (`TextFitting.fitted`, `TextBox.bounds(of:width:metrics:)`, `LayoutContext.placed(_:width:)`). Each
/// must give, bit for bit, what measuring again gave.
struct TextMeasuredOnceTests {
    let metrics = ApproximateMetrics()

    /// Runs in every anchor and the rotations the layout uses (and a few it does not), at ordinary and odd places.
    static let runs: [TextRun] = {
        var runs: [TextRun] = []
        let texts = ["D12", "Series 1", "", "−1.5k", "A much longer category label", "第1节 Q1"]
        let positions = [Point(0, 0), Point(412.25, 388.5), Point(-3.75, 1e6), Point(799.999, -0.001)]
        for (n, text) in texts.enumerated() {
            for anchor in [TextAnchor.start, .middle, .end] {
                for rotation in [0.0, -45, 45, -90, 90, 180, 30] {
                    let position = positions[(n + runs.count) % positions.count]
                    runs.append(TextRun(text: text, position: position, size: [9, 11, 12.5][runs.count % 3],
                                        weight: runs.count % 4 == 0 ? .bold : .regular, anchor: anchor,
                                        color: .black, rotation: rotation))
                }
            }
        }
        return runs
    }()

    /// The bounds the layout used before: the box's four corners, reduced by `Sequence.min()` and `max()`.
    static func expectedBounds(_ box: TextBox) -> Rect {
        let xs = box.corners.map(\.x), ys = box.corners.map(\.y)
        let x0 = xs.min() ?? 0, y0 = ys.min() ?? 0
        return Rect(x: x0, y: y0, width: (xs.max() ?? 0) - x0, height: (ys.max() ?? 0) - y0)
    }

    static func bits(_ r: Rect) -> [UInt64] {
        [r.x.bitPattern, r.y.bitPattern, r.width.bitPattern, r.height.bitPattern]
    }

    @Test func boundsWithoutTheBoxAreTheBoxsBounds() {
        for run in Self.runs {
            for width in [metrics.width(of: run.text, size: run.size, weight: run.weight), 0, 17.125, 1e9] {
                let box = TextBox(run, width: width, metrics: metrics)
                let expected = Self.expectedBounds(box)
                #expect(Self.bits(TextBox.bounds(of: run, width: width, metrics: metrics)) == Self.bits(expected),
                        "\(run.text) \(run.anchor) \(run.rotation)° width \(width)")
                #expect(Self.bits(box.bounds) == Self.bits(expected), "\(run.text) \(run.anchor) \(run.rotation)°")
            }
        }
    }

    @Test func boundsOfNoCornersAreEmpty() {
        var box = TextBox(Self.runs[0], metrics: metrics)
        box.corners = []
        #expect(box.bounds == Rect(x: 0, y: 0, width: 0, height: 0))
    }

    @Test func placingWithAKnownWidthPlacesAsMeasuring() {
        let ctx = LayoutContext(spec: makeSpec([[1, 2, 3]], width: 800, height: 400), metrics: metrics)
        for run in Self.runs {
            let width = metrics.width(of: run.text, size: run.size, weight: run.weight)
            let measured = ctx.placed(run)
            let known = ctx.placed(run, width: width)
            #expect(measured == known, "\(run.text) \(run.anchor) \(run.rotation)°")
        }
    }

    /// (text, room): fits, cut, only the ellipsis, nothing, and rooms that are no width at all.
    static let fits: [(String, Double)] = [
        ("D12", 200), ("D12", 14), ("A much longer category label", 60), ("A much longer category label", 4),
        ("第1节 Q1 of the year", 40), ("", 50), ("D12", 0), ("D12", -5), ("D12", .infinity), ("D12", .nan),
    ]

    @Test func fittedTextIsTheEllipsizedTextAndItsWidth() {
        for (text, room) in Self.fits {
            for weight in [FontWeight.regular, .bold] {
                let fit = TextFitting.fitted(text, maxWidth: room, size: 11, weight: weight, metrics: metrics)
                let ellipsized = TextFitting.ellipsized(text, maxWidth: room, size: 11, weight: weight,
                                                        metrics: metrics)
                #expect(fit.text == ellipsized, "\(text) in \(room)")
                if let width = fit.width {
                    #expect(fit.text == text, "a width is given only for the text itself: \(text) in \(room)")
                    #expect(width.bitPattern == metrics.width(of: text, size: 11, weight: weight).bitPattern)
                }
                let ctx = LayoutContext(spec: makeSpec([[1]]), metrics: metrics)
                let measured = ctx.fitted(text, maxWidth: room, size: 11, weight: weight)
                #expect(measured.text == ellipsized)
                #expect(measured.width.bitPattern == metrics.width(of: ellipsized, size: 11, weight: weight).bitPattern,
                        "\(text) in \(room)")
            }
        }
    }
}
