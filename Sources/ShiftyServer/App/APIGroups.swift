import Hummingbird

/// The `/api/v1` routes by who may call them. Where a route is registered decides what its handler
/// receives: a route that needs a caller cannot be added without one, and a manager's route cannot
/// run for an employee.
///
/// - ``anyone``: no caller needed (logging in, signing up, password reset links, the login page,
///   the live endpoint's plain-HTTP answer); such a route looks at credentials itself if at all.
/// - ``members``: a signed-in member (``AuthenticatedRequestContext``).
/// - ``managers``: a signed-in manager (``ManagerRequestContext``), refused for anyone else before
///   the handler reads the request.
/// - ``kiosk``: a kiosk device (``KioskRequestContext``).
struct APIGroups {
    let anyone: RouterGroup<ShiftyRequestContext>
    let members: RouterGroup<AuthenticatedRequestContext>
    let managers: RouterGroup<ManagerRequestContext>
    let kiosk: RouterGroup<KioskRequestContext>

    /// The groups on `api`, whose middleware (the `Idempotency-Key` handling) runs first: it may
    /// have looked the caller up already, and the lookup middleware then reuses that answer.
    init(api: RouterGroup<ShiftyRequestContext>, authenticator: Authenticator, kioskAuthenticator: KioskAuthenticator) {
        anyone = api
        members = api.group()
            .add(middleware: CallerLookupMiddleware(credential: .session(authenticator)))
            .group(context: AuthenticatedRequestContext.self)
        managers = members.group(context: ManagerRequestContext.self)
        kiosk = api.group()
            .add(middleware: CallerLookupMiddleware(credential: .kiosk(kioskAuthenticator)))
            .group(context: KioskRequestContext.self)
    }
}
