import Foundation

/// A kiosk as managers see it (openapi.yaml `Kiosk`): `GET /api/v1/kiosks`, creating one, setting its networks.
public struct KioskView: Codable, Sendable, Hashable {
    public var id: Int64
    public var name: String
    @ISO8601Date public var createdAt: Date
    /// Left out while the kiosk was never used.
    @ISO8601OptionalDate public var lastUsedAt: Date?
    public var revoked: Bool
    /// Client address ranges (CIDR) this kiosk may punch from; empty = anywhere.
    public var allowedNetworks: [String]
    /// Only in the answer to creation (the browser also gets it as the `shifty_kiosk` cookie).
    public var token: String?

    public init(
        id: Int64, name: String, createdAt: Date, lastUsedAt: Date? = nil, revoked: Bool, allowedNetworks: [String], token: String? = nil
    ) {
        self.id = id
        self.name = name
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
        self.revoked = revoked
        self.allowedNetworks = allowedNetworks
        self.token = token
    }
}
