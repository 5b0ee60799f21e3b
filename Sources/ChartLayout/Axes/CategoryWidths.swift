/// The widths of a category axis's labels that the widest-label scan (`XAxisLayout.make`) has measured, kept across
/// the frame's margin passes so each label is measured at most once per layout.
///
/// The scan visits the same labels in the same order in every pass (the stride depends only on the label count);
/// only where it stops early depends on the plot width. So the j-th width measured is the same in every pass and a
/// later pass reads it back instead of shaping the label again. Nothing beyond what one scan measures is stored,
/// so the bound on measured labels (`XAxisLayout.maxMeasured`) holds for the whole layout as it did per pass.
final class CategoryWidths {
    /// The widths in scan order: `scanned[j]` is the width of the j-th label the scan visits.
    private var scanned: [Double] = []
    /// The width of the last label, measured after a scan that did not stop early.
    private var lastWidth: Double?

    /// The width of the `j`-th label the scan visits, measuring it (`measure`) the first time; `j` grows by one
    /// from 0 in every scan.
    func scanned(_ j: Int, measure: () -> Double) -> Double {
        if j < scanned.count { return scanned[j] }
        let width = measure()
        scanned.append(width)
        return width
    }

    /// The width of the last label, measuring it (`measure`) the first time.
    func last(measure: () -> Double) -> Double {
        if let lastWidth { return lastWidth }
        let width = measure()
        lastWidth = width
        return width
    }
}
