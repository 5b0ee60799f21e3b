import ChartScene

/// Aligns thin horizontal and vertical lines (grid, axes, shapes marked `snapToPixels`) to the device pixel grid so a
/// 1-device-pixel line covers exactly one row or column instead of smearing over two at half intensity.
///
/// Works on paths already in device pixels that contain only lines; curved paths are returned unchanged.
enum PixelSnapper {
    /// A stroked path: coordinates across a horizontal or vertical segment go to pixel centers when the (integer)
    /// device width is odd and to pixel edges when it is even; coordinates along a segment round to pixel edges.
    static func snapStroke(_ path: Path, width: Double) -> Path {
        let odd = Int(width) % 2 == 1
        return snap(path) { v, across in
            across && odd ? v.rounded(.down) + 0.5 : v.rounded()
        }
    }

    /// A filled path: every coordinate rounds to the nearest pixel edge (a snapped rectangle has no grey border).
    static func snapFill(_ path: Path) -> Path {
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
