import Hummingbird
import ShiftyDomain

extension Problem {
    /// A wage list refusal as the client sees it: 404 no such member, 422 naming the field of the
    /// wage by its place in the list (`wages[1].hourlyCents`), so the form can mark the right row.
    package init(_ refusal: WageRefusal) {
        switch refusal {
        case .memberNotFound:
            self = .notFound("user")
        case .tooManyWages:
            self = .invalid("wages", ProblemText("server.invalid.tooManyWages", ["limit": String(Wage.maximumCount)]))
        case .wage(let index, let reason):
            let field = "wages[\(index)].\(reason.field)"
            switch reason {
            case .malformedDate:
                self = .invalid(field, ProblemText("server.invalid.date"))
            case .hourlyCentsOutOfRange:
                self = .invalid(field, ProblemText.between(Wage.hourlyCentsRange))
            case .duplicateDate:
                self = .invalid(field, ProblemText("server.invalid.duplicateWageDate"))
            }
        }
    }

    /// A labour budget refusal: 422 naming the field.
    package init(_ refusal: LabourBudgetRefusal) {
        switch refusal {
        case .currencyNotISO4217:
            self = .invalid(refusal.field, ProblemText("server.invalid.currency"))
        case .budgetOutOfRange:
            let range = LabourBudget.weeklyCentsRange
            self = .invalid(
                refusal.field, ProblemText("server.invalid.betweenOrNull", ["lowest": String(range.lowerBound), "highest": String(range.upperBound)]))
        }
    }
}
