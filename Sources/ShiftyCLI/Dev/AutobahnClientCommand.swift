import ArgumentParser
import Foundation
import Logging
import NIOCore
import NIOPosix
import ShiftyWebSocket
import Synchronization

/// `shifty dev autobahn-client`: runs every case of an Autobahn fuzzing server against our client.
struct AutobahnClientCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "autobahn-client",
        abstract: "Run all cases of an Autobahn fuzzingserver with the Shifty WebSocket client."
    )

    @Option(help: "The fuzzing server, e.g. ws://127.0.0.1:9001") var server: String
    @Option(help: "Agent name in the report.") var agent = "shifty"
    @Option(help: "Seconds after which a single case is abandoned.") var caseTimeout = 60
    @Option(help: "Log level.") var logLevel = "info"

    func run() async throws {
        let logger = DevLogger.make(label: "shifty.dev.autobahn", level: self.logLevel)
        guard let base = WebSocketURL(self.server) else {
            throw ValidationError("--server must be a ws://host:port URL")
        }
        let client = DevWebSocketClient(group: MultiThreadedEventLoopGroup.singleton, timeout: .seconds(Int64(self.caseTimeout)))
        let countText = try await client.firstTextMessage(url: WebSocketURL(host: base.host, port: base.port, target: "/getCaseCount"))
        guard let count = Int(countText.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw ValidationError("unexpected case count \(countText)")
        }
        logger.info("running \(count) cases", metadata: ["server": "\(base)"])
        let agent = self.agent.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? self.agent
        for number in 1...max(count, 1) where count > 0 {
            let url = WebSocketURL(host: base.host, port: base.port, target: "/runCase?case=\(number)&agent=\(agent)")
            do {
                try await client.runEcho(url: url)
            } catch {
                logger.warning("case \(number) ended with \(error)")
            }
            if number % 50 == 0 { logger.info("finished case \(number) of \(count)") }
        }
        try await client.runEcho(url: WebSocketURL(host: base.host, port: base.port, target: "/updateReports?agent=\(agent)"))
        logger.info("reports updated")
    }
}

/// A small client for the developer commands: connect, handshake, run callbacks until the connection ends.
struct DevWebSocketClient: Sendable {
    let group: any EventLoopGroup
    let timeout: TimeAmount

    func connect(url: WebSocketURL, callbacks: WebSocketCallbacks) async throws -> any Channel {
        var configuration = WebSocketConfiguration()
        configuration.pingInterval = nil
        let channel = try await ClientBootstrap(group: self.group)
            .channelOption(ChannelOptions.tcpOption(.tcp_nodelay), value: 1)
            .connect(host: url.host, port: url.port).get()
        _ = try await WebSocketClient.upgrade(channel: channel, url: url, configuration: configuration, callbacks: callbacks).get()
        return channel
    }

    /// Echoes every message until the server closes the connection.
    func runEcho(url: WebSocketURL) async throws {
        let channel = try await self.connect(url: url, callbacks: .echo)
        let timeout = channel.eventLoop.scheduleTask(in: self.timeout) { channel.close(promise: nil) }
        try await channel.closeFuture.get()
        timeout.cancel()
    }

    /// The first text message the server sends before closing.
    func firstTextMessage(url: WebSocketURL) async throws -> String {
        let received = Mutex<String?>(nil)
        let channel = try await self.connect(
            url: url,
            callbacks: WebSocketCallbacks(onMessage: { message, _ in
                received.withLock { if $0 == nil { $0 = message.text } }
            })
        )
        try await channel.closeFuture.get()
        return received.withLock { $0 } ?? ""
    }
}
