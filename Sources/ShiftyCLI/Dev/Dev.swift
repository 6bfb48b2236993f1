import ArgumentParser

/// Developer tools that exercise production code paths from outside (see docs/websocket.md).
struct Dev: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Developer tools: WebSocket echo server, Autobahn client, the man page.",
        subcommands: [EchoServerCommand.self, AutobahnClientCommand.self, ManPageCommand.self]
    )
}
