import Foundation
import ShiftySecurity

/// Sends one Web Push message: encrypts the payload for the subscription (RFC 8291, aes128gcm),
/// signs a VAPID token for the endpoint's origin (RFC 8292) and POSTs to the push service
/// (RFC 8030) through libcurl, off the event loops.
///
/// Self-contained so the notification outbox can call it from its `NotificationSender` for the
/// push channel; the outcome tells the outbox what to do (done, retry, delete the subscription).
public struct WebPushSender: Sendable {
    public let vapidKey: P256KeyPair
    /// RFC 8292 `sub`: a `mailto:` or `https:` contact for the push service's operators.
    public let subject: String
    public let policy: PushEndpointPolicy
    public var timeout: Duration = .seconds(15)
    /// A PEM file of CA certificates to trust instead of the system's (`--push-ca-file`).
    public var caFile: String?
    /// The wall clock for the token's expiry; tests inject one.
    public var now: @Sendable () -> Date = { Date() }

    /// How long ahead the VAPID token expires (under RFC 8292's 24-hour ceiling).
    static let tokenLifetime: Int64 = 12 * 3600

    public init(vapidKey: P256KeyPair, subject: String, policy: PushEndpointPolicy) {
        self.vapidKey = vapidKey
        self.subject = subject
        self.policy = policy
    }

    /// Sends `payload` (at most ``WebPushEncryption/maximumPayload`` bytes) to one device.
    ///
    /// Throws for what no retry can fix on this subscription's side: keys that are not valid
    /// P-256 / 16-byte secrets, a payload that is too large, an endpoint the policy refuses.
    public func send(payload: Data, to subscription: PushSubscription, ttl: Int, urgency: WebPushUrgency = .normal) async throws -> WebPushOutcome {
        guard policy.allows(subscription.endpoint), let audience = VAPIDToken.audience(ofEndpoint: subscription.endpoint) else {
            return .gone("endpoint not allowed by the push endpoint policy")
        }
        let body = try WebPushEncryption.encrypt(Array(payload), userAgentPublicKey: subscription.p256dh, authSecret: subscription.auth)
        let token = VAPIDToken(audience: audience, expiresAt: Int64(now().timeIntervalSince1970) + Self.tokenLifetime, subject: subject)
        let headers = [
            "Content-Type: application/octet-stream",
            "Content-Encoding: aes128gcm",
            "TTL: \(max(0, ttl))",
            "Urgency: \(urgency.rawValue)",
            "Authorization: " + (try token.authorization(signedWith: vapidKey)),
        ]
        let answer: CurlPost.Answer
        do {
            answer = try await CurlPost.post(url: subscription.endpoint, headers: headers, body: body, timeout: timeout, caFile: caFile)
        } catch let failure as CurlPost.Failure {
            return .retryLater("push service unreachable: \(failure.description)")
        }
        return Self.outcome(status: answer.status, body: answer.body)
    }

    static func outcome(status: Int, body: String) -> WebPushOutcome {
        let detail = body.isEmpty ? "HTTP \(status)" : "HTTP \(status): \(body.prefix(200))"
        switch status {
        case 200..<300: return .delivered
        case 404, 410: return .gone(detail)
        case 403: return .gone(detail + " (the subscription belongs to another VAPID key)")
        default: return .retryLater(detail)
        }
    }
}
