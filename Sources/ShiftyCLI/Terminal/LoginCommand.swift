import ArgumentParser
import Foundation
import ShiftyTerminal

/// `shifty login --server URL --workplace SLUG --user NAME`: gets a bearer token and saves it.
struct LoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Log in to a Shifty server and remember the session for the other commands.",
        discussion: """
            The password is asked for without echo, or read from SHIFTY_PASSWORD (for scripts). \
            The session is saved in $XDG_CONFIG_HOME/shifty/session.json (default ~/.config/shifty), \
            readable only by you.
            """
    )

    @OptionGroup var client: ClientOptions

    @Option(help: "Your username.")
    var user: String

    @Option(help: "The workplace's address (slug); default: SHIFTY_WORKPLACE or the saved login's.")
    var workplace: String?

    func run() async throws {
        let server = try client.serverAddress()
        let store = client.store
        guard let workplace = workplace ?? client.environment["SHIFTY_WORKPLACE"] ?? store.load()?.workplace else {
            throw CLIFailure(TerminalLanguage.text("terminal.login.whichWorkplace"))
        }
        let password: String
        if let fromEnvironment = client.environment["SHIFTY_PASSWORD"] {
            password = fromEnvironment
        } else if let typed = PasswordPrompt.read(prompt: TerminalLanguage.text("terminal.login.passwordPrompt", ["user": user, "workplace": workplace]) + " ") {
            password = typed
        } else {
            throw CLIFailure(TerminalLanguage.text("terminal.login.noPassword"))
        }
        let api = ShiftyAPIClient(server: server, token: nil, caFile: try client.trustedCAFile())
        let result = try await callAPI { () async throws(APIClientError) in
            try await api.login(workplace: workplace, username: user, password: password)
        }
        do {
            try store.save(StoredSession(
                server: server.description, token: result.token, workplace: result.workplace.slug,
                username: result.user.username, expiresAt: ISO8601Instant.format(result.expiresAt)))
        } catch {
            throw CLIFailure(TerminalLanguage.text("terminal.login.notSaved", ["error": "\(error)"]))
        }
        printLines([TerminalLanguage.text("terminal.login.done", [
            "workplace": result.workplace.name, "name": result.user.displayName,
            "role": TerminalLanguage.word("role", result.user.role), "file": store.file.path,
        ])])
    }
}

/// `shifty logout`: ends the session on the server and forgets it here.
struct LogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "logout", abstract: "End the saved session and forget it.")

    @OptionGroup var client: ClientOptions

    func run() async throws {
        let store = client.store
        guard let saved = store.load() else {
            printLines([TerminalLanguage.text("terminal.logout.notLoggedIn")])
            return
        }
        var serverMessage = ""
        if let server = ServerAddress(client.server ?? saved.server) {
            do throws(APIClientError) {
                try await ShiftyAPIClient(server: server, token: saved.token, caFile: try? client.trustedCAFile()).logout()
            } catch {
                // Forget the token anyway: it is unusable or the user wants it gone.
                serverMessage = " " + TerminalLanguage.text("terminal.logout.serverSaid", ["message": error.message])
            }
        }
        store.delete()
        printLines([TerminalLanguage.text("terminal.logout.done", ["serverMessage": serverMessage])])
    }
}
