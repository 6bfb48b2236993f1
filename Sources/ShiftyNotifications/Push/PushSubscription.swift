import Foundation
import ShiftySecurity

/// A browser's push subscription as the sender needs it: where to POST and the keys to encrypt for.
public struct PushSubscription: Sendable, Equatable {
    public var id: Int64
    public var userID: Int64
    /// The push service URL that names this browser (RFC 8030 §5).
    public var endpoint: String
    /// The browser's P-256 public key (65 bytes, uncompressed).
    public var p256dh: [UInt8]
    /// The browser's 16-byte authentication secret.
    public var auth: [UInt8]

    public init(id: Int64, userID: Int64, endpoint: String, p256dh: [UInt8], auth: [UInt8]) {
        self.id = id
        self.userID = userID
        self.endpoint = endpoint
        self.p256dh = p256dh
        self.auth = auth
    }
}

/// A device as its owner sees it in Account ("Notifications on this device"); never the keys.
public struct PushSubscriptionView: Codable, Sendable, Equatable {
    public var id: Int64
    /// A short label for the device, from the browser's User-Agent when it subscribed.
    public var device: String
    /// The push service's origin (e.g. `https://fcm.googleapis.com`), so devices can be told apart.
    public var service: String
    public var createdAt: Date
    public var lastSuccessAt: Date?
    public var lastFailureAt: Date?
    public var lastFailure: String?
    /// True on the answer to `POST` and in the list for the subscription whose endpoint the
    /// caller named in `?endpoint=` (the page marks "this device").
    public var thisDevice: Bool?
}
