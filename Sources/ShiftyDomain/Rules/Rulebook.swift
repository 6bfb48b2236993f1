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
            }
        }
        return result
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
