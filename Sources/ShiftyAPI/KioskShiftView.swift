import Foundation

/// A shift as the kiosk shows it after a punch (`KioskPunchResult.shift`).
public struct KioskShiftView: Codable, Sendable, Hashable {
    public var id: Int64
    @ISO8601Date public var startsAt: Date
    @ISO8601Date public var endsAt: Date
    public var position: String?

    public init(id: Int64, startsAt: Date, endsAt: Date, position: String? = nil) {
        self.id = id
        self.startsAt = startsAt
        self.endsAt = endsAt
        self.position = position
    }
}
