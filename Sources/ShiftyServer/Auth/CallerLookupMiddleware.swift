import Hummingbird
import ShiftyFeatures

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
            await context.lookUpMember(of: request, with: authenticator)
        case .kiosk(let authenticator):
            await context.lookUpKiosk(of: request, with: authenticator)
        }
        return try await next(request, context)
    }
}
