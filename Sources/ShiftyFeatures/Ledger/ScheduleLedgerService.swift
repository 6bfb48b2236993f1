import Foundation
import ShiftyAPI
import ShiftyDomain
import ShiftyPostgres
import ShiftyServerCore

/// The schedule-change ledger for managers: the report per period (JSON or CSV) and waivers.
/// Entries are written by the changes that owe them (``MarketplaceExecutor``, the publication).
package struct ScheduleLedgerService: Sendable {
    let pool: PostgresPool
    let clock: @Sendable () -> Date

    package init(pool: PostgresPool, clock: @escaping @Sendable () -> Date) {
        self.pool = pool
        self.clock = clock
    }

    package func report(_ caller: AuthenticatedUser, from: LocalDate, to: LocalDate) async throws -> ScheduleLedgerReport {
        try caller.requireManager()
        try LedgerRules.checkPeriod(from: from, to: to)
        let workplaceID = caller.workplaceID
        return try await pool.transaction(isolation: .repeatableRead) { connection in
            let rows = try ScheduleLedgerStore.entries(workplaceID: workplaceID, from: from, to: to, on: connection)
            let members = Set(rows.map(\.entry.member.rawValue))
            let names = try MemberNames.lookUp(members.union(rows.compactMap(\.waivedBy)), workplaceID: workplaceID, on: connection)
            let wages = members.isEmpty ? [:] : try WageStore.wages(workplaceID: workplaceID, members: members.sorted(), on: connection)
            let currency = try WageStore.budget(workplaceID: workplaceID, on: connection).currency
            let entries = rows.map { LedgerEntryView($0.entry, names: names, wages: wages, currency: currency, stored: $0) }
            var people: [Int64: ScheduleLedgerReport.Person] = [:]
            for entry in entries where !entry.exempt && entry.waived == nil && (entry.premiumMinutes > 0 || entry.premiumCents > 0) {
                var person = people[entry.userId]
                    ?? .init(userId: entry.userId, userName: entry.userName, entries: 0, premiumMinutes: 0, premiumCents: 0, amountCents: 0)
                person.entries += 1
                person.premiumMinutes += entry.premiumMinutes
                person.premiumCents += entry.premiumCents
                person.amountCents = person.amountCents.flatMap { total in entry.amountCents.map { total + $0 } }
                people[entry.userId] = person
            }
            return ScheduleLedgerReport(
                from: from.description, to: to.description, currency: currency, entries: entries,
                people: people.values.sorted { ($0.userName, $0.userId) < ($1.userName, $1.userId) })
        }
    }

    package func waive(_ caller: AuthenticatedUser, entryID: Int64, _ body: WaiveLedgerEntryBody) async throws -> LedgerEntryView {
        try caller.requireManager()
        let reason = try LedgerRules.waiveReason(body.reason)
        let workplaceID = caller.workplaceID
        return try await pool.transaction { [clock] connection in
            guard let (row, waivedNow) = try ScheduleLedgerStore.waive(
                id: entryID, reason: reason, by: caller.id, at: clock(), workplaceID: workplaceID, on: connection)
            else { throw LedgerRefusal.entryNotFound }
            guard waivedNow else { throw LedgerRefusal.alreadyWaived }
            let member = row.entry.member.rawValue
            let names = try MemberNames.lookUp([member, caller.id], workplaceID: workplaceID, on: connection)
            let wages = try WageStore.wages(workplaceID: workplaceID, members: [member], on: connection)
            let currency = try WageStore.budget(workplaceID: workplaceID, on: connection).currency
            return LedgerEntryView(row.entry, names: names, wages: wages, currency: currency, stored: row)
        }
    }
}

extension ScheduleLedgerReport {
    /// The report as CSV for payroll and audits: one line per entry, amounts in cents.
    package var csv: String {
        // i18n-exempt: column names are for payroll software and spreadsheets, the same in every language.
        var lines = [[
            "id", "date", "name", "user_id", "shift_id", "change", "reason", "exempt", "notice_minutes", "changed_minutes",
            "premium_minutes", "premium_cents", "amount_cents", "currency", "rule", "waived", "waive_reason", "recorded_at",
        ].joined(separator: ",")]
        for entry in entries {
            let cells: [String] = [
                entry.id.map(String.init) ?? "", entry.date, MonthlyReport.textCell(entry.userName), String(entry.userId), String(entry.shiftId),
                entry.change, entry.reason, entry.exempt ? "yes" : "no", String(entry.noticeMinutes), String(entry.changedMinutes),
                String(entry.premiumMinutes), String(entry.premiumCents), entry.amountCents.map(String.init) ?? "", entry.currency, entry.rule,
                entry.waived == nil ? "no" : "yes", MonthlyReport.textCell(entry.waived?.reason ?? ""), entry.recordedAt ?? "",
            ]
            lines.append(cells.joined(separator: ","))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }
}
