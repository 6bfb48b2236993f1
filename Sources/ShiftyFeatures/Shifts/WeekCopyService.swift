import Foundation
import ShiftyAPI
import ShiftyDomain
import ShiftyNotifications
import ShiftyPostgres
import ShiftyServerCore

/// Copies a week's one-off shifts to the next week (a manager's "same as last week").
///
/// Each copy is a `POST /shifts` of its own (the same wall-clock time and length, seven days
/// later, same person and position) decided by `Marketplace.apply(.createShift)` without an
/// override: a copy the rulebook refuses (the person already works then, a closed limit, a past
/// start, a deactivated member) is reported with its refusal and rules, never silently skipped
/// and never forced. Shifts generated from fixed shifts are left out: generation makes the next
/// week's own. The preview runs the same checks and writes nothing. With `draft` the copies are
/// drafts of the plan instead (the week grid's way: nothing is published until the manager says so),
/// each previewed and made as `POST /plan/changes` creates them; an answer's items then name no
/// created shift, only whether each copy was drafted.
package struct WeekCopyService: Sendable {
    let shifts: ShiftService
    let marketplace: MarketplaceService

    package init(shifts: ShiftService, marketplace: MarketplaceService) {
        self.shifts = shifts
        self.marketplace = marketplace
    }

    package func copy(_ caller: AuthenticatedUser, _ body: CopyWeekRequest, preview: Bool) async throws -> WeekCopyView {
        try caller.requireManager()
        guard let day = LocalDate(body.from) else { throw ShiftRefusal.malformedDate(.from) }
        let monday = ISOWeek(containing: day).monday
        let target = monday.adding(days: 7)
        let workplaceID = caller.workplaceID
        let week = try await shifts.pool.withConnection { connection in
            try ShiftStore.teamSchedule(workplaceID: workplaceID, from: monday, until: target, on: connection)
        }
        var items: [WeekCopyView.Item] = []
        for source in week where source.fixedShiftId == nil {
            let minutes = Int((source.endsAt.timeIntervalSince(source.startsAt) / 60).rounded())
            let date = LocalDate(source.date)?.adding(days: 7).description ?? source.date
            let request = CreateShiftRequest(
                ownerId: source.ownerId, date: date, startTime: source.startTime, durationMinutes: minutes,
                position: source.position, override: nil, reason: nil)
            let drafted = PlanChangeRequest(
                op: .create, ownerId: request.ownerId, date: request.date, startTime: request.startTime,
                durationMinutes: request.durationMinutes, position: request.position)
            let check = body.draft == true
                ? try await shifts.planning.previewChange(caller, drafted) : try await marketplace.previewCreate(caller, request)
            var item = WeekCopyView.Item(
                source: source, date: date, startTime: source.startTime, durationMinutes: minutes,
                allowed: check.allowed, refusal: check.refusal, rules: check.rules, created: nil)
            if !preview && check.allowed {
                do {
                    if body.draft == true {
                        _ = try await shifts.planning.change(caller, drafted)
                    } else {
                        item.created = try await shifts.createShift(caller, request)
                    }
                } catch let refusal as MarketplaceRefusal {
                    // Changed between the check and the write: still reported, not skipped.
                    (item.allowed, item.refusal) = (false, ShiftyAPI.ActionPreview.Refusal(refusal))
                } catch let refusal as ShiftRefusal {
                    (item.allowed, item.refusal) = (false, ShiftyAPI.ActionPreview.Refusal(refusal))
                } catch let problem as Problem where problem.status.code < 500 {
                    (item.allowed, item.refusal) = (false, ShiftyAPI.ActionPreview.Refusal(
                        code: problem.code, status: problem.status.code, detail: problem.detail))
                }
            }
            items.append(item)
        }
        let accepted = items.filter(\.allowed).count
        return WeekCopyView(
            fromWeek: monday.description, toWeek: target.description, preview: preview, items: items,
            created: accepted, refused: items.count - accepted)
    }
}
