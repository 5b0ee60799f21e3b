import ChartTime
public import ChartSpec

/// Resolves a time axis: the zone name and every timestamp given as text. The spec layer cannot do this (the
/// calendar lives here), so the renderer calls `resolvingTimes` right after parsing, and the layout calls it again
/// tolerantly (a spec that skipped the check draws unreadable timestamps as gaps).
extension ChartLayout {
    /// `spec` with every ISO-8601 x text replaced by its epoch milliseconds (read in `x.timeZone`), or every
    /// problem at once: an unknown zone (suggesting close names), a malformed timestamp, or timestamps that
    /// go back in time, each at its JSON path. Specs without a time axis are returned unchanged.
    public static func resolvingTimes(_ spec: ChartSpec) throws(SpecError) -> ChartSpec {
        guard spec.x.scale == .time else { return spec }
        var issues: [SpecIssue] = []
        func report(_ path: String, _ message: String) {
            if issues.count < ChartSpec.Limits.maxReportedIssues { issues.append(SpecIssue(path: path, message: message)) }
        }
        let zone: ChartTimeZone
        do throws(TimeZoneError) {
            zone = try ChartTimeZone(identifier: spec.x.timeZone ?? "UTC")
        } catch {
            throw SpecError(path: "x.timeZone", message: error.description)
        }
        var resolved = spec
        if let text = spec.x.startText {
            if let t = ISO8601Timestamp.parse(text, in: zone) {
                resolved.x.start = t
                resolved.x.startText = nil
            } else {
                report("x.start", notATimestamp(text))
            }
        }
        // `values` on a time axis: value i is at start + i·step (one day by default).
        for k in resolved.series.indices where !resolved.series[k].hasNumericX {
            guard let start = resolved.x.start else {
                if resolved.x.startText == nil {
                    report("x.start", "required when series[\(k)] gives \"values\" on a time axis (or give \"points\")")
                }
                break
            }
            let step = resolved.x.step ?? 86_400_000
            for i in resolved.series[k].points.indices {
                resolved.series[k].points[i].x = start + Double(i) * step
            }
            resolved.series[k].hasNumericX = true
        }
        for k in resolved.series.indices where !resolved.series[k].xTexts.isEmpty {
            var series = resolved.series[k]
            let path = "series[\(k)].points"
            var previous = -Double.infinity
            for i in series.points.indices {
                if let text = series.xTexts[i] {
                    guard let t = ISO8601Timestamp.parse(text, in: zone) else {
                        report("\(path)[\(i)][0]", notATimestamp(text))
                        continue
                    }
                    series.points[i].x = t
                }
                let x = series.points[i].x
                if x < previous && spec.type != .scatter {
                    report("\(path)[\(i)][0]", "time must not go back, got an instant before the previous point's")
                }
                previous = max(previous, x)
            }
            series.xTexts = [:]
            resolved.series[k] = series
        }
        for (i, text) in resolved.annotationXTexts.sorted(by: { $0.key < $1.key }) {
            guard i < resolved.annotations.count,
                  case .verticalLine(_, let label, let color, let dash) = resolved.annotations[i] else { continue }
            guard let t = ISO8601Timestamp.parse(text, in: zone) else {
                report("annotations[\(i)].x", notATimestamp(text))
                continue
            }
            resolved.annotations[i] = .verticalLine(x: t, label: label, color: color, dash: dash)
        }
        resolved.annotationXTexts = [:]
        for i in resolved.annotations.indices {
            guard case .box(var box) = resolved.annotations[i], box.xMinText != nil || box.xMaxText != nil else {
                continue
            }
            for (text, bound, name) in [(box.xMinText, \AnnotationBox.xMin, "xMin"), (box.xMaxText, \.xMax, "xMax")] {
                guard let text else { continue }
                guard let t = ISO8601Timestamp.parse(text, in: zone) else {
                    report("annotations[\(i)].\(name)", notATimestamp(text))
                    continue
                }
                box[keyPath: bound] = t
            }
            (box.xMinText, box.xMaxText) = (nil, nil)
            resolved.annotations[i] = .box(box)
        }
        if !issues.isEmpty { throw SpecError(issues: issues) }
        return resolved
    }

    /// The problem with a text that should have been a timestamp (`x.start`, a point's x, a vertical line's x, a box's
    /// x bounds).
    private static func notATimestamp(_ text: String) -> String {
        "expected an ISO-8601 timestamp like 2026-03-01, 2026-03-01T09:30 or 2026-03-01T09:30:00Z, "
            + "got \"\(text.prefix(40))\""
    }
}
