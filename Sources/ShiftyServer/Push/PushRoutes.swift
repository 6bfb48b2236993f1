import Hummingbird
import ShiftyAPI
import ShiftyFeatures
import ShiftyNotifications
import ShiftyPostgres
import ShiftySecurity
import ShiftyServerCore

/// Web Push endpoints (documented in openapi.yaml): the server's public key, and each member's
/// devices (subscribe, list, revoke) for Account's "Notifications on this device".
struct PushRoutes {
    let pool: PostgresPool
    let keyring: PushKeyring
    let policy: PushEndpointPolicy

    func register(on api: APIGroups) {
        api.members.get("push/vapid-public-key") { _, _ in
            let key = try await keyring.keyPair()
            return try APIJSON.response(VAPIDPublicKeyView(publicKey: Base64URL.encode(key.publicKey)))
        }
        api.members.post("push/subscriptions") { request, context in
            let caller = context.caller
            let input = try await request.decodeJSON(CreatePushSubscriptionRequest.self, context: context)
            guard policy.allows(input.endpoint) else {
                throw Problem(.unprocessableContent, code: .pushEndpointRefused,
                              text: .init("server.problem.push_endpoint_refused.detail"))
            }
            guard let p256dh = Base64URL.decode(input.keys.p256dh), p256dh.count == 65, p256dh.first == 0x04,
                  (try? P256KeyPair.validatePublicKey(p256dh)) != nil
            else { throw Problem.invalid("keys.p256dh", ProblemText("server.invalid.pushPublicKey")) }
            guard let auth = Base64URL.decode(input.keys.auth), auth.count == 16 else {
                throw Problem.invalid("keys.auth", ProblemText("server.invalid.pushAuthSecret"))
            }
            let device = DeviceLabel.from(userAgent: request.headers[.userAgent])
            let subscribed = try await pool.transaction { connection in
                try PushSubscriptionStore.subscribe(
                    workplaceID: caller.workplaceID, userID: caller.id, endpoint: input.endpoint, p256dh: p256dh, auth: auth,
                    userAgent: device, on: connection)
            }
            switch subscribed {
            case .stored(let view):
                return try APIJSON.response(view, status: .created)
            case .endpointTaken:
                throw Problem(.conflict, code: .pushEndpointTaken, text: .init("server.problem.push_endpoint_taken.detail"))
            case .limitReached:
                throw Problem(.conflict, code: .pushDeviceLimit, text: .init(
                    "server.problem.push_device_limit.detail", ["limit": String(PushSubscriptionStore.maximumPerMember)]))
            }
        }
        api.members.get("push/subscriptions") { request, context in
            let caller = context.caller
            let endpoint = request.uri.queryParameters.get("endpoint")
            let devices = try await pool.withConnection {
                try PushSubscriptionStore.list(userID: caller.id, thisEndpoint: endpoint, on: $0)
            }
            return try APIJSON.response(devices)
        }
        api.members.delete("push/subscriptions/:id") { _, context in
            let caller = context.caller
            let id = try context.id("id")
            let deleted = try await pool.withConnection { try PushSubscriptionStore.delete(id: id, userID: caller.id, on: $0) }
            guard deleted else { throw Problem.notFound("push subscription") }
            return APIJSON.noContent()
        }
    }
}
