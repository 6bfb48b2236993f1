import ArgumentParser
import Foundation
import ShiftyLocalization
import ShiftyTerminal

/// `--server` and the session every client command uses.
///
/// The token comes from SHIFTY_TOKEN when set (scripts, CI) and otherwise from the session saved by
/// `shifty login`; the server from --server, then SHIFTY_SERVER, then the saved session.
struct ClientOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The Shifty server, e.g. http://localhost:8080 (default: SHIFTY_SERVER or the saved login).", valueName: "url"))
    var server: String?

    @Option(name: .customLong("ca-file"), help: ArgumentHelp("Trust the certificates in this PEM file for an https:// server with its own (self-signed) certificate. [env: SHIFTY_CA_FILE]", valueName: "path"))
    var caFile: String?

    /// Read before parsing by `TerminalLanguage.choose` (so even parse errors of the client speak it);
    /// declared here so every client command accepts it and `--help` lists it.
    @Option(help: ArgumentHelp("The language of the output: en or nl (default: LANGUAGE/LC_ALL/LC_MESSAGES/LANG, else en).", valueName: "code"))
    var lang: String?

    func validate() throws {
        if let lang, LanguageCode(matching: lang) == nil {
            throw ValidationError(TerminalLanguage.text("terminal.cli.unknownLanguage", [
                "language": lang, "languages": LanguageCode.available.map(\.rawValue).joined(separator: ", "),
            ]))
        }
    }

    var environment: [String: String] { ProcessInfo.processInfo.environment }

    var store: SessionFile { SessionFile(environment: self.environment) }

    /// The CA file to trust (checked), for REST calls and the live stream alike.
    func trustedCAFile() throws -> String? {
        guard let file = self.caFile ?? self.environment["SHIFTY_CA_FILE"], !file.isEmpty else { return nil }
        guard FileManager.default.isReadableFile(atPath: file) else {
            throw CLIFailure(TerminalLanguage.text("terminal.cli.caFileUnreadable", ["file": file]))
        }
        return file
    }

    /// The server address to use.
    func serverAddress() throws -> ServerAddress {
        let text = self.server ?? self.environment["SHIFTY_SERVER"] ?? self.store.load()?.server
        guard let text else {
            throw CLIFailure(TerminalLanguage.text("terminal.cli.whichServer"))
        }
        guard let address = ServerAddress(text) else {
            throw CLIFailure(TerminalLanguage.text("terminal.cli.badServerAddress", ["address": text]))
        }
        return address
    }

    /// The bearer token: SHIFTY_TOKEN wins over the saved session.
    func token() throws -> String {
        if let token = self.environment["SHIFTY_TOKEN"], !token.isEmpty { return token }
        if let session = self.store.load() { return session.token }
        throw CLIFailure(ProblemMessages.message(for: APIProblem(status: 401, code: "unauthenticated")))
    }

    func client() throws -> ShiftyAPIClient {
        var client = ShiftyAPIClient(server: try self.serverAddress(), token: try self.token(), caFile: try self.trustedCAFile())
        client.onRetry = Self.sayRetry
        return client
    }

    /// One line on stderr per retry of a change whose answer was lost (stdout stays the answer's).
    static func sayRetry(_ notice: RetryNotice) {
        let seconds = max(1, Int(notice.wait.components.seconds) + (notice.wait.components.attoseconds > 0 ? 1 : 0))
        StandardStreams.writeError(TerminalLanguage.text("terminal.retry.waiting", [
            "reason": notice.reason, "seconds": "\(seconds)", "retry": "\(notice.retry)", "retries": "\(notice.retries)",
        ]) + "\n")
    }
}

extension APIClientError {
    /// The CLI's way to fail: the message, then exit code 3 when the server could not be reached and
    /// 1 when it (or the command) refused.
    var failure: CLIFailure {
        switch self {
        case .transport: CLIFailure(self.message, exitCode: ClientExitCode.unreachable)
        case .problem, .unexpectedResponse, .usage: CLIFailure(self.message, exitCode: ClientExitCode.refused)
        }
    }
}

/// Runs an API call and turns its refusal into a CLI failure (exit code 1 with the sentence, 3 when
/// the server cannot be reached).
func callAPI<Value>(_ body: () async throws(APIClientError) -> Value) async throws -> Value {
    do {
        return try await body()
    } catch {
        throw error.failure
    }
}

/// Prints lines to stdout.
func printLines(_ lines: [String]) {
    StandardStreams.write(lines.map { $0 + "\n" }.joined())
}
