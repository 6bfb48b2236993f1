import Foundation
import Hummingbird
import ShiftyFeatures
import ShiftyServerCore

/// `POST /password-resets` (manager: a link for a member), `POST /password-resets/email`
/// (anyone: "forgot password", always 202), `GET /password-resets/check?token=`,
/// `POST /password-resets/redeem` (sets the password and logs in, like `POST /sessions`).
struct PasswordResetRoutes {
    let service: PasswordResetService
    let accountRoutes: AccountRoutes

    func register(on api: APIGroups) {
        api.managers.post("password-resets") { request, context in
            let input = try await request.decodeJSON(PasswordResetCreateRequest.self, context: context)
            let link = try await service.createLink(context.caller, userID: input.userId)
            IdempotentRequest.current?.answerHoldsSecret()  // the reset link's token
            return try APIJSON.response(link, status: .created)
        }
        api.anyone.post("password-resets/email") { request, context in
            let input = try await request.decodeJSON(PasswordResetEmailRequest.self, context: context)
            try await service.requestByEmail(
                workplace: input.workplace, identifier: input.identifier,
                remoteAddress: accountRoutes.clientAddress(request, context))
            return try APIJSON.response(
                ["detail": "If that account exists and has an e-mail address, a reset link is on its way. It works once, for one hour."],
                status: .accepted)
        }
        api.anyone.get("password-resets/check") { request, _ in
            let token = try QueryParameters(request).string("token", maxLength: 200) ?? ""
            guard try await service.check(token: token) else { throw PasswordResetService.invalidLink }
            return APIJSON.noContent()
        }
        api.anyone.post("password-resets/redeem") { request, context in
            let input = try await request.decodeJSON(PasswordResetRedeemRequest.self, context: context)
            if (input.client ?? .cookie) == .cookie, request.headers[.origin] != nil {
                try accountRoutes.originPolicy.check(request)
            }
            let session = try await service.redeem(input, userAgent: request.headers[.userAgent])
            return try accountRoutes.sessionResponse(session, kind: input.client ?? .cookie, request: request, status: .created)
        }
    }
}
