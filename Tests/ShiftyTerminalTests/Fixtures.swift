import Foundation
import ShiftyTerminal

/// Shifts and events for the tests, in the server's shapes.
enum Fixtures {
    static func shift(
        _ id: Int64, owner: Int64 = 7, ownerName: String = "Anna", date: String = "2026-11-24",
        start: String = "09:00", end: String = "17:00", position: String? = "Bar", status: MarketShift.Status = .supplied,
        startsAt: Date = Fixtures.instant("2099-11-24T08:00:00Z")
    ) -> MarketShift {
        MarketShift(
            id: id, ownerId: owner, ownerName: ownerName, date: date, startTime: start, endTime: end,
            startsAt: startsAt, endsAt: startsAt.addingTimeInterval(8 * 3600), position: position, status: status)
    }

    /// An instant written as the API writes it (`2099-11-24T08:00:00Z`).
    static func instant(_ text: String) -> Date {
        guard let date = ISO8601Instant.parse(text) else { fatalError("not an ISO 8601 instant: \(text)") }
        return date
    }

    static func event(_ id: Int64, _ type: LiveEvent.Kind, shifts: [MarketShift], dealId: Int64? = nil) -> LiveEvent {
        LiveEvent(
            id: id, type: type, topics: ["marketplace"], at: "2026-11-21T18:40:02Z",
            data: LiveEventData(shiftIds: shifts.map(\.id), shifts: shifts, dealId: dealId))
    }

    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func hello(newest: Int64, manager: Bool = false) -> LiveHello? {
        let topics = manager
            ? #"["marketplace","requests","deals","approvals","notifications","schedule","now"]"#
            : #"["marketplace","requests","deals","notifications","schedule","now"]"#
        let text = """
            {"type":"hello","protocol":1,
             "user":{"id":7,"username":"anna","displayName":"Anna","role":"\(manager ? "manager" : "employee")"},
             "workplace":{"id":1,"slug":"demo","name":"Café Demo","timeZone":"Europe/Amsterdam"},
             "newestEventId":\(newest),"retentionDays":14,
             "topics":\(topics),
             "subscribed":["marketplace","requests","deals","notifications"]}
            """
        guard case .hello(let hello) = LiveServerMessage.decode(text) else { return nil }
        return hello
    }
}
