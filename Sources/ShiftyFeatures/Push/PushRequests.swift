/// `POST /api/v1/push/subscriptions`: what `PushSubscription.toJSON()` gives in the browser.
package struct CreatePushSubscriptionRequest: Decodable, Sendable {
    package struct Keys: Decodable, Sendable {
        package var p256dh: String
        package var auth: String
    }

    package var endpoint: String
    package var keys: Keys
    /// Ignored (browsers send it, usually null); subscriptions are kept until revoked or gone.
    package var expirationTime: Double?
}

