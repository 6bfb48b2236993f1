import Foundation
import ShiftyAPI
import ShiftyDomain

/// Body of POST /fixed-shift-requests: what the employee asks about one of their own fixed shifts.
///
/// `add` takes the fields of POST /fixed-shifts (`weekday`, `startTime`, `durationMinutes`
/// required); `change` names `fixedShiftId` and takes the fields of PATCH /fixed-shifts/{id} (only
/// those given change; `position: ""` clears it); `end` names `fixedShiftId` only.
struct RequestFixedShiftChangeBody: Decodable, Sendable {
    var kind: String
    var fixedShiftId: Int64?
    var weekday: Int?
    var startTime: String?
    var durationMinutes: Int?
    var position: String?
    var validFrom: String?
    var validUntil: String?
    /// Why, for the manager (optional).
    var reason: String?

    /// The request as the rules read it.
    var draft: FixedShiftRequestDraft {
        FixedShiftRequestDraft(
            kind: kind, fixedShift: fixedShiftId.map(FixedShiftID.init(rawValue:)),
            proposal: FixedShiftProposal(
                weekday: weekday, startTime: startTime, durationMinutes: durationMinutes, position: position, validFrom: validFrom,
                validUntil: validUntil),
            reason: reason)
    }
}

/// What a fixed-shift request event carries: the request, and who acted (so the person who acted
/// is not notified of their own step).
struct FixedShiftRequestEventPayload: Encodable {
    var fixedShiftRequest: FixedShiftRequestView
    var actorId: Int64
}
