import Foundation

/// Decides the ledger entries of changes to the published schedule under the workplace's rule.
/// Pure: the writers (a marketplace action, a publication) hand it the changes and the member's
/// schedule after them; previews call it the same way, so what a manager is told before confirming
/// is what the ledger records.
public enum ScheduleLedger {
    /// The entries for `changes` made at `now`. Nothing when the workplace has no rule. A change
    /// inside the notice window is one entry (`added`, `moved`, `cut` or `removed`), exempt when the
    /// member asked for it; an employer's change that makes a rest shorter than the rule's (and it
    /// was not already) is a `clopening` entry, wherever it falls. `schedules` holds each member's
    /// shifts after the changes (other shifts of theirs; the changed one may be in it or not).
    public static func entries(
        for changes: [ScheduleChange], policy: ScheduleChangePolicy, now: Date, schedules: [UserID: [ShiftInterval]] = [:]
    ) -> [LedgerEntry] {
        guard let rule = policy.rule else { return [] }
        var entries: [LedgerEntry] = []
        for change in changes {
            if let entry = entry(for: change, rule: rule, now: now) { entries.append(entry) }
            if let entry = clopening(for: change, rule: rule, now: now, schedule: schedules[change.member] ?? []) { entries.append(entry) }
        }
        return entries.map { var entry = $0; entry.rule = policy.preset; return entry }
    }

    /// What kind of change it is and how many minutes it concerns; `nil` when nothing changed for the member.
    public static func classify(before: ShiftInterval?, after: ShiftInterval?) -> (LedgerEntry.Kind, minutes: Int)? {
        switch (before, after) {
        case (nil, nil):
            return nil
        case (nil, let after?):
            return (.added, after.minutes)
        case (let before?, nil):
            return (.removed, before.minutes)
        case (let before?, let after?):
            let (was, now) = (before.minutes, after.minutes)
            if now < was { return (.cut, was - now) }
            if now > was { return (.added, now - was) }
            if before.start != after.start { return (.moved, was) }
            return nil
        }
    }

    static func entry(for change: ScheduleChange, rule: SchedulePremiumRule, now: Date) -> LedgerEntry? {
        guard let (kind, changed) = classify(before: change.before, after: change.after) else { return nil }
        let starts = [change.before?.start, change.after?.start].compactMap { $0 }.min() ?? now
        let notice = max(0, Int(starts.timeIntervalSince(now) / 60))
        guard let tier = rule.tier(noticeMinutes: notice) else { return nil }
        var entry = LedgerEntry(
            member: change.member, shiftID: change.shiftID, date: change.date, kind: kind, reason: change.reason, before: change.before,
            after: change.after, noticeMinutes: notice, changedMinutes: changed)
        guard !change.reason.isEmployeeInitiated else { return entry }
        let pay: PremiumPay? = switch kind {
        case .added: tier.added
        case .moved: tier.moved
        case .cut, .removed: tier.cut
        case .clopening: nil
        }
        if let (minutes, cents) = pay?.premium(changedMinutes: changed) {
            entry.premiumMinutes = minutes
            entry.premiumCents = cents
        }
        return entry
    }

    /// A rest the change made shorter than the rule's minimum, between the shift as it is now and
    /// the member's nearest shift before or after it; premium on the later shift's minutes inside the rest.
    static func clopening(for change: ScheduleChange, rule: SchedulePremiumRule, now: Date, schedule: [ShiftInterval]) -> LedgerEntry? {
        guard let clopening = rule.clopening, !change.reason.isEmployeeInitiated, let after = change.after else { return nil }
        let others = schedule.filter { $0.shiftID != change.shiftID }
        let rest = TimeInterval(clopening.minRestHours * 3600)
        func shortfall(of shift: ShiftInterval) -> Int {
            var worst = 0
            for other in others where !other.overlaps(shift) {
                let (earlier, later) = other.end <= shift.start ? (other, shift) : (shift, other)
                let window = earlier.end..<earlier.end.addingTimeInterval(rest)
                let inside = min(later.end, window.upperBound).timeIntervalSince(max(later.start, window.lowerBound))
                worst = max(worst, Int(inside / 60))
            }
            return worst
        }
        let minutes = shortfall(of: after)
        guard minutes > 0, change.before.map(shortfall(of:)) ?? 0 == 0 else { return nil }
        let (premiumMinutes, premiumCents) = clopening.pay.premium(changedMinutes: minutes)
        return LedgerEntry(
            member: change.member, shiftID: change.shiftID, date: change.date, kind: .clopening, reason: change.reason, before: change.before,
            after: after, noticeMinutes: max(0, Int(after.start.timeIntervalSince(now) / 60)), changedMinutes: minutes,
            premiumMinutes: premiumMinutes, premiumCents: premiumCents)
    }
}
