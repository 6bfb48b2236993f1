import Hummingbird
import ShiftyDomain

extension Problem {
    /// A qualification or hour-limit refusal as the client sees it: 404 no such member, 422 a
    /// field that is not right.
    package init(_ refusal: QualificationRefusal) {
        switch refusal {
        case .positionLength:
            let length = QualificationRules.positionLength
            self = .invalid(
                "positions", ProblemText("server.invalid.positionLength", ["lowest": String(length.lowerBound), "highest": String(length.upperBound)]))
        case .positionNotOneLine:
            self = .invalid("positions", SingleLineText.text)
        case .tooManyPositions:
            self = .invalid("positions", ProblemText("server.invalid.tooManyPositions", ["limit": String(QualificationRules.maximumPositions)]))
        case .hourLimitOutOfRange(let field):
            self = .invalid(field.rawValue, ProblemText.between(QualificationRules.hourLimit))
        case .memberNotFound:
            self = .notFound("user")
        }
    }
}
