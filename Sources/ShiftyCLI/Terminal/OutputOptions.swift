import ArgumentParser
import Foundation
import ShiftyTerminal

extension OutputFormat: ExpressibleByArgument {}

/// `--output table|json|csv`, shared by every reading command.
///
/// `table` fits the terminal's width and uses colour only on a terminal without NO_COLOR (or
/// TERM=dumb); piped, it prints the full lines without escapes. `json` is the server's own JSON.
struct OutputOptions: ParsableArguments {
    @Option(name: .customLong("output"), help: ArgumentHelp("table, json or csv.", valueName: "format"))
    var format: OutputFormat = .table

    /// Prints `table` as a table or CSV, or `json` (the server's bytes) for `--output json`.
    func print(_ table: DataTable, json: @autoclosure () -> Data, empty: String? = nil) {
        switch self.format {
        case .json:
            StandardStreams.write(String(decoding: json(), as: UTF8.self) + "\n")
        case .csv:
            StandardStreams.write(table.csv())
        case .table:
            if table.rows.isEmpty, let empty {
                printLines([empty])
                return
            }
            let terminal = StandardStreams.stdoutIsTerminal
            let width = terminal ? StandardStreams.terminalSize()?.columns : nil
            printLines(table.renderTable(width: width, colour: Self.colourEnabled(terminal: terminal)))
        }
    }

    /// Colour only on a terminal, never with NO_COLOR (any value, https://no-color.org) or TERM=dumb.
    static func colourEnabled(terminal: Bool, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        terminal && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
    }
}
