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
            self = .invalid("date", ProblemText("server.invalid.date"))
        case .nameLength:
            self = .invalid("name", ProblemText("server.invalid.length", ["limit": String(ClosedDayDecider.maximumNameLength)]))
        case .nameNotOneLine:
            self = .invalid("name", SingleLineText.text)
        case .invalidRows(let rows):
            self = .invalid(
                code: .server(.invalidCSV),
                errors: rows.map { ("line \($0.line)", Self.describe($0.reason)) }, // i18n-exempt: the field names the CSV line, as openapi.yaml spells it
                text: ProblemText("server.problem.invalid_csv.rows", ["count": String(rows.count)]))
        }
    }

    /// What is wrong with an imported row, as its field error says it.
    private static func describe(_ reason: ClosedDayCSV.Reason) -> ProblemText {
        switch reason {
        case .tooManyRows: ProblemText("server.invalid.csv.tooManyRows", ["limit": String(ClosedDayCSV.maximumRows)])
        case .notDateAndName: ProblemText("server.invalid.csv.notDateAndName")
        case .notADate(let text): ProblemText("server.invalid.csv.notADate", ["text": String(text.prefix(40))])
        case .unterminatedQuote: ProblemText("server.invalid.csv.unterminatedQuote")
        case .nameLength: ProblemText("server.invalid.csv.nameLength", ["limit": String(ClosedDayDecider.maximumNameLength)])
        case .nameNotOneLine: ProblemText("server.invalid.csv.nameNotOneLine")
        case .repeated(let date): ProblemText("server.invalid.csv.repeated", ["date": date.description])
        case .noRows: ProblemText("server.invalid.csv.noRows")
        }
    }
}
