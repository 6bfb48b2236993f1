import Hummingbird
import ShiftyDomain

extension Problem {
    /// A fixed shift's field that is not right, as the client sees it: 422 naming the field, the
    /// one place that writes these sentences (the fixed-shift routes and fixed-shift requests alike).
    package init(_ refusal: FixedShiftDraftRefusal) {
        let field = refusal.field.rawValue
        switch refusal {
        case .weekdayOutOfRange: self = .invalid(field, "must be 1 (Monday) to 7 (Sunday)")
        case .malformedStartTime: self = .invalid(field, "must be HH:MM")
        case .malformedValidFrom, .malformedValidUntil: self = .invalid(field, "must be a date (YYYY-MM-DD)")
        case .positionNotOneLine: self = .invalid(field, SingleLineText.detail)
        case .durationOutOfRange: self = .invalid(field, "must be between 1 and \(FixedShift.maximumDurationMinutes)")
        case .validUntilBeforeValidFrom: self = .invalid(field, "must not be before validFrom")
        case .positionTooLong: self = .invalid(field, "must be at most \(FixedShift.maximumPositionLabelLength) characters")
        }
    }
}
