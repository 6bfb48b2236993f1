import Hummingbird
import ShiftyFeatures

/// The context of a route that needs a signed-in member: it exists only once the request's session
/// proved one, so a handler on ``APIGroups/members`` cannot run without a caller and never asks for
/// one itself.
///
/// Made from the request's ``ShiftyRequestContext`` after ``CallerLookupMiddleware`` looked the
/// session up; refuses as the session lookup does (401 `unauthenticated`, 401 `session_expired`,
/// 403 `origin_not_allowed` for a cookie on an unsafe request from another site).
struct AuthenticatedRequestContext: ChildRequestContext {
    var coreContext: CoreRequestContextStorage
    /// The signed-in member.
    let caller: AuthenticatedUser

    init(context: ShiftyRequestContext) throws {
        self.caller = try context.credentials.member()
        self.coreContext = context.coreContext
    }

    var maxUploadSize: Int { ShiftyRequestContext.bodyLimit }
}
