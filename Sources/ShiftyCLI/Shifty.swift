import ArgumentParser

@main
struct Shifty: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shifty",
        abstract: "Shifty, the shift marketplace server.",
        version: VersionCommand.version,
        subcommands: [
            ServeCommand.self, MigrateCommand.self, ReportCommand.self, VersionCommand.self, Dev.self,
            LoginCommand.self, LogoutCommand.self, ShiftsCommand.self, MarketCommand.self, SupplyCommand.self,
            TakeCommand.self, ApproveCommand.self, RejectCommand.self, WatchCommand.self,
        ],
        defaultSubcommand: nil
    )
}
