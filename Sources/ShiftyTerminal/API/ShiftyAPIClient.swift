import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The REST side of the terminal client: plain JSON requests with a bearer token.
///
/// Uses `URLSession` so that `https://` servers behind a TLS proxy work as well as local `http://`
/// ones. Every non-2xx answer becomes an ``APIClientError``; problem documents keep their code.
public struct ShiftyAPIClient: Sendable {
    public let server: ServerAddress
    public let token: String?
    let session: URLSession
    /// Set with a CA file: requests go over our NIO stack, which can trust it (URLSession cannot).
    let requester: NIOHTTPRequester?

    public init(server: ServerAddress, token: String?, timeout: TimeInterval = 30, caFile: String? = nil) {
        self.server = server
        self.token = token
        self.requester = caFile.flatMap { try? NIOHTTPRequester(server: server, caFile: $0, timeout: .seconds(Int64(timeout))) }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.httpShouldSetCookies = false
        self.session = URLSession(configuration: configuration)
    }

    /// Sends one request and returns the body of a 2xx answer.
    public func send(_ method: String, _ path: String, json body: Data? = nil) async throws(APIClientError) -> Data {
        guard let url = self.server.url(path) else { throw .usage(TerminalLanguage.text("terminal.error.badAddress", ["address": "\(self.server)\(path)"])) }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue("shifty-terminal", forHTTPHeaderField: "User-Agent")
        // Problem details the client shows as they are (codes it has no sentence for) come in its language.
        request.setValue(TerminalLanguage.current.rawValue, forHTTPHeaderField: "Accept-Language")
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }  // i18n-exempt: HTTP auth scheme
        if let body {
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let data: Data
        let statusCode: Int
        if let requester {
            do {
                let target = self.server.liveTarget(path)
                let headers = (request.allHTTPHeaderFields ?? [:]).map { ($0.key, $0.value) }
                (statusCode, data) = try await requester.send(method: method, target: target, headers: headers, body: body)
            } catch {
                throw .transport(Self.describe(error))
            }
        } else {
            let response: URLResponse
            do {
                (data, response) = try await self.session.data(for: request)
            } catch {
                throw .transport(Self.describe(error))
            }
            guard let http = response as? HTTPURLResponse else { throw .transport(TerminalLanguage.text("terminal.transport.noHTTPResponse")) }
            statusCode = http.statusCode
        }
        guard (200..<300).contains(statusCode) else {
            if var problem = try? JSONDecoder().decode(APIProblem.self, from: data) {
                problem.status = statusCode
                throw .problem(problem)
            }
            let text = String(decoding: data.prefix(200), as: UTF8.self)
            throw .unexpectedResponse(status: statusCode, text.isEmpty ? TerminalLanguage.text("terminal.error.emptyBody") : text)
        }
        return data
    }

    /// Sends a request and decodes the JSON answer.
    public func send<Value: Decodable>(
        _ method: String, _ path: String, json body: Data? = nil, as type: Value.Type
    ) async throws(APIClientError) -> Value {
        let data = try await self.send(method, path, json: body)
        do {
            return try JSONDecoder().decode(Value.self, from: data)
        } catch {
            throw .unexpectedResponse(status: 200, TerminalLanguage.text("terminal.error.couldNotRead", ["type": "\(Value.self)", "error": "\(error)"]))
        }
    }

    static func describe(_ error: any Error) -> String {
        if let urlError = error as? URLError {
            switch urlError.code {
            case .cannotConnectToHost: return TerminalLanguage.text("terminal.transport.refused")
            case .cannotFindHost: return TerminalLanguage.text("terminal.transport.unknownHost")
            case .timedOut: return TerminalLanguage.text("terminal.transport.timedOut")
            case .notConnectedToInternet: return TerminalLanguage.text("terminal.transport.noNetwork")
            case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate:
                return TerminalLanguage.text("terminal.transport.tlsFailed", ["detail": urlError.localizedDescription])
            default: return urlError.localizedDescription
            }
        }
        return "\(error)"
    }
}
