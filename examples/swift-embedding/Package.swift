// swift-tools-version: 6.0
// A downstream package that embeds the chart renderer: it depends on the repository root by path, exactly as an app
// would depend on it by URL (`.package(url: "https://…/chart-service.git", from: "0.16.0")`), and uses only the
// `ChartRender` library product. scripts/check-embedding builds and runs it.
import PackageDescription

// SwiftPM names a path dependency after its directory (`chart-service` in a fresh clone, a worktree's own name
// elsewhere), and `.product(name:package:)` needs that name: take it from the path rather than hard-code it.
let rootDirectory = Context.packageDirectory.split(separator: "/").dropLast(2).last.map(String.init) ?? "chart-service"

let package = Package(
    name: "swift-embedding",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "embed-chart",
            dependencies: [.product(name: "ChartRender", package: rootDirectory.lowercased())],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]),
    ],
    swiftLanguageModes: [.v6]
)
