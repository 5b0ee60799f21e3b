import ChartTime
import ChartLocale

/// The tooltip labels of a time axis' instants, each formatted once per chart: the series of a chart usually share
/// their instants, and formatting one (a zone lookup, a locale's date-time pattern, its digits) costs as much as the
/// rest of a point's tooltip. 50 series × 2,000 hourly points formatted 100,000 Arabic dates for 2,000 instants; the
/// series now share the 2,000 strings.
///
/// A reference, so the closures `SeriesSet.xLabel` hands to each series fill one table; a chart is laid out on one
/// thread, and the memo lives only while its layout runs.
final class TooltipLabelMemo {
    private let zone: ChartTimeZone
    private let locale: ChartLocale
    private var labels: [UInt64: String] = [:]

    init(zone: ChartTimeZone, locale: ChartLocale) {
        self.zone = zone
        self.locale = locale
    }

    /// `TimeAxis.tooltipLabel(t, zone:locale:)`, formatted the first time `t` is asked for.
    func label(_ t: Double) -> String {
        let key = t.bitPattern
        if let label = labels[key] { return label }
        let label = TimeAxis.tooltipLabel(t, zone: zone, locale: locale)
        labels[key] = label
        return label
    }
}
