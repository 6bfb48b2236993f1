import Hummingbird
import ShiftyDomain

extension Problem {
    /// A coverage need list refusal as the client sees it: 422 naming the field of the need by
    /// its place in the list (`needs[2].headcount`), so the form can mark the right row.
    package init(_ refusal: CoverageNeedListRefusal) {
        switch refusal {
        case .tooManyNeeds:
            self = .invalid("needs", ProblemText("server.invalid.tooManyCoverageNeeds", ["limit": String(CoverageNeed.maximumCount)]))
        case .need(let index, let reason):
            let field = "needs[\(index)].\(reason.field.rawValue)"
            switch reason {
            case .weekdayOutOfRange:
                self = .invalid(field, ProblemText("server.invalid.weekday"))
            case .malformedTime:
                self = .invalid(field, ProblemText("server.invalid.time"))
            case .emptyWindow:
                self = .invalid(field, ProblemText("server.invalid.quietHoursEmpty"))
            case .headcountOutOfRange:
                self = .invalid(field, ProblemText.between(1...CoverageNeed.maximumHeadcount))
            case .positionTooLong:
                self = .invalid(field, ProblemText("server.invalid.mustBeAtMost", ["limit": String(FixedShift.maximumPositionLabelLength)]))
            case .positionNotOneLine:
                self = .invalid(field, SingleLineText.text)
            }
        }
    }
}
