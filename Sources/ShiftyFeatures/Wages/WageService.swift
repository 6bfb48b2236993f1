import Foundation
import ShiftyAPI
import ShiftyDomain
import ShiftyPostgres
import ShiftyServerCore

/// Members' hourly wages and the workplace's labour budget: what the plan costs with
/// (`ShiftService.plan`). Managers only, checked here as well as by the routes' group, because
/// no member may ever see a wage: not their own, not a coworker's.
package struct WageService {
    let pool: PostgresPool
    let clock: @Sendable () -> Date

    package init(pool: PostgresPool, clock: @escaping @Sendable () -> Date = Date.init) {
        self.pool = pool
        self.clock = clock
    }

    package func wages(_ caller: AuthenticatedUser, userID: Int64) async throws -> MemberWagesView {
        try caller.requireManager()
        return try await pool.withConnection { connection in
            guard try ShiftStore.isMember(userID, workplaceID: caller.workplaceID, on: connection) else { throw WageRefusal.memberNotFound }
            let budget = try WageStore.budget(workplaceID: caller.workplaceID, on: connection)
            let history = try WageStore.wages(workplaceID: caller.workplaceID, members: [userID], on: connection)[UserID(rawValue: userID)]
            return MemberWagesView(userID: userID, currency: budget.currency, history: history ?? WageHistory([]))
        }
    }

    /// Replaces the member's whole list: the page edits it as one form, so there is nothing to merge.
    package func setWages(_ caller: AuthenticatedUser, userID: Int64, _ body: SetWagesBody) async throws -> MemberWagesView {
        try caller.requireManager()
        let history = try WageRules.check(body.wages.map { ($0.effectiveFrom, $0.hourlyCents) })
        return try await pool.transaction { [clock] connection in
            // The member's row locked: two managers replacing the same list take turns.
            guard try PunchStore.lockMember(id: userID, workplaceID: caller.workplaceID, on: connection) != nil else { throw WageRefusal.memberNotFound }
            try WageStore.replace(history, of: userID, workplaceID: caller.workplaceID, by: caller.id, at: clock(), on: connection)
            let budget = try WageStore.budget(workplaceID: caller.workplaceID, on: connection)
            return MemberWagesView(userID: userID, currency: budget.currency, history: history)
        }
    }

    package func budget(_ caller: AuthenticatedUser) async throws -> LabourBudgetView {
        try caller.requireManager()
        return LabourBudgetView(try await pool.withConnection { try WageStore.budget(workplaceID: caller.workplaceID, on: $0) })
    }

    package func setBudget(_ caller: AuthenticatedUser, _ body: LabourBudgetView) async throws -> LabourBudgetView {
        try caller.requireManager()
        let budget = try LabourBudget.checked(currency: body.currency, weeklyCents: body.weeklyBudgetCents)
        try await pool.transaction { try WageStore.setBudget(budget, workplaceID: caller.workplaceID, on: $0) }
        return LabourBudgetView(budget)
    }
}

extension MemberWagesView {
    init(userID: Int64, currency: String, history: WageHistory) {
        self.init(
            userId: userID, currency: currency,
            wages: history.wages.map { WageView(effectiveFrom: $0.effectiveFrom.description, hourlyCents: $0.hourlyCents) })
    }
}

extension LabourBudgetView {
    init(_ budget: LabourBudget) {
        self.init(currency: budget.currency, weeklyBudgetCents: budget.weeklyCents)
    }
}
