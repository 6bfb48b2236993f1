import Foundation
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

/// One fixed-shift request as the API answers it (and as its events carry it).
struct FixedShiftRequestView: Encodable, Sendable {
    var id: Int64
    var userId: Int64
    var userName: String
    /// `add`, `change` or `end`.
    var kind: String
    /// The fixed shift a change or an end is about; for an approved add, the one it created.
    var fixedShiftId: Int64?
    /// That fixed shift as it is now (`active: false` once ended; after an approved change it
    /// already has the new values).
    var fixedShift: FixedShiftView?
    /// The fixed shift the request is about as it was before it was decided (while pending: as it
    /// is now), so a change reads "before → after" also once it was applied.
    var before: FixedShiftPattern?
    // The proposal: an add's new fixed shift, a change's new values (absent: unchanged).
    var weekday: Int?
    var startTime: String?
    var durationMinutes: Int?
    var position: String?
    var validFrom: String?
    var validUntil: String?
    var reason: String
    /// `pending`, `approved`, `declined` or `withdrawn`.
    var status: String
    var managerNote: String?
    var decidedBy: Int64?
    var decidedAt: Date?
    var createdAt: Date
}

/// A fixed shift's weekly pattern: what a change request changes.
struct FixedShiftPattern: Encodable, Sendable, Equatable {
    var weekday: Int
    var startTime: String
    var durationMinutes: Int
    var position: String?
}

/// What a fixed-shift request event carries: the request, and who acted (so the person who acted
/// is not notified of their own step).
struct FixedShiftRequestEventPayload: Encodable {
    var fixedShiftRequest: FixedShiftRequestView
    var actorId: Int64
}
