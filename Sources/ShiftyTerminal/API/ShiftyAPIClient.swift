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
    /// When a state-changing request whose answer was lost is sent again.
    public var retryPolicy: RetryPolicy = .standard
    /// Called before each such retry (the command line says so on stderr).
    public var onRetry: (@Sendable (RetryNotice) -> Void)?

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
    ///
    /// A state-changing request (anything but GET and HEAD) carries a fresh `Idempotency-Key` and is
    /// sent again with the same key when its answer is lost (``RetryPolicy``): the server acts once.
    public func send(_ method: String, _ path: String, json body: Data? = nil) async throws(APIClientError) -> Data {
        let changing = method != "GET" && method != "HEAD"
        let key = changing ? UUID().uuidString.lowercased() : nil
        var retry = 0
        while true {
            retry += 1
            let exchange: Exchange
            do {
                exchange = try await self.exchange(method, path, json: body, idempotencyKey: key)
            } catch {
                guard changing, case .transport(let detail) = error,
                      let wait = self.retryPolicy.wait(beforeRetry: retry, retryAfterSeconds: nil)
                else { throw error }
                await self.pause(RetryNotice(retry: retry, retries: self.retryPolicy.delays.count, wait: wait, reason: detail))
                continue
            }
            if changing, exchange.outcomeUnknown,
               let wait = self.retryPolicy.wait(beforeRetry: retry, retryAfterSeconds: exchange.retryAfter.flatMap { Int($0) }) {
                await self.pause(RetryNotice(retry: retry, retries: self.retryPolicy.delays.count, wait: wait, reason: TerminalLanguage.text("terminal.retry.status", ["status": "\(exchange.status)"])))
                continue
            }
            return try exchange.answer()
        }
    }

    /// Tells the user (``onRetry``) and waits.
    private func pause(_ notice: RetryNotice) async {
        self.onRetry?(notice)
        try? await Task.sleep(for: notice.wait)
    }

    /// One request and whatever came back.
    struct Exchange: Sendable {
        var status: Int
        var retryAfter: String?
        var data: Data

        /// 503, or the key's first request still running: sending it again will tell.
        var outcomeUnknown: Bool {
            if status == 503 { return true }
            guard status == 409 else { return false }
            return (try? JSONDecoder().decode(APIProblem.self, from: data))?.code == "idempotency_key_in_use"
        }

        /// The body of a 2xx answer; anything else as an ``APIClientError``.
        func answer() throws(APIClientError) -> Data {
            guard (200..<300).contains(status) else {
                if var problem = try? JSONDecoder().decode(APIProblem.self, from: data) {
                    problem.status = status
                    throw .problem(problem)
                }
                let text = String(decoding: data.prefix(200), as: UTF8.self)
                throw .unexpectedResponse(status: status, text.isEmpty ? TerminalLanguage.text("terminal.error.emptyBody") : text)
            }
            return data
        }
    }

    private func exchange(_ method: String, _ path: String, json body: Data?, idempotencyKey: String?) async throws(APIClientError) -> Exchange {
        guard let url = self.server.url(path) else { throw .usage(TerminalLanguage.text("terminal.error.badAddress", ["address": "\(self.server)\(path)"])) }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue("shifty-terminal", forHTTPHeaderField: "User-Agent")
        // Problem details the client shows as they are (codes it has no sentence for) come in its language.
        request.setValue(TerminalLanguage.current.rawValue, forHTTPHeaderField: "Accept-Language")
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }  // i18n-exempt: HTTP auth scheme
        if let idempotencyKey { request.setValue("\"\(idempotencyKey)\"", forHTTPHeaderField: "Idempotency-Key") }
        if let body {
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let requester {
            do {
                let target = self.server.liveTarget(path)
                let headers = (request.allHTTPHeaderFields ?? [:]).map { ($0.key, $0.value) }
                let (status, retryAfter, data) = try await requester.send(method: method, target: target, headers: headers, body: body)
                return Exchange(status: status, retryAfter: retryAfter, data: data)
            } catch {
                throw .transport(Self.describe(error))
            }
        }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await self.session.data(for: request)
        } catch {
            throw .transport(Self.describe(error))
        }
        guard let http = response as? HTTPURLResponse else { throw .transport(TerminalLanguage.text("terminal.transport.noHTTPResponse")) }
        return Exchange(status: http.statusCode, retryAfter: http.value(forHTTPHeaderField: "Retry-After"), data: data)
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
