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
                        detail: "Shift \(incoming.shiftID) overlaps shift \(first) of member \(member)."))
                }
            case .onePerDay:
                guard context.settings.onePerDay else { continue }
                let day = context.timeZone.localDate(of: incoming.start)
                let sameDay = others.filter { context.timeZone.localDate(of: $0.start) == day }.map(\.shiftID).sorted()
                if let first = sameDay.first {
                    result.append(RuleFinding(
                        rule: rule, member: member, shiftID: incoming.shiftID, conflictingShiftIDs: sameDay,
                        detail: "Member \(member) already works shift \(first) on \(day)."))
                }
            case .qualification:
                guard let position = incoming.position, context.trackedPositions.contains(position),
                      !(context.qualifications[member] ?? []).contains(position) else { continue }
                result.append(RuleFinding(
                    rule: rule, member: member, shiftID: incoming.shiftID, conflictingShiftIDs: [],
                    detail: "Member \(member) is not qualified for \(position)."))
            case .timeOff:
                let away = (context.timeOff[member] ?? []).filter { $0.overlaps(incoming) }
                guard let first = away.first else { continue }
                result.append(RuleFinding(
                    rule: rule, member: member, shiftID: incoming.shiftID, conflictingShiftIDs: [],
                    detail: "Member \(member) has approved time off (request \(first.requestID)) during shift \(incoming.shiftID).",
                    severity: context.settings.timeOffRule))
            case .availability:
                let entries = (context.availability[member] ?? []).filter {
                    $0.kind == .unavailable && $0.overlaps(incoming, in: context.timeZone)
                }
                guard let first = entries.first else { continue }
                result.append(RuleFinding(
                    rule: rule, member: member, shiftID: incoming.shiftID, conflictingShiftIDs: [],
                    detail: "Member \(member) is unavailable \(first.label) (shift \(incoming.shiftID)).",
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
        let minutes: (ShiftInterval) -> Int = { Int(($0.end.timeIntervalSince($0.start) / 60).rounded()) }
        func finding(_ limit: HourLimit, _ conflicting: [ShiftInterval], _ detail: String) -> RuleFinding {
            RuleFinding(
                rule: rule, member: member, shiftID: incoming.shiftID,
                conflictingShiftIDs: conflicting.map(\.shiftID).sorted(), detail: detail, severity: limit.severity)
        }
        switch rule {
        case .maxShiftLength:
            guard let limit = limits.maxShiftHours, minutes(incoming) > limit.limit * 60 else { return nil }
            return finding(limit, [], "Shift \(incoming.shiftID) is longer than \(limit.limit) hours.")
        case .maxWeeklyHours:
            guard let limit = limits.maxWeeklyHours else { return nil }
            let week = ISOWeek(containing: zone.localDate(of: incoming.start))
            let sameWeek = others.filter { ISOWeek(containing: zone.localDate(of: $0.start)) == week }
            let total = sameWeek.reduce(minutes(incoming)) { $0 + minutes($1) }
            guard total > limit.limit * 60 else { return nil }
            return finding(
                limit, sameWeek,
                "Member \(member) would work \(Self.hours(total)) hours in week \(week), more than \(limit.limit).")
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
            return finding(limit, tooClose, "Member \(member) would have less than \(limit.limit) hours of rest around shift \(incoming.shiftID).")
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
            return finding(limit, inRun, "Member \(member) would work \(run) days in a row, more than \(limit.limit).")
        default:
            return nil
        }
    }

    static func hours(_ minutes: Int) -> String {
        minutes % 60 == 0 ? "\(minutes / 60)" : String(format: "%.1f", Double(minutes) / 60)
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
                throw MarketplaceRefusal(finding.code, finding.detail + " This rule cannot be overridden.")
            }
            overridden.append(finding)
        }
        return overridden
    }
}
