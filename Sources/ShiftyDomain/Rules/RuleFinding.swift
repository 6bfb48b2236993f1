import Foundation

/// One rule a change would break, for one member: what the preview lists and what an action
/// refuses with (or, overridden, records in the shift's history).
public struct RuleFinding: Sendable, Hashable, Codable {
    public var rule: ScheduleRule
    /// The member who would receive the shift.
    public var member: UserID
    /// The shift the member would receive.
    public var shiftID: ShiftID
    /// The member's other shifts that clash with it.
    public var conflictingShiftIDs: [ShiftID]
    /// What the finding names, for the edge's sentence (the member and the shift among them).
    public var arguments: RefusalArguments
    /// Whether the finding refuses the action or only warns (the rule's own severity, or the
    /// workplace's setting for the hour limits).
    public var severity: RuleSeverity

    public init(
        rule: ScheduleRule, member: UserID, shiftID: ShiftID, conflictingShiftIDs: [ShiftID],
        arguments: RefusalArguments = .init(), severity: RuleSeverity? = nil
    ) {
        self.severity = severity ?? rule.severity
        self.rule = rule
        self.member = member
        self.shiftID = shiftID
        self.conflictingShiftIDs = conflictingShiftIDs
        var arguments = arguments
        arguments.member = member
        arguments.shift = shiftID
        self.arguments = arguments
    }

    public var code: MarketplaceRefusal.Code { rule.code }
    public var isOverridable: Bool { rule.isOverridable }

    /// The refusal an action gets for this finding.
    public var refusal: MarketplaceRefusal { MarketplaceRefusal(rule.code, arguments) }
}

/// A manager's explicit decision to break the overridable rules of one action, with the reason
/// recorded in the shift's history and announced to the managers.
public struct RuleOverride: Sendable, Hashable, Codable {
    public var reason: String

    public init(reason: String) {
        self.reason = reason
    }
}
