/// Which kiosk this browser is (`GET /api/v1/kiosk`), so the kiosk page can show its name.
public struct KioskIdentity: Codable, Sendable, Hashable {
    public var id: Int64
    public var name: String
    /// The workplace's time zone: the kiosk page shows its clock and punch times in it.
    public var timeZone: String

    public init(id: Int64, name: String, timeZone: String) {
        self.id = id
        self.name = name
        self.timeZone = timeZone
    }
}
