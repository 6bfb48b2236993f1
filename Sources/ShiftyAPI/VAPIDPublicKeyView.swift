/// `GET /api/v1/push/vapid-public-key`: the `applicationServerKey` for `PushManager.subscribe`.
public struct VAPIDPublicKeyView: Codable, Sendable, Hashable {
    public var publicKey: String

    public init(publicKey: String) {
        self.publicKey = publicKey
    }
}
