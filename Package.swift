// swift-tools-version: 6.0
// The chart-rendering service. Layers depend one way:
//   ChartSpec → ChartLayout → ChartScene → {ChartAnimation → ChartSVG, ChartRaster → ChartPNG, ChartWebP, ChartJPEG,
//   ChartPDF} → ChartRender → ChartService → chartd
// A backend (SVG, raster) never imports a chart kind; a chart kind never writes output bytes.
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "chart-service",
    platforms: [.macOS(.v15)],
    products: [
        // The renderer for other Swift packages (docs/embedding.md): `import ChartRender` brings the spec model
        // (ChartSpec) and the scene types it uses (ChartScene) with it; the server modules are not products.
        .library(name: "ChartRender", targets: ["ChartRender"]),
        .executable(name: "chartd", targets: ["chartd"]),
        .executable(name: "chart", targets: ["chart"]),
        .executable(name: "chart-bench", targets: ["chart-bench"]),
    ],
    targets: [
        // The backend-neutral display list: geometry, paints, text runs, groups with meaning.
        .target(name: "ChartScene", swiftSettings: strict, linkerSettings: [.linkedLibrary("m")]),
        // Locales from CLDR (scripts/generate-locales → generated tables): number symbols and digits, month and
        // weekday names, time-tick patterns, the layout's fixed words, right-to-left. No dependencies; the spec layer
        // resolves `locale` with it (a 422 naming close tags), the layout formats with it.
        .target(name: "ChartLocale", swiftSettings: strict),
        // The request model: JSON → validated ChartSpec, errors with JSON paths.
        .target(name: "ChartSpec", dependencies: ["ChartScene", "ChartLocale"], swiftSettings: strict),
        // Chart.js configs (QuickChart's request surface) → native specs; knows nothing of layout or output.
        .target(name: "ChartJSDialect", dependencies: ["ChartSpec"], swiftSettings: strict),
        // TrueType reading, text measurement and glyph outlines.
        // HarfBuzz (shaping) and FriBidi (bidi ordering), fenced as system libraries like libpng: only ChartText
        // imports them (issue 17).
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFriBidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
        .target(name: "ChartText", dependencies: ["ChartScene", "CHarfBuzz", "CFriBidi"], swiftSettings: strict),
        // Time zones from the system's tzdata (our TZif reader, POSIX TZ rules, a bounded zone cache) and the civil
        // calendar. Its own module with no dependencies, below ChartLayout (which lays out time axes with it) rather
        // than below ChartSpec: the spec layer checks no zone names (the layout's time resolution does, right after
        // parsing, and reports x.timeZone as a spec error), and the CLI, chartd's options and the fuzzer reach the
        // reader without the layout.
        .target(name: "ChartTime", swiftSettings: strict),
        // Scales, nice ticks, curves and chart kinds: ChartSpec → Scene.
        .target(name: "ChartLayout", dependencies: ["ChartSpec", "ChartScene", "ChartTime", "ChartLocale"],
                swiftSettings: strict),
        // The choreography of an animated chart: one timeline that the SMIL writer and the frame sampler both read.
        .target(name: "ChartAnimation", dependencies: ["ChartScene"], swiftSettings: strict),
        // Scene → SVG text (static and SMIL-animated).
        .target(name: "ChartSVG", dependencies: ["ChartScene", "ChartAnimation", "CFriBidi"], swiftSettings: strict),
        // Scene → RGBA pixels: flattening, stroking, exact-area coverage, paint.
        .target(name: "ChartRaster", dependencies: ["ChartScene"], swiftSettings: strict),
        // libpng behind a fence: the system library and one C function that owns the setjmp.
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .target(name: "CPNGWriter", dependencies: ["CPNG"], linkerSettings: [.linkedLibrary("png"), .linkedLibrary("z")]),
        .target(name: "ChartPNG", dependencies: ["ChartRaster", "CPNGWriter"], swiftSettings: strict),
        // Scene → vector PDF: paths, clips, transparency, gradients as shadings, embedded subset fonts; zlib through
        // CPNGWriter's chart_deflate, pixel snapping from ChartRaster.
        .target(name: "ChartPDF", dependencies: ["ChartScene", "ChartText", "ChartRaster", "CPNGWriter"],
                swiftSettings: strict),
        // libwebp: lossy WebP (and lossless as the alternative). It reports errors as return values, so Swift calls it
        // directly.
        .systemLibrary(name: "CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
        // Our own chart-specialised lossless WebP (VP8L) encoder in C, no dependencies: the lossless path.
        .target(name: "CWebPWriter"),
        .target(name: "ChartWebP", dependencies: ["ChartRaster", "CWebP", "CWebPWriter"], swiftSettings: strict),
        // libjpeg-turbo behind a fence like libpng's: the system library and the C functions that own its setjmp.
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
        .target(name: "CJPEGWriter", dependencies: ["CJPEG"], linkerSettings: [.linkedLibrary("jpeg")]),
        .target(name: "ChartJPEG", dependencies: ["ChartRaster", "CJPEGWriter"], swiftSettings: strict),
        // Frame sequences → animated PNG (CPNGWriter's deflate and CRC) and GIF (our own palette and LZW).
        .target(name: "ChartAPNG", dependencies: ["ChartRaster", "CPNGWriter"], swiftSettings: strict),
        .target(name: "ChartGIF", dependencies: ["ChartRaster"], swiftSettings: strict),
        // The pipeline facade: bytes in, image bytes out. Used by the CLI, the server and the benchmark.
        .target(
            name: "ChartRender",
            dependencies: [
                "ChartSpec", "ChartLayout", "ChartScene", "ChartText", "ChartAnimation", "ChartSVG", "ChartRaster",
                "ChartPNG", "ChartPDF", "ChartWebP", "ChartJPEG", "ChartAPNG", "ChartGIF", "ChartTime",
            ],
            swiftSettings: strict),
        // OpenSSL's libcrypto behind a fence: SHA-256 for cache keys and ETags, HMAC-SHA256 for signed URLs.
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .target(name: "ChartCrypto", dependencies: ["CCrypto"], swiftSettings: strict),
        // Linux I/O calls Glibc's module lacks (epoll, eventfd, accept4, malloc_trim), fenced like NIO's CNIOLinux:
        // it compiles to nothing without __linux__ and HTTPServer imports it only under `#if os(Linux)`.
        .target(name: "CLinuxIO"),
        // A small HTTP/1.1 server on raw sockets; knows nothing of charts. Platforms: Linux x86_64 (epoll) is built
        // and tested in CI, poll(2) included (CHART_POLLER=poll); macOS/BSD take the poll(2) paths, which
        // scripts/check-portable-build type-checks on Linux — no macOS (or aarch64) build runs in CI.
        .target(name: "HTTPServer", dependencies: ["CLinuxIO"], swiftSettings: strict),
        // The chart API on top of the HTTP server: routes, caching, metrics, problem+json.
        // The commit and build date, from `-Xcc -DCHART_GIT_COMMIT=… -Xcc -DCHART_BUILD_DATE=…` (Dockerfile, scripts/run).
        .target(name: "CBuildInfo"),
        .target(
            name: "ChartService",
            dependencies: ["HTTPServer", "ChartRender", "ChartScene", "ChartText", "ChartCrypto", "ChartJSDialect",
                           "ChartTime", "CBuildInfo"],
            swiftSettings: strict),

        .executableTarget(name: "chartd", dependencies: ["ChartService"], swiftSettings: strict),
        .executableTarget(
            name: "chart",
            dependencies: ["ChartRender", "ChartCrypto", "ChartJSDialect", "ChartService", "ChartTime", "ChartLayout",
                           "ChartLocale"],
            swiftSettings: strict),
        .executableTarget(
            name: "chart-bench",
            dependencies: ["ChartRender", "ChartText", "ChartService", "ChartJSDialect", "ChartPDF"],
            swiftSettings: strict),
        // Fuzz harnesses for the untrusted-input parsers (scripts/fuzz); a plain build replays inputs.
        .target(name: "CFuzzerDriver"),
        .executableTarget(
            name: "chart-fuzz",
            dependencies: ["ChartRender", "ChartSpec", "ChartText", "ChartTime", "HTTPServer", "CFuzzerDriver"],
            swiftSettings: strict),

        .testTarget(name: "ChartSceneTests", dependencies: ["ChartScene"]),
        .testTarget(name: "ChartSpecTests", dependencies: ["ChartSpec"]),
        .testTarget(name: "ChartJSDialectTests", dependencies: ["ChartJSDialect", "ChartSpec"]),
        .testTarget(name: "ChartTextTests", dependencies: ["ChartText"]),
        .testTarget(name: "ChartTimeTests", dependencies: ["ChartTime"]),
        .testTarget(name: "ChartLocaleTests", dependencies: ["ChartLocale"]),
        .testTarget(name: "ChartLayoutTests", dependencies: ["ChartLayout", "ChartText", "ChartTime", "ChartLocale"]),
        .testTarget(name: "ChartAnimationTests", dependencies: ["ChartAnimation"]),
        .testTarget(name: "ChartSVGTests", dependencies: ["ChartSVG", "ChartAnimation"]),
        .testTarget(name: "ChartRasterTests", dependencies: ["ChartRaster", "ChartPNG"]),
        // Test images and the libraries' own decoders (libpng, libwebp, libjpeg), shared by the encoders' tests.
        .target(name: "RasterTestSupport", dependencies: ["ChartRaster", "CPNG", "CWebP", "CJPEGWriter"],
                path: "Tests/RasterTestSupport"),
        .testTarget(name: "ChartPNGTests", dependencies: ["ChartPNG", "CPNGWriter", "RasterTestSupport"]),
        .testTarget(name: "ChartPDFTests", dependencies: ["ChartPDF", "ChartScene", "ChartRaster", "ChartText"]),
        .testTarget(name: "ChartWebPTests", dependencies: ["ChartWebP", "RasterTestSupport"]),
        .testTarget(name: "ChartJPEGTests", dependencies: ["ChartJPEG", "RasterTestSupport"]),
        .testTarget(name: "ChartAPNGTests", dependencies: ["ChartAPNG", "ChartRaster", "CPNG"]),
        .testTarget(name: "ChartGIFTests", dependencies: ["ChartGIF", "ChartRaster"]),
        .testTarget(name: "ChartCryptoTests", dependencies: ["ChartCrypto"]),
        .testTarget(name: "ChartRenderTests", dependencies: ["ChartRender", "ChartAnimation", "RasterTestSupport", "ChartTime"], exclude: ["Golden"]),
        // A loopback socket client and test threads, shared by the two test targets that speak over sockets.
        .target(name: "SocketTestSupport", dependencies: ["HTTPServer"], path: "Tests/SocketTestSupport"),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "SocketTestSupport"]),
        .testTarget(name: "ChartServiceTests", dependencies: ["ChartService", "ChartJSDialect", "SocketTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
