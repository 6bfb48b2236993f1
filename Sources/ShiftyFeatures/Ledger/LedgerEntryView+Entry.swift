import Foundation
import ShiftyAPI
import ShiftyDomain
import ShiftyPostgres

extension LedgerEntryView {
    /// The API's view of a decided entry (`stored` when it was recorded), priced at the member's
    /// wage on the shift's date.
    init(
        _ entry: LedgerEntry, names: [Int64: String], wages: [UserID: WageHistory], currency: String,
        stored: ScheduleLedgerStore.Row? = nil
    ) {
        func span(_ interval: ShiftInterval?) -> Span? { interval.map { Span(startsAt: $0.start, endsAt: $0.end) } }
        let waiver = stored.flatMap { row -> Waiver? in
            guard let by = row.waivedBy, let at = row.waivedAt, let reason = row.waiveReason else { return nil }
            return Waiver(by: by, byName: names[by] ?? "", at: ISO8601Instant.format(at), reason: reason)
        }
        self.init(
            id: stored?.id, userId: entry.member.rawValue, userName: names[entry.member.rawValue] ?? "", shiftId: entry.shiftID.rawValue,
            date: entry.date.description, change: entry.kind.rawValue, reason: entry.reason.rawValue, exempt: entry.exempt,
            before: span(entry.before), after: span(entry.after), noticeMinutes: entry.noticeMinutes, changedMinutes: entry.changedMinutes,
            premiumMinutes: entry.premiumMinutes, premiumCents: entry.premiumCents,
            amountCents: entry.amountCents(at: wages[entry.member]?.wage(on: entry.date)), currency: currency, rule: entry.rule,
            recordedAt: stored.map { ISO8601Instant.format($0.recordedAt) }, waived: waiver)
    }

    /// The views of `entries`, reading the names and wages they need on `connection`.
    static func views(
        of entries: [LedgerEntry], workplaceID: Int64, on connection: PostgresConnection
    ) throws -> [LedgerEntryView] {
        guard !entries.isEmpty else { return [] }
        let members = Set(entries.map(\.member.rawValue))
        let names = try MemberNames.lookUp(members, workplaceID: workplaceID, on: connection)
        let wages = try WageStore.wages(workplaceID: workplaceID, members: members.sorted(), on: connection)
        let currency = try WageStore.budget(workplaceID: workplaceID, on: connection).currency
        return entries.map { LedgerEntryView($0, names: names, wages: wages, currency: currency) }
    }
}

/// The schedule-change side of a manager's preview: what the change would owe, before the manager
/// confirms it. Called for managers only, beside ``PreviewCost``; nothing is read while the change
/// owes nothing (no rule, or outside the window).
enum PreviewPremiums {
    static func adding(
        to preview: ShiftyAPI.ActionPreview, verdict: ActionVerdict, workplaceID: Int64, on connection: PostgresConnection
    ) throws -> ShiftyAPI.ActionPreview {
        guard !verdict.scheduleChanges.isEmpty else { return preview }
        var answer = preview
        answer.premiums = try LedgerEntryView.views(of: verdict.scheduleChanges, workplaceID: workplaceID, on: connection)
        return answer
    }
}
