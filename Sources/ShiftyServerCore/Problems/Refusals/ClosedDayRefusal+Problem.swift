import Hummingbird
import ShiftyDomain

extension Problem {
    /// A closed-day refusal as the client sees it: the one place that gives each refusal its HTTP
    /// status and its sentence (403 a member closing or reopening, 404 no such closed day, 422 a
    /// field or an imported row that is not right, every row named with its line).
    package init(_ refusal: ClosedDayRefusal) {
        switch refusal {
        case .managerOnly:
            self = .managerOnly
        case .notClosed:
            self = .notFound("closed day")
        case .malformedDate:
            self = .invalid("date", "must be a date (YYYY-MM-DD)")
        case .nameLength:
            self = .invalid("name", "must be 1 to \(ClosedDayDecider.maximumNameLength) characters")
        case .nameNotOneLine:
            self = .invalid("name", SingleLineText.detail)
        case .invalidRows(let rows):
            self.init(
                .unprocessableContent, code: .invalidCSV, detail: "\(rows.count) row(s) are invalid; nothing was imported.",
                errors: rows.map { FieldError(field: "line \($0.line)", detail: Self.describe($0.reason)) })
        }
    }

    /// What is wrong with an imported row, as its field error says it.
    private static func describe(_ reason: ClosedDayCSV.Reason) -> String {
        switch reason {
        case .tooManyRows: "more than \(ClosedDayCSV.maximumRows) rows"
        case .notDateAndName: "expected 'date,name'"
        case .notADate(let text): "'\(text.prefix(40))' is not a date (YYYY-MM-DD)"
        case .unterminatedQuote: "the name has an unterminated quote"
        case .nameLength: "the name must be 1 to \(ClosedDayDecider.maximumNameLength) characters"
        case .nameNotOneLine: "the name \(SingleLineText.detail)"
        case .repeated(let date): "\(date) appears twice"
        case .noRows: "the file has no rows"
        }
    }
}
