/// Why an API call failed, with a message fit for the terminal.
public enum APIClientError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The server refused with a problem document.
    case problem(APIProblem)
    /// The server could not be reached or the exchange broke off.
    case transport(String)
    /// The server answered something that is not what this client expects.
    case unexpectedResponse(status: Int, String)
    /// The command cannot run as asked (no session, bad address) before any request is sent.
    case usage(String)

    public var message: String {
        switch self {
        case .problem(let problem): problem.message
        case .transport(let detail): TerminalLanguage.text("terminal.error.unreachable", ["detail": detail])
        case .unexpectedResponse(let status, let detail):
            TerminalLanguage.text("terminal.error.unexpectedAnswer", ["status": "\(status)", "detail": detail])
        case .usage(let text): text
        }
    }

    public var description: String { self.message }

    /// The refusal code when the server sent one.
    public var problemCode: String? {
        if case .problem(let problem) = self { return problem.code }
        return nil
    }
}
