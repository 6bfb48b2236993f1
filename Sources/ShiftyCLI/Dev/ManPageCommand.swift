import ArgumentParser
import Foundation
import ShiftyTerminal

/// `shifty dev man-page`: prints the shifty(1) man page (`make install` writes it to share/man/man1).
struct ManPageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "man-page", abstract: "Print the shifty(1) man page (roff), made from the command tree.")

    func run() throws {
        StandardStreams.write(try Self.manPage())
    }

    static func manPage() throws -> String {
        let tool = try JSONDecoder().decode(CommandTree.self, from: Data(Shifty._dumpHelp().utf8))
        return ManPage(tool: tool, version: VersionCommand.version, sections: [
            ("Exit status", [ClientExitCode.helpText]),
            ("Environment", [
                "SHIFTY_SERVER: the server for the client commands (else --server, else the saved login).",
                "SHIFTY_TOKEN: a bearer token instead of the session saved by shifty login.",
                "SHIFTY_CA_FILE: PEM certificates to trust for an https server (same as --ca-file).",
                "NO_COLOR: any value turns colours off (https://no-color.org); so does TERM=dumb.",
            ]),
            ("See also", ["Completion scripts: shifty --generate-completion-script bash|zsh|fish. The server's settings: shifty serve --help."]),
        ]).render()
    }
}
