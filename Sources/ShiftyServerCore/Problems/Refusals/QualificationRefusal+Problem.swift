import Hummingbird
import ShiftyDomain

extension Problem {
    /// A qualification or hour-limit refusal as the client sees it: 404 no such member, 422 a
    /// field that is not right.
    package init(_ refusal: QualificationRefusal) {
        switch refusal {
        case .positionLength:
            let length = QualificationRules.positionLength
            self = .invalid("positions", "each position must be \(length.lowerBound) to \(length.upperBound) characters")
        case .positionNotOneLine:
            self = .invalid("positions", SingleLineText.text)
        case .tooManyPositions:
            self = .invalid("positions", "at most \(QualificationRules.maximumPositions) positions")
        case .hourLimitOutOfRange(let field):
            let limit = QualificationRules.hourLimit
            self = .invalid(field.rawValue, "must be between \(limit.lowerBound) and \(limit.upperBound)")
        case .memberNotFound:
            self = .notFound("user")
        }
    }
}
