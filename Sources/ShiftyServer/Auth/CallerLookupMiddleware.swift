import Hummingbird
import ShiftyFeatures
import ShiftyPostgres

/// Looks up the caller a group of routes needs before the group's context is made from the
/// request's (`ChildRequestContext.init(context:)` cannot wait for the database, so the lookup
/// happens here and the conversion reads it). Nothing is refused here: the conversion refuses.
struct CallerLookupMiddleware: RouterMiddleware {
    typealias Context = ShiftyRequestContext

    enum Credential: Sendable {
        /// A member's session (bearer token or cookie).
        case session(Authenticator)
        /// A kiosk's token (cookie or `Authorization: Kiosk`).
        case kiosk(KioskAuthenticator)
    }

    let credential: Credential

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        switch credential {
        case .session(let authenticator):
            if Self.handsOnTheLookupsCheckout(request, context: context) {
                // The lookup's connection serves the route's first reads too (one checkout, not two).
                return try await authenticator.pool.handingOnFirstCheckout {
                    await context.lookUpMember(of: request, with: authenticator)
                    return try await next(request, context)
                }
            }
            await context.lookUpMember(of: request, with: authenticator)
        case .kiosk(let authenticator):
            await context.lookUpKiosk(of: request, with: authenticator)
        }
        return try await next(request, context)
    }

    /// Whether the session lookup's checkout is kept for the route: only for a `GET` or `HEAD`
    /// that presents a session not looked up yet. Such a route reads right away (there is no body
    /// to wait for, no password to hash), so the connection is idle for no more than the route's
    /// own set-up; a request with a body could keep it while a slow client sends the body. An
    /// unsafe method's route also often opens a transaction that may be retried, which gains
    /// nothing from it.
    static func handsOnTheLookupsCheckout(_ request: Request, context: Context) -> Bool {
        guard request.method == .get || request.method == .head else { return false }
        return !context.credentials.hasLookedUpMember && Authenticator.presentedToken(in: request) != nil
    }
}
