public import ChartScene

/// Aligns thin horizontal and vertical lines (grid, axes, shapes marked `snapToPixels`) to the device pixel grid so a
/// 1-device-pixel line covers exactly one row or column instead of smearing over two at half intensity.
///
/// Strokes follow what SVG renderers do with `shape-rendering="crispEdges"` (Skia, cairo: no antialiasing, a pixel is
/// painted when its center lies in the shape, edges at the top and left inclusive): the pixels a stroke covers are
/// those whose centers fall in `[v − w/2, v + w/2)`, so the PNG matches the SVG as browsers show it. A 1.25-px line
/// is therefore 1 or 2 px wide depending on where it lies, as in a browser; integer widths always keep theirs.
///
/// Works on paths already in device pixels that contain only lines; curved paths are returned unchanged. Public for
/// the PDF writer, which snaps the same shapes to its page's CSS px grid so they are as crisp at 100 %.
public enum PixelSnapper {
    /// A stroked path and its stroke width, both snapped: coordinates along a segment go to the edge of the first
    /// pixel whose center is not before them, ⌈v − ½⌉; coordinates across a horizontal or vertical segment to the
    /// middle of the pixels whose centers the stroke `[v − w/2, v + w/2)` covers. The width is that pixel count,
    /// taken where the path first crosses an axis-aligned segment (one stroke has one width) and at least 1.
    public static func snapStroke(_ path: Path, width: Double) -> (path: Path, width: Double) {
        let half = width / 2
        var count: Double?
        let snapped = snap(path) { v, across in
            guard across else { return edge(v) }
            let n = count ?? max(1, edge(v + half) - edge(v - half))
            count = n
            // The first covered pixel; a stroke too thin to cover any center takes the one it lies over.
            let first = edge(v - half) < edge(v + half) ? edge(v - half) : (v - 0.5).rounded()
            return first + n / 2
        }
        return (snapped, count ?? max(1, width.rounded()))
    }

    /// The edge of the first pixel whose center is at or after `v`: ⌈v − ½⌉.
    private static func edge(_ v: Double) -> Double { (v - 0.5).rounded(.up) }

    /// A filled path: every coordinate rounds to the nearest pixel edge (a snapped rectangle has no grey border).
    public static func snapFill(_ path: Path) -> Path {
        snap(path) { v, _ in v.rounded() }
    }

    /// Applies `rule(value, isAcrossAxisAlignedSegment)` to each coordinate of a line-only path.
    private static func snap(_ path: Path, rule: (Double, Bool) -> Double) -> Path {
        // Points of each subpath, to find each point's neighbours.
        var subpaths: [[Point]] = []
        for element in path.elements {
            switch element {
            case .move(let p): subpaths.append([p])
            case .line(let p):
                if subpaths.isEmpty { subpaths.append([]) }
                subpaths[subpaths.count - 1].append(p)
            case .close: break
            case .quad, .cubic: return path
            }
        }
        let snapped: [[Point]] = subpaths.map { points in
            points.indices.map { i in
                let p = points[i]
                var vertical = false, horizontal = false
                for j in [i - 1, i + 1] where points.indices.contains(j) {
                    let q = points[j]
                    if abs(q.x - p.x) < 1e-6 && abs(q.y - p.y) >= 1e-6 { vertical = true }
                    if abs(q.y - p.y) < 1e-6 && abs(q.x - p.x) >= 1e-6 { horizontal = true }
                }
                return Point(rule(p.x, vertical), rule(p.y, horizontal))
            }
        }
        // Rebuild with the original element structure.
        var out = Path()
        var s = -1, k = 0
        for element in path.elements {
            switch element {
            case .move:
                s += 1
                k = 0
                out.move(to: snapped[s][k])
                k += 1
            case .line:
                if s < 0 { s = 0 }
                out.line(to: snapped[s][k])
                k += 1
            case .close: out.close()
            case .quad, .cubic: break
            }
        }
        return out
    }
}
