import Testing
import ChartScene
import ChartSpec
import ChartText
@testable import ChartLayout

/// The frame's margin passes ask a category axis for its slant and height alone (`placing: false`) and share the
/// label widths (`CategoryWidths`); the labels are then placed once. Both must give what a fresh, placed layout gives.
struct CategoryAxisPlanTests {
    let metrics = ApproximateMetrics()

    /// (what, labels): short labels stay horizontal, long ones slant, thousands are sampled by the widest-label scan.
    static let cases: [(String, [String])] = [
        ("short", (1...12).map { "Q\($0)" }),
        ("long", (1...60).map { "Category number \($0) with a long name" }),
        ("many", (1...5_000).map { "Label \($0)" }),
        ("blanks", (1...40).map { $0 % 3 == 0 ? "" : "Item \($0)" }),
    ]

    func axis(_ labels: [String], plotWidth: Double, widths: CategoryWidths, placing: Bool) -> XAxisLayout {
        let ctx = LayoutContext(spec: makeSpec([labels.map { _ in 1.0 }], labels: labels), metrics: metrics)
        let plot = Rect(x: 40, y: 20, width: plotWidth, height: 200)
        let scale = PointScale(count: labels.count, range: (plot.minX, plot.maxX), inset: 4)
        return XAxisLayout.make(mode: .categories(labels: labels, count: labels.count), x: { scale($0) }, plot: plot,
                                ctx: ctx, widths: widths, placing: placing)
    }

    @Test(arguments: 0..<4)
    func passesSharingWidthsPlaceWhatAFreshLayoutPlaces(_ index: Int) {
        let (what, labels) = Self.cases[index]
        for (first, kept) in [(500.0, 520.0), (520.0, 500.0), (300.0, 560.0), (560.0, 300.0)] {
            let widths = CategoryWidths()
            let plan = axis(labels, plotWidth: first, widths: widths, placing: false)
            let keptPlan = axis(labels, plotWidth: kept, widths: widths, placing: false)
            let placed = axis(labels, plotWidth: kept, widths: widths, placing: true)
            let fresh = axis(labels, plotWidth: kept, widths: CategoryWidths(), placing: true)
            let freshFirst = axis(labels, plotWidth: first, widths: CategoryWidths(), placing: true)
            #expect(plan.isPlan && keptPlan.isPlan && !placed.isPlan, "\(what)")
            #expect(plan.runs.isEmpty && plan.tickXs.isEmpty && plan.indices.isEmpty, "\(what)")
            #expect(!fresh.runs.isEmpty, "\(what): nothing placed at \(kept)")
            #expect(plan.height == freshFirst.height && plan.rotated == freshFirst.rotated, "\(what) at \(first)")
            #expect(keptPlan.height == fresh.height && keptPlan.rotated == fresh.rotated, "\(what) at \(kept)")
            #expect(placed.runs == fresh.runs, "\(what) at \(kept) after \(first)")
            #expect(placed.tickXs == fresh.tickXs && placed.indices == fresh.indices, "\(what)")
            #expect(placed.height == fresh.height && placed.rotated == fresh.rotated, "\(what)")
        }
    }

    /// The cases reach both slants, so the equalities above cover both placement loops.
    @Test func casesCoverBothSlants() {
        let rotated = Self.cases.map { axis($0.1, plotWidth: 500, widths: CategoryWidths(), placing: true).rotated }
        #expect(rotated.contains(true) && rotated.contains(false))
    }
}
