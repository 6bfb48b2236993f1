import Foundation

/// The one place the scheduling rules live. Actions call `check` (through
/// `Marketplace.requireReceivable`); the preview calls `findings` for the same placements, so
/// what the page shows and what the action answers cannot drift apart.
public enum Rulebook {
    /// Every rule the placement breaks, in `ScheduleRule.allCases` order.
    public static func findings(for placement: Placement, context: MarketplaceContext) -> [RuleFinding] {
        let incoming = placement.incoming
        let member = placement.member
        let others = (context.commitments[member] ?? []).filter {
            $0.shiftID != incoming.shiftID && !placement.givingAway.contains($0.shiftID)
        }
        var result: [RuleFinding] = []
        for rule in ScheduleRule.allCases {
            switch rule {
            case .noOverlap:
                let clashes = others.filter { $0.overlaps(incoming) }.map(\.shiftID).sorted()
                if let first = clashes.first {
                    result.append(RuleFinding(
                        rule: rule, member: member, shiftID: incoming.shiftID, conflictingShiftIDs: clashes,
                        arguments: .init(otherShift: first)))
                }
            case .onePerDay:
                guard context.settings.onePerDay else { continue }
                let day = context.timeZone.localDate(of: incoming.start)
                let sameDay = others.filter { context.timeZone.localDate(of: $0.start) == day }.map(\.shiftID).sorted()
                if let first = sameDay.first {
                    result.append(RuleFinding(
                        rule: rule, member: member, shiftID: incoming.shiftID, conflictingShiftIDs: sameDay,
                        arguments: .init(otherShift: first, date: day)))
                }
            case .qualification:
                guard let position = incoming.position, context.trackedPositions.contains(position),
                      !(context.qualifications[member] ?? []).contains(position) else { continue }
                result.append(RuleFinding(
                    rule: rule, member: member, shiftID: incoming.shiftID, conflictingShiftIDs: [],
                    arguments: .init(position: position)))
            case .timeOff:
                let away = (context.timeOff[member] ?? []).filter { $0.overlaps(incoming) }
                guard let first = away.first else { continue }
                result.append(RuleFinding(
                    rule: rule, member: member, shiftID: incoming.shiftID, conflictingShiftIDs: [],
                    arguments: .init(timeOffRequest: first.requestID),
                    severity: context.settings.timeOffRule))
            case .availability:
                let entries = (context.availability[member] ?? []).filter {
                    $0.kind == .unavailable && $0.overlaps(incoming, in: context.timeZone)
                }
                guard let first = entries.first else { continue }
                result.append(RuleFinding(
                    rule: rule, member: member, shiftID: incoming.shiftID, conflictingShiftIDs: [],
                    arguments: .init(weekday: first.weekday, from: first.from, to: first.to),
                    severity: context.settings.availabilityRule))
            default:
                if let finding = hourLimitFinding(rule, placement: placement, others: others, context: context) {
                    result.append(finding)
                }
            }
        }
        return result
    }

    /// The finding of one hour or rest limit, with the limit's severity; `nil` when the member has
    /// no such limit or keeps to it.
    static func hourLimitFinding(
        _ rule: ScheduleRule, placement: Placement, others: [ShiftInterval], context: MarketplaceContext
    ) -> RuleFinding? {
        let incoming = placement.incoming
        let member = placement.member
        let limits = context.hourLimits(for: member)
        let zone = context.timeZone
        let minutes: (ShiftInterval) -> Int = { $0.minutes }
        func finding(_ limit: HourLimit, _ conflicting: [ShiftInterval], _ arguments: RefusalArguments = .init()) -> RuleFinding {
            var arguments = arguments
            arguments.limit = limit.limit
            return RuleFinding(
                rule: rule, member: member, shiftID: incoming.shiftID,
                conflictingShiftIDs: conflicting.map(\.shiftID).sorted(), arguments: arguments, severity: limit.severity)
        }
        switch rule {
        case .maxShiftLength:
            guard let limit = limits.maxShiftHours, minutes(incoming) > limit.limit * 60 else { return nil }
            return finding(limit, [], .init(minutes: minutes(incoming)))
        case .maxWeeklyHours:
            guard let limit = limits.maxWeeklyHours else { return nil }
            let week = incoming.week(in: zone)
            let sameWeek = others.filter { $0.week(in: zone) == week }
            let total = sameWeek.reduce(minutes(incoming)) { $0 + minutes($1) }
            guard total > limit.limit * 60 else { return nil }
            return finding(limit, sameWeek, .init(week: week, minutes: total))
        case .minRest:
            guard let limit = limits.minRestHours else { return nil }
            let rest = TimeInterval(limit.limit * 3600)
            let tooClose = others.filter { other in
                let gap = other.end <= incoming.start
                    ? incoming.start.timeIntervalSince(other.end) : other.start.timeIntervalSince(incoming.end)
                // Overlaps are `noOverlap`'s; back-to-back shifts are one stretch of work, not a rest.
                return gap > 0 && gap < rest
            }
            guard !tooClose.isEmpty else { return nil }
            return finding(limit, tooClose)
        case .maxConsecutiveDays:
            guard let limit = limits.maxConsecutiveDays else { return nil }
            let day = zone.localDate(of: incoming.start)
            let worked = Set(others.map { zone.localDate(of: $0.start) })
            var first = day, last = day
            while worked.contains(first.adding(days: -1)) { first = first.adding(days: -1) }
            while worked.contains(last.adding(days: 1)) { last = last.adding(days: 1) }
            let run = first.days(until: last) + 1
            guard run > limit.limit else { return nil }
            let inRun = others.filter { (first...last).contains(zone.localDate(of: $0.start)) }
            return finding(limit, inRun, .init(days: run))
        default:
            return nil
        }
    }

    /// Refuses with the first finding that refuses and is not overridden; returns the findings the
    /// override sets aside (to record), if any.
    ///
    /// Without an override every refusing finding refuses. With one, overridable findings are set
    /// aside and a non-overridable one still refuses (with its own code, saying so).
    public static func check(
        _ placement: Placement, overriding override: RuleOverride?, context: MarketplaceContext
    ) throws(MarketplaceRefusal) -> [RuleFinding] {
        var overridden: [RuleFinding] = []
        for finding in findings(for: placement, context: context) where finding.severity == .refuse {
            guard override != nil else { throw finding.refusal }
            guard finding.isOverridable else {
                var refusal = finding.refusal
                refusal.notOverridable = true
                throw refusal
            }
            overridden.append(finding)
        }
        return overridden
    }
}
