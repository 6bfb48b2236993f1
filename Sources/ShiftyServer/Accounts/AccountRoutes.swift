import Foundation
import Hummingbird
import ShiftyAPI
import ShiftyFeatures
import ShiftyLocalization
import ShiftyServerCore

/// HTTP endpoints for workplaces, sessions, members and invites (documented in openapi.yaml).
struct AccountRoutes {
    let accounts: AccountService
    /// The CSRF rule of a cookie login (the session lookup applies it to signed-in requests).
    let originPolicy: OriginPolicy
    let configuration: ServerConfiguration

    /// The client's address for throttling (the proxy's `X-Forwarded-For` only from trusted proxies).
    func clientAddress(_ request: Request, _ context: ShiftyRequestContext) -> String? {
        ClientAddress.resolve(
            peer: context.remoteAddress, forwardedFor: request.headers[values: .init("X-Forwarded-For")!],
            trustedProxies: Set(configuration.trustedProxies))
    }

    func register(on api: APIGroups) {
        api.anyone.post("workplaces") { request, context in
            let input = try await request.decodeJSON(CreateWorkplaceRequest.self, context: context)
            let session = try await accounts.createWorkplace(input, remoteAddress: clientAddress(request, context), userAgent: request.headers[.userAgent])
            return try sessionResponse(session, kind: input.client ?? .cookie, request: request, status: .created)
        }
        api.anyone.get("login-page") { request, _ in
            let language = LanguageNegotiation.fromAcceptLanguage(request.headers[.acceptLanguage]) ?? .english
            return try APIJSON.response(LoginPageOptions(configuration, language: language))
        }
        api.members.get("workplace") { _, context in
            try APIJSON.response(context.caller.workplace)
        }
        api.managers.patch("workplace") { request, context in
            let input = try await request.decodeJSON(UpdateWorkplaceRequest.self, context: context)
            return try APIJSON.response(try await accounts.updateWorkplace(context.caller, input))
        }

        api.anyone.post("sessions") { request, context in
            let input = try await request.decodeJSON(ShiftyAPI.LoginBody.self, context: context)
            if (input.client ?? .cookie) == .cookie, request.headers[.origin] != nil {
                try originPolicy.check(request)
            }
            let session = try await accounts.login(input, remoteAddress: clientAddress(request, context), userAgent: request.headers[.userAgent])
            return try sessionResponse(session, kind: input.client ?? .cookie, request: request, status: .created)
        }
        api.members.delete("sessions/current") { request, context in
            try await accounts.logout(context.caller)
            var response = APIJSON.noContent()
            response.setCookie(sessionCookie(value: "", maxAge: 0, request: request))
            return response
        }
        api.anyone.post("signup") { request, context in
            let input = try await request.decodeJSON(SignupRequest.self, context: context)
            let session = try await accounts.signup(input, remoteAddress: clientAddress(request, context), userAgent: request.headers[.userAgent])
            return try sessionResponse(session, kind: input.client ?? .cookie, request: request, status: .created)
        }

        api.members.get("me") { _, context in
            try APIJSON.response(MeView(context.caller))
        }
        api.members.put("me/language") { request, context in
            let input = try await request.decodeJSON(ChangeLanguageRequest.self, context: context)
            let changed = try await accounts.changeLanguage(context.caller, to: input.language)
            RequestLanguage.current?.signedIn(changed.language)
            return try APIJSON.response(LanguageView(changed))
        }
        api.members.put("me/password") { request, context in
            let input = try await request.decodeJSON(ChangePasswordRequest.self, context: context)
            try await accounts.changePassword(context.caller, input)
            return APIJSON.noContent()
        }

        api.members.get("users") { request, context in
            let query = QueryParameters(request)
            let search = try query.string("search")
            let includeInactive = try query.bool("includeInactive") ?? false
            return try APIJSON.response(try await accounts.listUsers(context.caller, search: search, includeInactive: includeInactive))
        }
        api.managers.post("users") { request, context in
            let input = try await request.decodeJSON(CreateUserRequest.self, context: context)
            return try APIJSON.response(try await accounts.createUser(context.caller, input), status: .created)
        }
        api.members.get("users/:id") { _, context in
            try APIJSON.response(try await accounts.user(context.caller, id: try context.id("id")))
        }
        api.managers.patch("users/:id") { request, context in
            let id = try context.id("id")
            let input = try await request.decodeJSON(UpdateUserRequest.self, context: context)
            return try APIJSON.response(try await accounts.updateUser(context.caller, id: id, input))
        }

        api.managers.get("invites") { _, context in
            try APIJSON.response(try await accounts.listInvites(context.caller))
        }
        api.managers.post("invites") { request, context in
            let input = try await request.decodeJSON(CreateInviteRequest.self, context: context)
            let invite = try await accounts.createInvite(context.caller, input)
            IdempotentRequest.current?.answerHoldsSecret()  // the invite code, shown once
            return try APIJSON.response(invite, status: .created)
        }
        api.managers.delete("invites/:id") { _, context in
            try await accounts.revokeInvite(context.caller, id: try context.id("id"))
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

extension RequestContext {
    /// A positive integer path parameter; anything else is 404 (no such object), not a 500.
    func id(_ name: String) throws -> Int64 {
        guard let raw = parameters.get(name), let value = Int64(raw), value > 0 else {
            throw Problem.notFound()
        }
        return value
    }
}
