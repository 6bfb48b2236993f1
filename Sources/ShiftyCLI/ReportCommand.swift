import ArgumentParser
import Foundation
import ShiftyFeatures
import ShiftyDomain
import ShiftyPostgres
import ShiftyServer
import ShiftyServerCore

/// `shifty report --month 2026-10 --format csv|json`: the monthly timeclock report on stdout,
/// for payroll scripts and spreadsheets, without going through HTTP.
struct ReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Print a workplace's monthly timeclock report as CSV or JSON.",
        discussion: "Reads the same database as `serve` (see --database-url). Logs go to stderr, the report to stdout."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case csv, json
    }

    @Option(help: "The month, as YYYY-MM.")
    var month: String

    @Option(help: "csv or json.")
    var format: Format = .csv

    @Option(help: "The workplace's address (slug).")
    var workplace: String = DemoSeeder.workplaceSlug

    @OptionGroup var server: ServerOptions

    func validate() throws {
        guard ReportMonth(month) != nil else { throw ValidationError("--month must be a month as YYYY-MM, for example 2026-10.") }
    }

    func run() async throws {
        guard let reportMonth = ReportMonth(month) else { throw ValidationError("--month must be a month as YYYY-MM.") }
        let configuration = try server.configuration()
        var logger = server.logger()
        if server.logLevel == nil, ProcessInfo.processInfo.environment["SHIFTY_LOG_LEVEL"] == nil { logger.logLevel = .warning }
        let slug = workplace.lowercased()
        let output = try await DatabaseSession.run(configuration: configuration, logger: logger, poolSize: 1) { pool -> String in
            let report: MonthlyReport
            do {
                report = try await ReportService(pool: pool).monthlyReport(workplaceSlug: slug, month: reportMonth)
            } catch ReportRefusal.workplaceNotFound {
                throw CLIFailure("No workplace '\(slug)' in this database.")
            }
            switch format {
            case .csv:
                return report.csv
            case .json:
                let encoder = JSONEncoder()
                encoder.dateEncodingStrategy = .iso8601
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                return String(decoding: try encoder.encode(report), as: UTF8.self) + "\n"
            }
        }
        FileHandle.standardOutput.write(Data(output.utf8))
    }
}
