import Foundation
import ShiftyAPI
import ShiftyDomain

/// Body of POST /fixed-shift-requests: what the employee asks about one of their own fixed shifts.
///
/// `add` takes the fields of POST /fixed-shifts (`weekday`, `startTime`, `durationMinutes`
/// required); `change` names `fixedShiftId` and takes the fields of PATCH /fixed-shifts/{id} (only
/// those given change; `position: ""` clears it); `end` names `fixedShiftId` only.
package struct RequestFixedShiftChangeBody: Decodable, Sendable {
    package var kind: String
    package var fixedShiftId: Int64?
    package var weekday: Int?
    package var startTime: String?
    package var durationMinutes: Int?
    package var position: String?
    package var validFrom: String?
    package var validUntil: String?
    /// Why, for the manager (optional).
    package var reason: String?

    /// The request as the rules read it.
    package var draft: FixedShiftRequestDraft {
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
    package var fixedShiftRequest: FixedShiftRequestView
    package var actorId: Int64
}
