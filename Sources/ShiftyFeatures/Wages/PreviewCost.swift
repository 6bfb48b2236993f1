import Foundation
import ShiftyAPI
import ShiftyDomain
import ShiftyPostgres

/// The labour cost side of a manager's preview (create, edit, assign, approve, and the plan's
/// changes): each receiver's week at their wages and the workplace's week as planned (drafts
/// included, as the grid shows it) against the budget, through ``LabourCost``. Callers add it for
/// managers only: no employee's preview carries a wage or a cost.
enum PreviewCost {
    /// `preview` with its cost filled in from `verdict` (the domain verdict it was made from, whose
    /// effects are in the same order), or as it was while the workplace sets no wage and no budget.
    static func adding(
        to preview: ShiftyAPI.ActionPreview, verdict: ActionVerdict, workplaceID: Int64, zone: WorkplaceTimeZone, on connection: PostgresConnection
    ) throws -> ShiftyAPI.ActionPreview {
        guard !verdict.effects.isEmpty else { return preview }
        let budget = try WageStore.budget(workplaceID: workplaceID, on: connection)
        let wages = try WageStore.wages(workplaceID: workplaceID, on: connection)
        guard !wages.isEmpty || budget.weeklyCents != nil else { return preview }
        var planned: [ISOWeek: [LabourShift]] = [:]
        for week in Set(verdict.effects.map(\.week)) {
            let sunday = week.monday.adding(days: 6)
            let (first, last) = (week.monday.description, sunday.description)
            planned[week] = try PlannedShifts.load(workplaceID: workplaceID, from: week.monday, to: sunday, zone: zone, on: connection)
                .counted.filter { first <= $0.date && $0.date <= last }.map(LabourShift.init(_:))
        }
        let cost = LabourCost.preview(effects: verdict.effects, planned: planned, wages: wages, budgetCents: budget.weeklyCents, zone: zone)
        var answer = preview
        for (index, member) in cost.members.enumerated() where answer.effects.indices.contains(index) {
            answer.effects[index].costBeforeCents = member.beforeCents
            answer.effects[index].costAfterCents = member.afterCents
        }
        answer.cost = ShiftyAPI.ActionPreview.Cost(
            currency: budget.currency,
            weeks: cost.weeks.map {
                .init(week: $0.week.description, beforeCents: $0.beforeCents, afterCents: $0.afterCents, budgetCents: $0.budgetCents, overBudget: $0.overBudget)
            })
        return answer
    }
}
