import Hummingbird
import ShiftyFeatures
import ShiftyServerCore

/// What one request's credentials proved: its session's member, its kiosk, or why not. Each is
/// looked up at most once per request and kept in the request's ``ShiftyRequestContext``.
///
/// Whoever needs the caller first looks: `IdempotencyMiddleware` (whose keys to use) or the
/// ``CallerLookupMiddleware`` in front of a group of routes; the other reads the kept answer. A
/// refusal (an expired session, a cookie from another origin, a database that does not answer) is
/// kept rather than thrown, so it reaches only a route that needs the caller, from its context's
/// conversion (``AuthenticatedRequestContext``, ``KioskRequestContext``), exactly as it used to
/// reach it from the route's own first line.
struct RequestCredentials: Sendable {
    /// nil: nobody looked yet; `.success(nil)`: the request carries no session.
    fileprivate var memberLookup: Result<AuthenticatedUser?, any Error>?
    /// nil: nobody looked yet.
    fileprivate var kioskLookup: Result<AuthenticatedKiosk, any Error>?

    /// The signed-in member; the lookup's refusal, or 401 `unauthenticated` without a session
    /// (also when nobody looked: a route group without its lookup fails closed).
    func member() throws -> AuthenticatedUser {
        guard let caller = try memberLookup?.get() else { throw Problem.unauthenticated }
        return caller
    }

    /// Whether someone looked the session up already (its answer is kept).
    var hasLookedUpMember: Bool { memberLookup != nil }

    /// The kiosk; the lookup's refusal, or 403 `kiosk_required` when nobody looked.
    func kiosk() throws -> AuthenticatedKiosk {
        guard let kioskLookup else { throw KioskAuthenticator.required }
        return try kioskLookup.get()
    }
}

extension ShiftyRequestContext {
    /// Looks the request's session up unless this request did already; the member, nil without a
    /// session, or the refusal.
    @discardableResult
    mutating func lookUpMember(of request: Request, with authenticator: Authenticator) async -> Result<AuthenticatedUser?, any Error> {
        if let known = credentials.memberLookup { return known }
        let found: Result<AuthenticatedUser?, any Error>
        do {
            found = .success(try await authenticator.optional(request))
        } catch {
            found = .failure(error)
        }
        credentials.memberLookup = found
        return found
    }

    /// Looks the request's kiosk up unless this request did already; the kiosk or the refusal.
    @discardableResult
    mutating func lookUpKiosk(of request: Request, with authenticator: KioskAuthenticator) async -> Result<AuthenticatedKiosk, any Error> {
        if let known = credentials.kioskLookup { return known }
        let found: Result<AuthenticatedKiosk, any Error>
        do {
            found = .success(try await authenticator.require(request, remoteAddress: remoteAddress))
        } catch {
            found = .failure(error)
        }
        credentials.kioskLookup = found
        return found
    }
}
