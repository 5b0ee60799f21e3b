import ChartSpec

/// The request's canvas (`width`, `height`, `devicePixelRatio`, `backgroundColor`) → native `width`, `height`,
/// `scale`, `background`. Out-of-range values are refused by the native limits, at the request's names.
enum RequestTranslation {
    static func translate(_ request: ChartJSRequest, _ native: inout NativeSpecBuilder) {
        native.set(["width"], .number(request.width), from: .request("width"))
        native.set(["height"], .number(request.height), from: .request("height"))
        native.set(["scale"], .number(request.devicePixelRatio), from: .request("devicePixelRatio"))
        // QuickChart's default background is transparent; the native default is the theme's.
        native.set(["background"], .string(request.backgroundColor ?? "transparent"),
                   from: .request("backgroundColor"))
    }
}
