import ArgumentParser
import Foundation
import ShiftyTerminal

@main
struct Shifty: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shifty",
        abstract: "Shifty, the shift marketplace server.",
        discussion: ClientExitCode.helpText,
        version: VersionCommand.version,
        subcommands: [
            ServeCommand.self, MigrateCommand.self, ReportCommand.self, VersionCommand.self, Dev.self,
            LoginCommand.self, LogoutCommand.self, ShiftsCommand.self, MarketCommand.self, SupplyCommand.self,
            TakeCommand.self, ApproveCommand.self, RejectCommand.self, WatchCommand.self,
            ApprovalsCommand.self, DealsCommand.self, RevokeCommand.self, CancelDealCommand.self,
            RequestsCommand.self, RequestCommand.self, SuggestCommand.self, AcceptCommand.self,
            SwapCommand.self, AnswerSwapCommand.self, NotificationsCommand.self, NowCommand.self,
            TimeOffCommand.self,
            HoursCommand.self, TeamCommand.self,
        ],
        defaultSubcommand: nil
    )

    /// Parses and runs like ArgumentParser's own `main`, but with the documented exit codes
    /// (``ClientExitCode``): a usage error exits 2 (not 64), and a closed stdout never kills the
    /// process with SIGPIPE (`shifty market | head -1`).
    static func main() async {
        StandardStreams.ignoreBrokenPipeSignal()
        TerminalLanguage.choose(arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
        do {
            var command = try await asyncParseAsRoot(nil)
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let failure as CLIFailure {
            StandardStreams.writeError(TerminalLanguage.text("terminal.cli.error", ["message": failure.description]) + "\n")
            Foundation.exit(failure.exitCode)
        } catch {
            let code = exitCode(for: error)
            guard code == .validationFailure else { exit(withError: error) }
            StandardStreams.writeError(fullMessage(for: error) + "\n")
            Foundation.exit(ClientExitCode.usage)
        }
    }
}
