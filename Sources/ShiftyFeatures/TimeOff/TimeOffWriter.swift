import Foundation
import ShiftyAPI
import ShiftyDomain
import ShiftyEvents
import ShiftyPostgres

/// Writes what `TimeOffDecider` decided, on the caller's transaction: the row, the approval's
/// release of the member's shifts (through the marketplace's `unassign`, so `TransitionWriter`
/// writes each with history and `shift.supplied`/`shift.unassigned` events), and the event to the
/// member and every active manager of the workplace. Returns the request as the API shows it.
enum TimeOffWriter {
    static func write(
        _ transition: TimeOffTransition, workplaceID: Int64, now: Date, on connection: PostgresConnection
    ) throws -> ShiftyAPI.TimeOffRequest {
        let id: Int64
        switch transition.change {
        case .insert(let new):
            id = try TimeOffStore.insert(
                workplaceID: workplaceID, userID: new.member.rawValue, period: new.period, interval: new.interval,
                reason: new.reason, on: connection)
        case .update(let timeOffID, _, let status, let note, let decidedBy):
            id = timeOffID.rawValue
            try TimeOffStore.setStatus(id, to: status, note: note, decidedBy: decidedBy?.rawValue, now: now, on: connection)
        }
        var released: [Int64]?
        if let release = transition.release {
            released = try Self.release(release, workplaceID: workplaceID, now: now, on: connection)
        }
        var view = try TimeOffStore.lock(id, workplaceID: workplaceID, on: connection)!
        view.releasedShiftIds = released
        try TimeOffService.announce(.timeOff(transition.event), view, workplaceID: workplaceID, on: connection)
        return view
    }

    /// Unassigns the member's shifts the release covers, as the approving manager; returns their ids.
    static func release(_ release: ShiftRelease, workplaceID: Int64, now: Date, on connection: PostgresConnection) throws -> [Int64] {
        let manager = MarketplaceCaller(userID: release.manager.rawValue, workplaceID: workplaceID, isManager: true)
        var released: [Int64] = []
        for shiftID in try TimeOffStore.shiftsToRelease(
            userID: release.member.rawValue, interval: release.interval, now: release.after, on: connection
        ) {
            _ = try MarketplaceExecutor.run(
                .unassign(ShiftID(rawValue: shiftID), note: release.note), caller: manager, now: now, requestedBy: .timeOff, on: connection)
            released.append(shiftID)
        }
        return released
    }
}
