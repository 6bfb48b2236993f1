import Hummingbird
import ShiftyDomain

extension Problem {
    /// Timeclock rules out of range as the client sees them: a 422 naming the rule and its range.
    package init(_ refusal: TimeclockRulesRefusal) {
        typealias Ranges = TimeclockRules.Ranges
        func between(_ range: ClosedRange<Int>) -> String { "must be between \(range.lowerBound) and \(range.upperBound)" }
        let field = refusal.field
        switch field {
        case .mondayToFridayQuotaMinutes:
            self = .invalid(field.rawValue, between(Ranges.dayQuotaMinutes))
        case .saturdayQuotaMinutes, .sundayQuotaMinutes:
            self = .invalid(field.rawValue, between(Ranges.dayQuotaMinutes) + ", or null")
        case .dailyOvertimeFloorMinutes:
            self = .invalid(field.rawValue, between(Ranges.dailyOvertimeFloorMinutes))
        case .weeklyOvertimeFloorMinutes:
            self = .invalid(field.rawValue, between(Ranges.weeklyOvertimeFloorMinutes))
        case .monthlyOvertimeFloorMinutes:
            self = .invalid(field.rawValue, between(Ranges.monthlyOvertimeFloorMinutes))
        case .diligenceAbsenceCap:
            self = .invalid(field.rawValue, between(Ranges.diligenceAbsenceCap))
        case .scheduleToleranceMinutes:
            self = .invalid(field.rawValue, between(Ranges.scheduleToleranceMinutes))
        case .breakRules:
            self = .invalid("breakRules", "at most \(Ranges.maximumBreakRules) rules")
        case .breakRule:
            let after = Ranges.breakAfterMinutes, minutes = Ranges.breakMinutes
            self = .invalid(
                "breakRules",
                "afterMinutes must be between \(after.lowerBound) and \(after.upperBound) and breakMinutes between \(minutes.lowerBound) and \(minutes.upperBound)")
        }
    }
}
