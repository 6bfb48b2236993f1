import Foundation

/// Reads the closed-day import format: one `date,name` per line, an optional header line
/// `date,name`, blank lines ignored, names may be double-quoted (with `""` for a quote).
///
/// Every row is checked and every problem kept with its line number, so a manager can fix the
/// whole file at once; ``ClosedDayDecider`` imports nothing when `errors` is not empty.
public struct ClosedDayCSV: Sendable, Hashable {
    /// One row that cannot be imported.
    public struct RowError: Sendable, Hashable, Codable {
        public var line: Int
        public var reason: Reason

        public init(line: Int, reason: Reason) {
            self.line = line
            self.reason = reason
        }
    }

    /// What is wrong with a row.
    public enum Reason: Sendable, Hashable, Codable {
        /// The file goes on after ``ClosedDayCSV/maximumRows`` rows (reading stops there).
        case tooManyRows
        /// No comma: not `date,name`.
        case notDateAndName
        /// The text before the comma is not `YYYY-MM-DD`; carries that text.
        case notADate(String)
        /// The name opens a quote it does not close (or has a lone quote inside one).
        case unterminatedQuote
        /// The name is empty, or longer than ``ClosedDayDecider/maximumNameLength``.
        case nameLength
        /// The name has a control character (``SingleLine``).
        case nameNotOneLine
        /// The date was on an earlier row too.
        case repeated(LocalDate)
        /// Nothing but a header and blank lines.
        case noRows
    }

    public private(set) var days: [ClosedDay] = []
    public private(set) var errors: [RowError] = []

    public static let maximumRows = 1000

    public init(_ text: String) {
        var seen: Set<LocalDate> = []
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        for (index, rawLine) in lines.enumerated() {
            let lineNumber = index + 1
            let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty { continue }
            if index == 0, line.lowercased().replacingOccurrences(of: " ", with: "") == "date,name" { continue }
            guard days.count + errors.count < Self.maximumRows else {
                errors.append(RowError(line: lineNumber, reason: .tooManyRows))
                break
            }
            guard let comma = line.firstIndex(of: ",") else {
                errors.append(RowError(line: lineNumber, reason: .notDateAndName))
                continue
            }
            let dateText = line[..<comma].trimmingCharacters(in: .whitespaces)
            guard let date = LocalDate(dateText) else {
                errors.append(RowError(line: lineNumber, reason: .notADate(dateText)))
                continue
            }
            guard let name = Self.field(line[line.index(after: comma)...]) else {
                errors.append(RowError(line: lineNumber, reason: .unterminatedQuote))
                continue
            }
            guard (1...ClosedDayDecider.maximumNameLength).contains(name.count) else {
                errors.append(RowError(line: lineNumber, reason: .nameLength))
                continue
            }
            guard !SingleLine.hasControlCharacters(name) else {
                errors.append(RowError(line: lineNumber, reason: .nameNotOneLine))
                continue
            }
            guard seen.insert(date).inserted else {
                errors.append(RowError(line: lineNumber, reason: .repeated(date)))
                continue
            }
            days.append(ClosedDay(date: date, name: name))
        }
        if days.isEmpty && errors.isEmpty {
            errors.append(RowError(line: 1, reason: .noRows))
        }
    }

    /// The name field: trimmed, unquoted when quoted; nil for a broken quote.
    static func field(_ raw: Substring) -> String? {
        let trimmed = raw.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("\"") else { return trimmed }
        guard trimmed.count >= 2, trimmed.hasSuffix("\"") else { return nil }
        let inner = String(trimmed.dropFirst().dropLast())
        // Inside quotes a quote must be doubled; a lone one means the field is broken.
        guard !inner.replacingOccurrences(of: "\"\"", with: "").contains("\"") else { return nil }
        return inner.replacingOccurrences(of: "\"\"", with: "\"").trimmingCharacters(in: .whitespaces)
    }
}
