/// `POST /api/v1/push/subscriptions`: what `PushSubscription.toJSON()` gives in the browser.
struct CreatePushSubscriptionRequest: Decodable, Sendable {
    struct Keys: Decodable, Sendable {
        var p256dh: String
        var auth: String
    }

    var endpoint: String
    var keys: Keys
    /// Ignored (browsers send it, usually null); subscriptions are kept until revoked or gone.
    var expirationTime: Double?
}

