// swift-tools-version:6.0
import PackageDescription

/// Shifty: a shift marketplace server.
///
/// Module boundaries (see README.md, "Architecture"):
/// - `ShiftyDomain`: pure rules, no I/O, no NIO.
/// - `ShiftyPostgres`: a small libpq wrapper (pool, transactions, LISTEN/NOTIFY, migrations).
/// - `ShiftySecurity`: Argon2id, secure random, SHA-1/SHA-256 over the C shims.
/// - `ShiftyWebSocket`: our RFC 6455 layer, depending only on NIOCore/NIOHTTP1 and the crypto shim.
/// - `ShiftyServerCore`: what every server module shares: the problem document and its codes,
///   JSON writing, store errors, metrics.
/// - `ShiftyConnections`: each HTTP/1.1 connection before the router (limits, timeouts, refusals)
///   and the WebSocket upgrade that plugs our RFC 6455 layer into the server.
/// - `ShiftyEvents`: the outbox: event kinds, their audiences and topics, the one event writer.
/// - `ShiftyNotifications`: delivery channels: e-mail over SMTP, Web Push, the delivery queue.
/// - `ShiftyLive`: the live hub: connections, shards, the event feed, the now board.
/// - `ShiftyFeatures`: the features: each service loads, lets the domain decide and writes through
///   its store and writer; generation, seeding, reports. No routes, requests or contexts.
/// - `ShiftyServer`: the HTTP edge and the application: routes on typed request contexts,
///   middleware, problem documents made from refusals, the Hummingbird application.
/// Dependencies run one way, in this order; the package graph refuses a cycle.
/// - `ShiftyAPI`: the API's wire types, encoded by the server and read by the terminal client
///   (Foundation only; docs/api-shapes.md).
/// - `ShiftyLocalization`: the language catalogues of web/i18n, embedded at build time, and
///   formatting by language (Foundation only; docs/i18n.md).
/// - `shifty`: the thin command-line executable.
let package = Package(
    name: "Shifty",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "shifty", targets: ["ShiftyCLI"]),
        .library(name: "ShiftyDomain", targets: ["ShiftyDomain"]),
        .library(name: "ShiftyAPI", targets: ["ShiftyAPI"]),
        .library(name: "ShiftyLocalization", targets: ["ShiftyLocalization"]),
        .library(name: "ShiftyPostgres", targets: ["ShiftyPostgres"]),
        .library(name: "ShiftySecurity", targets: ["ShiftySecurity"]),
        .library(name: "ShiftyWebSocket", targets: ["ShiftyWebSocket"]),
        .library(name: "ShiftyFeatures", targets: ["ShiftyFeatures"]),
        .library(name: "ShiftyServer", targets: ["ShiftyServer"]),
        .library(name: "ShiftyTestSupport", targets: ["ShiftyTestSupport"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
    ],
    targets: [
        // C libraries, each through a one-line shim header.
        .systemLibrary(name: "CLibPQ", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        .systemLibrary(name: "CArgon2", pkgConfig: "libargon2", providers: [.apt(["libargon2-dev"])]),
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),

        .target(name: "ShiftyDomain"),
        // The API's wire types (answers, live messages, problem documents): Foundation only; the
        // server encodes them and the terminal decodes them.
        .target(name: "ShiftyAPI"),
        // The catalogues of web/i18n/<language>/*.json, embedded into the binary by the plugin.
        .executableTarget(name: "CatalogueEmbedder"),
        .plugin(name: "EmbedCatalogues", capability: .buildTool(), dependencies: ["CatalogueEmbedder"]),
        .target(name: "ShiftyLocalization", plugins: ["EmbedCatalogues"]),
        .target(
            name: "ShiftyPostgres",
            dependencies: [
                "CLibPQ", "CCrypto",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(name: "ShiftySecurity", dependencies: ["CArgon2", "CCrypto"]),
        .target(
            name: "ShiftyWebSocket",
            dependencies: [
                "CCrypto",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .target(
            name: "ShiftyServerCore",
            dependencies: [
                "ShiftyDomain", "ShiftyAPI", "ShiftyPostgres", "ShiftyLocalization",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ]
        ),
        .target(
            name: "ShiftyConnections",
            dependencies: [
                "ShiftyServerCore", "ShiftyWebSocket",
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(name: "ShiftyEvents", dependencies: ["ShiftyServerCore", "ShiftyDomain", "ShiftyAPI", "ShiftyPostgres"]),
        .target(
            name: "ShiftyNotifications",
            dependencies: [
                "ShiftyServerCore", "ShiftyEvents", "ShiftyDomain", "ShiftyAPI", "ShiftyPostgres", "ShiftySecurity", "ShiftyLocalization", "CCurl",
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "ShiftyLive",
            dependencies: [
                "ShiftyServerCore", "ShiftyEvents", "ShiftyNotifications", "ShiftyConnections",
                "ShiftyDomain", "ShiftyAPI", "ShiftyPostgres", "ShiftyWebSocket",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "ShiftyFeatures",
            dependencies: [
                "ShiftyServerCore", "ShiftyEvents", "ShiftyNotifications", "ShiftyLive",
                "ShiftyDomain", "ShiftyAPI", "ShiftyPostgres", "ShiftySecurity", "ShiftyLocalization",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
            ]
        ),
        .target(
            name: "ShiftyServer",
            dependencies: [
                "ShiftyFeatures", "ShiftyServerCore", "ShiftyConnections", "ShiftyEvents", "ShiftyNotifications", "ShiftyLive",
                "ShiftyDomain", "ShiftyAPI", "ShiftyPostgres", "ShiftySecurity", "ShiftyWebSocket", "ShiftyLocalization", "CCurl",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ]
        ),
        .target(
            name: "ShiftyTerminal",
            dependencies: [
                "ShiftyAPI", "ShiftyWebSocket", "ShiftyLocalization",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "ShiftyCLI",
            dependencies: [
                "ShiftyServer", "ShiftyFeatures", "ShiftyServerCore", "ShiftyConnections", "ShiftyNotifications", "ShiftyPostgres", "ShiftyWebSocket", "ShiftyTerminal", "ShiftyLocalization",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .target(
            name: "ShiftyTestSupport",
            dependencies: [
                "ShiftyPostgres", "ShiftyServer", "ShiftyFeatures", "ShiftyServerCore", "ShiftyConnections", "ShiftyEvents", "ShiftyLive", "ShiftySecurity",
                "ShiftyWebSocket",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),

        .testTarget(name: "ShiftyDomainTests", dependencies: ["ShiftyDomain"]),
        .testTarget(name: "ShiftyPostgresTests", dependencies: ["ShiftyPostgres", "ShiftyTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "ShiftySecurityTests", dependencies: ["ShiftySecurity"]),
        .testTarget(name: "ShiftyLocalizationTests", dependencies: ["ShiftyLocalization"]),
        .testTarget(
            name: "ShiftyWebSocketTests",
            dependencies: [
                "ShiftyWebSocket",
                "ShiftyTestSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .testTarget(name: "ShiftyCLITests", dependencies: ["ShiftyCLI", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .testTarget(
            name: "ShiftyServerTests",
            dependencies: [
                "ShiftyServer", "ShiftyFeatures", "ShiftyServerCore", "ShiftyConnections", "ShiftyEvents", "ShiftyNotifications", "ShiftyLive",
                "ShiftyTestSupport", "ShiftyDomain", .product(name: "NIOEmbedded", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "ShiftyTerminalTests",
            dependencies: [
                "ShiftyTerminal", "ShiftyLocalization", "ShiftyTestSupport", "ShiftyServer", "ShiftyFeatures", "ShiftyServerCore", "ShiftyEvents",
                "ShiftyLive", "ShiftyWebSocket", "ShiftyDomain",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
