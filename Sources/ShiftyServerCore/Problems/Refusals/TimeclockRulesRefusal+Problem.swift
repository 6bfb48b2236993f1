import Hummingbird
import ShiftyDomain

extension Problem {
    /// Timeclock rules out of range as the client sees them: a 422 naming the rule and its range.
    package init(_ refusal: TimeclockRulesRefusal) {
        typealias Ranges = TimeclockRules.Ranges
        let field = refusal.field
        switch field {
        case .mondayToFridayQuotaMinutes:
            self = .invalid(field.rawValue, ProblemText.between(Ranges.dayQuotaMinutes))
        case .saturdayQuotaMinutes, .sundayQuotaMinutes:
            self = .invalid(field.rawValue, ProblemText.between(Ranges.dayQuotaMinutes, orNull: true))
        case .dailyOvertimeFloorMinutes:
            self = .invalid(field.rawValue, ProblemText.between(Ranges.dailyOvertimeFloorMinutes))
        case .weeklyOvertimeFloorMinutes:
            self = .invalid(field.rawValue, ProblemText.between(Ranges.weeklyOvertimeFloorMinutes))
        case .monthlyOvertimeFloorMinutes:
            self = .invalid(field.rawValue, ProblemText.between(Ranges.monthlyOvertimeFloorMinutes))
        case .diligenceAbsenceCap:
            self = .invalid(field.rawValue, ProblemText.between(Ranges.diligenceAbsenceCap))
        case .scheduleToleranceMinutes:
            self = .invalid(field.rawValue, ProblemText.between(Ranges.scheduleToleranceMinutes))
        case .breakRules:
            self = .invalid("breakRules", ProblemText("server.invalid.tooManyBreakRules", ["limit": String(Ranges.maximumBreakRules)]))
        case .breakRule:
            let after = Ranges.breakAfterMinutes, minutes = Ranges.breakMinutes
            self = .invalid(
                "breakRules",
                ProblemText(
                    "server.invalid.breakRule",
                    [
                        "afterLowest": String(after.lowerBound), "afterHighest": String(after.upperBound),
                        "breakLowest": String(minutes.lowerBound), "breakHighest": String(minutes.upperBound),
                    ]))
        }
    }
}
