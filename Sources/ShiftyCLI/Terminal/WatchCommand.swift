import ArgumentParser
import Dispatch
import Foundation
import ShiftyTerminal

#if canImport(Glibc)
import Glibc
import ShiftyLive
#endif

/// `shifty watch`: the live marketplace in the terminal.
struct WatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Watch the marketplace live: a table that updates in place as coworkers offer and take shifts.",
        discussion: """
            Reconnects by itself (with backoff) and resumes where it left off, so no change is missed. \
            When stdout is not a terminal it prints one line per event; --json prints each event object \
            as one JSON line, for jq. Exits with 1 when the session ends (run `shifty login`).
            """
    )

    @OptionGroup var client: ClientOptions

    @Flag(help: "Print each event as one line of JSON (for jq).")
    var json = false

    @Flag(help: "Print one line per event even on a terminal.")
    var lines = false

    func run() async throws {
        let server = try client.serverAddress()
        let token = try client.token()
        let environment = client.environment
        let output: WatchOutputMode
        if json {
            output = .json
        } else if lines || !StandardStreams.stdoutIsTerminal {
            output = .lines
        } else {
            let colour = environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
            output = .table(colour: colour)
        }
        var configuration = LiveWatcher.Configuration(server: server, token: token, output: output)
        configuration.caFile = try client.trustedCAFile()
        let watcher = LiveWatcher(configuration: configuration)
        let signals = [SIGINT, SIGTERM].map { number -> any DispatchSourceSignal in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { watcher.stop() }
            source.resume()
            return source
        }
        if case .table = output, isatty(STDIN_FILENO) == 1 {
            // The screen turns echo and line buffering off, so single keys arrive: q quits.
            let keys = Thread {
                var byte: UInt8 = 0
                while read(STDIN_FILENO, &byte, 1) == 1 {
                    if byte == UInt8(ascii: "q") || byte == UInt8(ascii: "Q") {
                        watcher.stop()
                        return
                    }
                }
            }
            keys.start()
        }
        let outcome = await watcher.run()
        signals.forEach { $0.cancel() }
        switch outcome {
        case .quit: return
        case .sessionEnded: throw ExitCode(1)
        case .stopped: throw ExitCode(1)
        }
    }
}
