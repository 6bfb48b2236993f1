import ArgumentParser
import Foundation
import Hummingbird
import Logging
import NIOCore
import ShiftyServer
import ShiftyWebSocket

/// `shifty dev echo-server`: a WebSocket echo endpoint on the production code path (the same Hummingbird
/// child channel, upgrader, codec and default limits), for Autobahn, interop tests and benchmarks.
struct EchoServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "echo-server",
        abstract: "Run a WebSocket echo server (text and binary) on every path."
    )

    @Option(help: "Address to bind.") var host = "127.0.0.1"
    @Option(help: "Port to bind (0 picks a free one).") var port = 9001
    @Option(help: "Log level (trace, debug, info, notice, warning, error, critical).") var logLevel = "info"
    @Option(help: "Seconds between keep-alive pings on idle connections (0 disables).") var pingInterval = 30
    @Option(help: "Only upgrade requests for this path; upgrade requests elsewhere are served as plain HTTP.")
    var webSocketPath: String?

    func run() async throws {
        let logger = DevLogger.make(label: "shifty.dev.echo", level: self.logLevel)
        var webSocketConfiguration = WebSocketConfiguration()
        webSocketConfiguration.pingInterval = self.pingInterval > 0 ? .seconds(Int64(self.pingInterval)) : nil
        let limits = webSocketConfiguration
        let onlyPath = self.webSocketPath
        let router = Router()
        router.get("/") { _, _ in "WebSocket echo server: connect with Upgrade: websocket\n" }
        let app = Application(
            router: router,
            server: .http1WithWebSocket { head, _, _ in
                if let onlyPath, head.uri.split(separator: "?").first.map(String.init) != onlyPath {
                    return .notWebSocket
                }
                return .accept(configuration: limits, callbacks: .echo)
            },
            configuration: .init(address: .hostname(self.host, port: self.port), serverName: "shifty-echo"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                FileHandle.standardOutput.write(Data("listening on ws://\(self.host):\(port)\n".utf8))
            },
            logger: logger
        )
        try await app.runService()
    }
}
