/// A workplace's break rule: a day with more than `afterMinutes` of work includes
/// `breakMinutes` of unpaid break, unless the member punched their breaks that day.
///
/// Example: `BreakRule(afterMinutes: 330, breakMinutes: 30)` — more than 5 h 30 includes 30
/// unpaid minutes. The seed has no breaks, so a workplace has no rules until a manager adds them.
public struct BreakRule: Sendable, Hashable, Codable {
    public var afterMinutes: Int
    public var breakMinutes: Int

    public init(afterMinutes: Int, breakMinutes: Int) {
        self.afterMinutes = afterMinutes
        self.breakMinutes = breakMinutes
    }
}

extension Array where Element == BreakRule {
    /// The break the rules take from `workedMinutes` of work: the longest break of the rules
    /// whose threshold is exceeded, never more than the work itself.
    public func breakMinutes(forWorked workedMinutes: Int) -> Int {
        var result = 0
        for rule in self where workedMinutes > rule.afterMinutes { result = Swift.max(result, rule.breakMinutes) }
        return Swift.min(result, Swift.max(workedMinutes, 0))
    }
}
