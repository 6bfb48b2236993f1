import Foundation
import Hummingbird
import ShiftyFeatures
import ShiftyPostgres
import ShiftyServerCore

/// Finds the caller of a request from its session cookie or bearer token, and enforces the
/// CSRF rule for cookies.
///
/// Browsers attach cookies to cross-site requests, so a cookie-authenticated unsafe request is
/// only accepted when its `Origin` is this server (or an allowed origin). Bearer tokens are never
/// attached automatically, so they need no such check.
public struct Authenticator: Sendable {
    public static let cookieName = "shifty_session"

    let pool: PostgresPool
    let originPolicy: OriginPolicy

    /// The caller if the request carries a valid session; nil when it carries none. Routes do not
    /// call this: they get the caller from their context (``AuthenticatedRequestContext``), which
    /// asks this once per request (``ShiftyRequestContext/lookUpMember(of:with:)``).
    public func optional(_ request: Request) async throws -> AuthenticatedUser? {
        guard let (token, kind) = Self.presentedToken(in: request) else { return nil }
        if kind == .cookie, request.method.isUnsafe {
            try originPolicy.check(request)
        }
        guard let caller = try await pool.withConnection({ try SessionStore.lookup(token: token, presentedAs: kind, on: $0) }) else {
            throw Problem(.unauthorized, code: .sessionExpired, text: .init("server.problem.session_expired.detail"))
        }
        RequestLanguage.current?.signedIn(caller.language)
        RequestWorkplace.current?.signedIn(caller.workplaceID)
        return caller
    }

    static func presentedToken(in request: Request) -> (String, SessionKind)? {
        presentedToken(authorization: request.headers[.authorization], cookie: request.cookies[cookieName]?.value)
    }

    /// The bearer token, else the session cookie's value: the one precedence rule for HTTP requests
    /// and WebSocket handshakes alike.
    static func presentedToken(authorization: String?, cookie: String?) -> (String, SessionKind)? {
        if let authorization {
            let parts = authorization.split(separator: " ", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "bearer" {
                let token = parts[1].trimmingCharacters(in: .whitespaces)
                if !token.isEmpty, token.count <= 256 { return (token, .bearer) }
            }
        }
        if let cookie, !cookie.isEmpty, cookie.count <= 256 {
            return (cookie, .cookie)
        }
        return nil
    }
}

extension HTTPRequest.Method {
    /// Methods that change state and so need CSRF protection.
    var isUnsafe: Bool { ![.get, .head, .options].contains(self) }
}

/// Which `Origin`s count as this server.
public struct OriginPolicy: Sendable {
    public var allowedOrigins: Set<String>

    public init(allowedOrigins: [String]) {
        self.allowedOrigins = Set(allowedOrigins.map { $0.lowercased().trimmingSuffix("/") })
    }

    /// Accepts a request whose Origin (or, failing that, Referer) names the Host it was sent to,
    /// or an allowed origin; anything else is 403 `origin_not_allowed`.
    public func check(_ request: Request) throws {
        let source = request.headers[.origin] ?? request.headers[.referer].flatMap(Self.origin(ofURL:))
        guard let source, isAllowed(origin: source, host: request.head.authority) else {
            throw Problem(.forbidden, code: .originNotAllowed, text: .init("server.problem.origin_not_allowed.detail"))
        }
    }

    public func isAllowed(origin: String, host: String?) -> Bool {
        let origin = origin.lowercased().trimmingSuffix("/")
        if allowedOrigins.contains(origin) { return true }
        guard let host = host?.lowercased(), let schemeEnd = origin.range(of: "://") else { return false }
        return origin[schemeEnd.upperBound...] == host
    }

    static func origin(ofURL url: String) -> String? {
        guard let components = URLComponents(string: url), let scheme = components.scheme, let host = components.host else { return nil }
        return components.port.map { "\(scheme)://\(host):\($0)" } ?? "\(scheme)://\(host)"
    }
}

extension String {
    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
