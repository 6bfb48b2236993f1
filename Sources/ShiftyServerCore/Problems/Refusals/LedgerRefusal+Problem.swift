import Hummingbird
import ShiftyDomain

extension Problem {
    /// A ledger refusal as the client sees it: 404 an entry not in the workplace, 409 one waived
    /// already, 422 a reason or period out of bounds naming the field.
    package init(_ refusal: LedgerRefusal) {
        switch refusal {
        case .entryNotFound:
            self = .notFound("ledger entry")
        case .alreadyWaived:
            self.init(.conflict, code: .ledgerEntryAlreadyWaived, text: .init("server.problem.ledger_entry_already_waived.detail"))
        case .waiveReasonInvalid:
            self = .invalid("reason", ProblemText("server.invalid.lengthBetween", [
                "lowest": String(LedgerRules.waiveReasonLength.lowerBound), "highest": String(LedgerRules.waiveReasonLength.upperBound),
            ]))
        case .periodInvalid:
            self = .invalid("to", ProblemText("server.invalid.ledgerPeriod", ["days": String(LedgerRules.maximumReportDays)]))
        }
    }
}
