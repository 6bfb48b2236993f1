import Hummingbird
import ShiftyDomain

extension Problem {
    /// A fixed shift's field that is not right, as the client sees it: 422 naming the field, the
    /// one place that writes these sentences (the fixed-shift routes and fixed-shift requests alike).
    package init(_ refusal: FixedShiftDraftRefusal) {
        let field = refusal.field.rawValue
        switch refusal {
        case .weekdayOutOfRange: self = .invalid(field, ProblemText("server.invalid.weekday"))
        case .malformedStartTime: self = .invalid(field, ProblemText("server.invalid.time"))
        case .malformedValidFrom, .malformedValidUntil: self = .invalid(field, ProblemText("server.invalid.date"))
        case .positionNotOneLine: self = .invalid(field, SingleLineText.text)
        case .durationOutOfRange:
            self = .invalid(field, ProblemText("server.invalid.duration", ["limit": String(FixedShift.maximumDurationMinutes)]))
        case .validUntilBeforeValidFrom: self = .invalid(field, ProblemText("server.invalid.validUntilBeforeValidFrom"))
        case .positionTooLong:
            self = .invalid(field, ProblemText("server.invalid.mustBeAtMost", ["limit": String(FixedShift.maximumPositionLabelLength)]))
        }
    }
}
