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
