/// A clip rectangle in device pixels (fractional edges allowed; they are antialiased exactly).
struct DeviceRect: Equatable {
    var x0: Double
    var y0: Double
    var x1: Double
    var y1: Double

    var isEmpty: Bool { !(x1 > x0 && y1 > y0) }

    func intersection(_ o: DeviceRect) -> DeviceRect {
        DeviceRect(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
    }
}
