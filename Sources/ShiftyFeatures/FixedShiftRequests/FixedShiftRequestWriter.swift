import Foundation
import ShiftyAPI
import ShiftyDomain
import ShiftyEvents
import ShiftyPostgres

/// Writes what `FixedShiftRequestDecider` decided, on the caller's transaction: the request's row
/// (a decision first keeps the fixed shift as it was), an approval's change to the fixed shifts
/// through the same writes the fixed-shift routes use (`ShiftService.createFixedShift` /
/// `updateFixedShift` / `endFixedShift`: the rulebook checks it for the approving manager, the
/// fixed shift's history names them, its weeks are generated again), and the event to the member
/// and every active manager. Returns the request as the API shows it.
enum FixedShiftRequestWriter {
    static func write(
        _ transition: FixedShiftRequestTransition, by actor: WorkplaceActor, workplaceID: Int64, now: Date,
        on connection: PostgresConnection
    ) throws -> FixedShiftRequestView {
        let id: Int64
        switch transition.change {
        case .insert(let new):
            id = try FixedShiftRequestStore.insert(workplaceID: workplaceID, new, on: connection)
        case .update(let requestID, _, let status, let note, let decidedBy):
            id = requestID.rawValue
            try FixedShiftRequestStore.recordBefore(id, on: connection)
            var created: Int64?
            if let application = transition.application {
                created = try apply(application, by: actor, workplaceID: workplaceID, now: now, on: connection)
            }
            try FixedShiftRequestStore.setStatus(
                id, to: status, note: note, decidedBy: decidedBy?.rawValue, fixedShiftID: created, now: now, on: connection)
        }
        let view = try FixedShiftRequestStore.lock(id, workplaceID: workplaceID, on: connection)!
        try FixedShiftRequestService.announce(
            EventType(transition.event), view, actorID: actor.userID.rawValue, workplaceID: workplaceID, on: connection)
        return view
    }

    /// Makes the approved change as `actor` (the approving manager); returns the id of a fixed shift it created.
    static func apply(
        _ application: FixedShiftRequestTransition.Application, by actor: WorkplaceActor, workplaceID: Int64, now: Date,
        on connection: PostgresConnection
    ) throws -> Int64? {
        let manager = MarketplaceActor(userID: actor.userID, role: actor.isManager ? .manager : .employee)
        switch application {
        case .add(let member, let proposal, let override):
            return try ShiftService.createFixedShift(
                owner: member.rawValue, try body(adding: proposal, for: member), workplaceID: workplaceID, actor: manager,
                override: override, now: now, on: connection
            ).id
        case .change(let fixedShiftID, let proposal, let override):
            _ = try ShiftService.updateFixedShift(
                try locked(fixedShiftID, workplaceID: workplaceID, on: connection), UpdateFixedShiftRequest(proposal),
                workplaceID: workplaceID, actor: manager, override: override, now: now, on: connection)
            return nil
        case .end(let fixedShiftID):
            try ShiftService.endFixedShift(
                try locked(fixedShiftID, workplaceID: workplaceID, on: connection), workplaceID: workplaceID,
                actorID: actor.userID.rawValue, now: now, on: connection)
            return nil
        }
    }

    /// An approved add's proposal as the body of POST /fixed-shifts (the decider checked it is complete).
    static func body(adding proposal: FixedShiftProposal, for member: UserID) throws -> CreateFixedShiftRequest {
        guard let body = CreateFixedShiftRequest(member, proposal) else {
            throw PostgresError(kind: .decoding, message: "an approved fixed-shift add without its weekday, start or length")
        }
        return body
    }

    /// The fixed shift an approval changes, as locked when the approval loaded it.
    static func locked(_ id: FixedShiftID, workplaceID: Int64, on connection: PostgresConnection) throws -> FixedShiftView {
        guard let view = try FixedShiftStore.find(id: id.rawValue, workplaceID: workplaceID, forUpdate: true, on: connection) else {
            throw PostgresError(kind: .decoding, message: "fixed shift \(id) vanished inside its approval's transaction")
        }
        return view
    }
}

extension EventType {
    init(_ event: FixedShiftRequestTransition.Event) {
        switch event {
        case .requested: self = .server(.fixedShiftRequestRequested)
        case .approved: self = .server(.fixedShiftRequestApproved)
        case .declined: self = .server(.fixedShiftRequestDeclined)
        case .withdrawn: self = .server(.fixedShiftRequestWithdrawn)
        }
    }
}

extension CreateFixedShiftRequest {
    /// An add's proposal as the body of POST /fixed-shifts for `member`; `nil` while it lacks a required field.
    init?(_ member: UserID, _ proposal: FixedShiftProposal) {
        guard let weekday = proposal.weekday, let startTime = proposal.startTime, let duration = proposal.durationMinutes else { return nil }
        self.init(
            ownerId: member.rawValue, weekday: weekday, startTime: startTime, durationMinutes: duration, position: proposal.position,
            validFrom: proposal.validFrom, validUntil: proposal.validUntil)
    }
}

extension UpdateFixedShiftRequest {
    /// An approved change's proposal as the body of PATCH /fixed-shifts/{id}.
    init(_ proposal: FixedShiftProposal) {
        self.init(
            weekday: proposal.weekday, startTime: proposal.startTime, durationMinutes: proposal.durationMinutes,
            position: proposal.position, validFrom: proposal.validFrom, validUntil: proposal.validUntil)
    }
}
