/// Why new timeclock rules were refused (``TimeclockRules/validate()``): the first value outside
/// what a day, a week or a month can hold.
///
/// ``code`` is the stable string clients switch on and ``field`` names the rule that is out of
/// range, spelled as on the wire. How a refusal reads is the edge's business, not the domain's.
public enum TimeclockRulesRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// The rule named by `field` is outside its range (``TimeclockRules/ranges``).
    case outOfRange(Field)

    /// The rules, spelled as on the wire.
    public enum Field: String, Sendable, Hashable, Codable, CaseIterable {
        case mondayToFridayQuotaMinutes, saturdayQuotaMinutes, sundayQuotaMinutes
        case dailyOvertimeFloorMinutes, weeklyOvertimeFloorMinutes, monthlyOvertimeFloorMinutes
        case diligenceAbsenceCap, scheduleToleranceMinutes
        /// Too many break rules.
        case breakRules
        /// A break rule's `afterMinutes` or `breakMinutes` out of range.
        case breakRule
    }

    /// The stable codes, equal to the API's problem codes.
    public enum Code: String, Sendable, Hashable, Codable, CaseIterable {
        case validationFailed = "validation_failed"
    }

    public var code: Code { .validationFailed }

    public var field: Field {
        switch self {
        case .outOfRange(let field): field
        }
    }

    public var description: String { "\(code.rawValue): \(field.rawValue)" }
}
