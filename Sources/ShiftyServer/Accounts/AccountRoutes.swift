import Foundation
import Hummingbird
import ShiftyAPI
import ShiftyLocalization
import ShiftyServerCore

/// HTTP endpoints for workplaces, sessions, members and invites (documented in openapi.yaml).
struct AccountRoutes {
    let accounts: AccountService
    let authenticator: Authenticator
    let configuration: ServerConfiguration

    /// The client's address for throttling (the proxy's `X-Forwarded-For` only from trusted proxies).
    func clientAddress(_ request: Request, _ context: ShiftyRequestContext) -> String? {
        ClientAddress.resolve(
            peer: context.remoteAddress, forwardedFor: request.headers[values: .init("X-Forwarded-For")!],
            trustedProxies: Set(configuration.trustedProxies))
    }

    func register(on api: RouterGroup<ShiftyRequestContext>) {
        api.post("workplaces") { request, context in
            let input = try await request.decodeJSON(CreateWorkplaceRequest.self, context: context)
            let session = try await accounts.createWorkplace(input, remoteAddress: clientAddress(request, context), userAgent: request.headers[.userAgent])
            return try sessionResponse(session, kind: input.client ?? .cookie, request: request, status: .created)
        }
        api.get("login-page") { request, _ in
            let language = LanguageNegotiation.fromAcceptLanguage(request.headers[.acceptLanguage]) ?? .english
            return try APIJSON.response(LoginPageOptions(configuration, language: language))
        }
        api.get("workplace") { request, _ in
            let caller = try await authenticator.require(request)
            return try APIJSON.response(caller.workplace)
        }
        api.patch("workplace") { request, context in
            let caller = try await authenticator.require(request)
            let input = try await request.decodeJSON(UpdateWorkplaceRequest.self, context: context)
            return try APIJSON.response(try await accounts.updateWorkplace(caller, input))
        }

        api.post("sessions") { request, context in
            let input = try await request.decodeJSON(ShiftyAPI.LoginBody.self, context: context)
            if (input.client ?? .cookie) == .cookie, request.headers[.origin] != nil {
                try authenticator.originPolicy.check(request)
            }
            let session = try await accounts.login(input, remoteAddress: clientAddress(request, context), userAgent: request.headers[.userAgent])
            return try sessionResponse(session, kind: input.client ?? .cookie, request: request, status: .created)
        }
        api.delete("sessions/current") { request, _ in
            let caller = try await authenticator.require(request)
            try await accounts.logout(caller)
            var response = APIJSON.noContent()
            response.setCookie(sessionCookie(value: "", maxAge: 0, request: request))
            return response
        }
        api.post("signup") { request, context in
            let input = try await request.decodeJSON(SignupRequest.self, context: context)
            let session = try await accounts.signup(input, remoteAddress: clientAddress(request, context), userAgent: request.headers[.userAgent])
            return try sessionResponse(session, kind: input.client ?? .cookie, request: request, status: .created)
        }

        api.get("me") { request, _ in
            let caller = try await authenticator.require(request)
            return try APIJSON.response(MeView(caller))
        }
        api.put("me/language") { request, context in
            let caller = try await authenticator.require(request)
            let input = try await request.decodeJSON(ChangeLanguageRequest.self, context: context)
            let changed = try await accounts.changeLanguage(caller, to: input.language)
            RequestLanguage.current?.signedIn(changed.language)
            return try APIJSON.response(LanguageView(changed))
        }
        api.put("me/password") { request, context in
            let caller = try await authenticator.require(request)
            let input = try await request.decodeJSON(ChangePasswordRequest.self, context: context)
            try await accounts.changePassword(caller, input)
            return APIJSON.noContent()
        }

        api.get("users") { request, _ in
            let caller = try await authenticator.require(request)
            let query = QueryParameters(request)
            let search = try query.string("search")
            let includeInactive = try query.bool("includeInactive") ?? false
            return try APIJSON.response(try await accounts.listUsers(caller, search: search, includeInactive: includeInactive))
        }
        api.post("users") { request, context in
            let caller = try await authenticator.require(request)
            let input = try await request.decodeJSON(CreateUserRequest.self, context: context)
            return try APIJSON.response(try await accounts.createUser(caller, input), status: .created)
        }
        api.get("users/:id") { request, context in
            let caller = try await authenticator.require(request)
            return try APIJSON.response(try await accounts.user(caller, id: try context.id("id")))
        }
        api.patch("users/:id") { request, context in
            let caller = try await authenticator.require(request)
            let id = try context.id("id")
            let input = try await request.decodeJSON(UpdateUserRequest.self, context: context)
            return try APIJSON.response(try await accounts.updateUser(caller, id: id, input))
        }

        api.get("invites") { request, _ in
            let caller = try await authenticator.require(request)
            return try APIJSON.response(try await accounts.listInvites(caller))
        }
        api.post("invites") { request, context in
            let caller = try await authenticator.require(request)
            let input = try await request.decodeJSON(CreateInviteRequest.self, context: context)
            let invite = try await accounts.createInvite(caller, input)
            IdempotentRequest.current?.answerHoldsSecret()  // the invite code, shown once
            return try APIJSON.response(invite, status: .created)
        }
        api.delete("invites/:id") { request, context in
            let caller = try await authenticator.require(request)
            try await accounts.revokeInvite(caller, id: try context.id("id"))
            return APIJSON.noContent()
        }
    }

