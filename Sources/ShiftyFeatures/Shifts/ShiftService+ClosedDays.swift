import Foundation
import ShiftyAPI
import ShiftyDomain
import ShiftyEvents
import ShiftyPostgres
import ShiftyServerCore

/// Closed days (seed 003): no shifts are generated on them and existing untouched ones go. The rules
/// are `ClosedDayDecider`'s; this loads what they need and hands their answer to `ClosedDayWriter`.
extension ShiftService {
    package func closedDays(_ caller: AuthenticatedUser) async throws -> [ClosedDayView] {
        try await pool.withConnection { try ClosedDayStore.list(workplaceID: caller.workplaceID, on: $0) }
    }

    package func addClosedDay(_ caller: AuthenticatedUser, _ body: CreateClosedDayRequest) async throws -> ClosedDayView {
        let day = try ClosedDayDecider.check(date: body.date, name: body.name, by: caller.workplaceActor)
        try await close([day], caller: caller)
        return ClosedDayView(date: day.date.description, name: day.name)
    }

    /// Imports `date,name` rows all or nothing: any invalid row answers 422 listing every problem.
    package func importClosedDays(_ caller: AuthenticatedUser, csv: String) async throws -> [ClosedDayView] {
        let days = try ClosedDayDecider.check(csv: csv, by: caller.workplaceActor)
        try await close(days, caller: caller)
        return days.map { ClosedDayView(date: $0.date.description, name: $0.name) }
    }

    package func removeClosedDay(_ caller: AuthenticatedUser, date text: String) async throws {
        let actor = caller.workplaceActor
        let date = try ClosedDayDecider.check(reopening: text, by: actor)
        let workplaceID = caller.workplaceID
        try await pool.transaction { connection in
            let current = try ClosedDayStore.lock(date, workplaceID: workplaceID, on: connection)
            let transition = try ClosedDayDecider.reopen(date, current: current, by: actor)
            try ClosedDayWriter.write(transition, shifts: [:], workplaceID: workplaceID, actorID: caller.id, now: Date(), on: connection)
        }
    }

    /// What closing `date` would do, without doing it: the shifts it removes (generated, untouched,
    /// still to come) and the ones on that day that stay (traded, reassigned or made by hand:
    /// a person decided those). The page shows it before the manager confirms.
    package func closingPreview(_ caller: AuthenticatedUser, date: LocalDate) async throws -> ClosingPreviewView {
        try ClosedDayDecider.checkPreview(by: caller.workplaceActor)
        let workplaceID = caller.workplaceID
        return try await pool.withConnection { connection in
            let shifts = try ClosedDayStore.shifts(on: date, workplaceID: workplaceID, lock: false, on: connection)
            let views = Dictionary(uniqueKeysWithValues: shifts.map { ($0.facts.id, $0.view) })
            let (removed, kept) = ClosedDayDecider.partition(shifts.map(\.facts), now: Date())
            return ClosingPreviewView(date: date.description, removed: removed.compactMap { views[$0] }, kept: kept.compactMap { views[$0] })
        }
    }

    /// Closes `days` (checked): loads and locks the shifts on each, asks the rules what goes, writes it.
    private func close(_ days: [ClosedDay], caller: AuthenticatedUser) async throws {
        let actor = caller.workplaceActor
        let workplaceID = caller.workplaceID
        try await pool.transaction { connection in
            let now = Date()
            var onDays: [LocalDate: [ShiftOnClosedDay]] = [:]
            var views: [ShiftID: ShiftyAPI.MarketShift] = [:]
            for day in days {
                let shifts = try ClosedDayStore.shifts(on: day.date, workplaceID: workplaceID, lock: true, on: connection)
                onDays[day.date] = shifts.map(\.facts)
                for shift in shifts { views[shift.facts.id] = shift.view }
            }
            let transition = try ClosedDayDecider.close(days, shifts: onDays, by: actor, now: now)
            try ClosedDayWriter.write(transition, shifts: views, workplaceID: workplaceID, actorID: caller.id, now: now, on: connection)
        }
    }
}

