// swift-tools-version:6.0
import PackageDescription

/// Benchmarks and the fuzzer for ShiftyWebSocket, kept out of the root package so that NIOWebSocket (the
/// comparator) and the sanitizer builds never touch a normal `swift build` of Shifty.
let package = Package(
    name: "ShiftyBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Shifty", path: ".."),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    ],
    targets: [
        .executableTarget(
            name: "WebSocketFuzzer",
            dependencies: [
                .product(name: "ShiftyWebSocket", package: "Shifty"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        .executableTarget(
            name: "WebSocketBenchmarks",
            dependencies: [
                .product(name: "ShiftyWebSocket", package: "Shifty"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ]
        ),
        .executableTarget(
            name: "ReportBenchmark",
            dependencies: [
                .product(name: "ShiftyServer", package: "Shifty"),
                .product(name: "ShiftyFeatures", package: "Shifty"),
                .product(name: "ShiftyPostgres", package: "Shifty"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "IdleConnections",
            dependencies: [
                .product(name: "ShiftyWebSocket", package: "Shifty"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .target(name: "CEpoll"),
        .executableTarget(
            name: "LiveLoad",
            dependencies: [
                "CEpoll",
                .product(name: "ShiftyWebSocket", package: "Shifty"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),
        .target(name: "BenchmarkSupport"),
        .executableTarget(
            name: "MarketplaceReadBenchmark",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "ShiftyServer", package: "Shifty"),
                .product(name: "ShiftyFeatures", package: "Shifty"),
                .product(name: "ShiftyPostgres", package: "Shifty"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "GenerationBenchmark",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "ShiftyServer", package: "Shifty"),
                .product(name: "ShiftyFeatures", package: "Shifty"),
                .product(name: "ShiftyPostgres", package: "Shifty"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
