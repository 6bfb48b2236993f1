import Foundation
import ShiftyDomain

/// Body of POST /time-off: the period (whole days without times) and a reason.
struct RequestTimeOffBody: Decodable, Sendable {
    var firstDate: String
    var lastDate: String?
    var startTime: String?
    var endTime: String?
    var reason: String?
}

/// Body of POST /time-off/{id}/approve and /decline: the note the member sees.
struct DecideTimeOffBody: Decodable, Sendable {
    var note: String?
}

/// One time-off request as the API answers it (and as its events carry it).
struct TimeOffView: Codable, Sendable, Equatable {
    var id: Int64
    var userId: Int64
    var userName: String
    var firstDate: String
    var lastDate: String
    /// "HH:MM" on `firstDate`, or `null` from the start of the day.
    var startTime: String?
    /// "HH:MM" on `lastDate`, or `null` to the end of the day.
    var endTime: String?
    var startsAt: Date
    var endsAt: Date
    var reason: String
    var status: String
    var managerNote: String?
    var decidedBy: Int64?
    var decidedAt: Date?
    var createdAt: Date
    /// Only in the answer to (and event of) an approval: the member's shifts it put on the marketplace.
    var releasedShiftIds: [Int64]?
}