    func sessionResponse(_ session: ShiftyAPI.Session, kind: SessionKind, request: Request, status: HTTPResponse.Status) throws -> Response {
        IdempotentRequest.current?.answerHoldsSecret()  // a new session's token
        var response = try APIJSON.response(session, status: status)
        if kind == .cookie {
            let maxAge = max(0, Int(session.expiresAt.timeIntervalSinceNow))
            response.setCookie(sessionCookie(value: session.token, maxAge: maxAge, request: request))
        }
        return response
    }

    private func sessionCookie(value: String, maxAge: Int, request: Request) -> Cookie {
        let secure = configuration.secureCookies || request.headers[.init("X-Forwarded-Proto")!]?.lowercased() == "https"
        return Cookie(
            name: Authenticator.cookieName, value: value, maxAge: maxAge, path: "/",
            secure: secure, httpOnly: true, sameSite: .lax
        )
    }
}

/// The answer to GET /me.
struct MeView: Encodable {
    var user: UserView
    var workplace: WorkplaceView
    /// The language the caller is spoken to in: their own choice, else the workplace's default.
    var language: String
    /// The caller's own choice, null when they follow the workplace.
    var languagePreference: String?

    init(_ caller: AuthenticatedUser) {
        user = caller.user
        workplace = caller.workplace
        language = caller.language.rawValue
        languagePreference = caller.languagePreference?.rawValue
    }

    enum CodingKeys: String, CodingKey { case user, workplace, language, languagePreference }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(user, forKey: .user)
        try container.encode(workplace, forKey: .workplace)
        try container.encode(language, forKey: .language)
        try container.encode(languagePreference, forKey: .languagePreference)  // null is part of the answer
    }
}

/// The answer to PUT /me/language.
struct LanguageView: Encodable {
    var language: String
    var languagePreference: String?

    init(_ caller: AuthenticatedUser) {
        language = caller.language.rawValue
        languagePreference = caller.languagePreference?.rawValue
    }

    enum CodingKeys: String, CodingKey { case language, languagePreference }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(language, forKey: .language)
        try container.encode(languagePreference, forKey: .languagePreference)
    }
}

extension ShiftyRequestContext {
    /// A positive integer path parameter; anything else is 404 (no such object), not a 500.
    func id(_ name: String) throws -> Int64 {
        guard let raw = parameters.get(name), let value = Int64(raw), value > 0 else {
            throw Problem.notFound()
        }
        return value
    }
}
