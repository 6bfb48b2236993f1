import Foundation
import ShiftyDomain
import ShiftyServerCore

/// Parses the closed-day import format: one `date,name` per line, an optional header line
/// `date,name`, blank lines ignored, names may be double-quoted (with `""` for a quote).
///
/// Every row is checked and every problem reported with its line number, so a manager can fix
/// the whole file at once; the caller imports nothing when `errors` is not empty.
struct ClosedDayCSV: Sendable {
    struct RowError: Sendable, Equatable, Encodable {
        var line: Int
        var detail: String
    }

    var days: [(date: LocalDate, name: String)] = []
    var errors: [RowError] = []

    static let maximumRows = 1000

    init(_ text: String) {
        var seen: Set<LocalDate> = []
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        for (index, rawLine) in lines.enumerated() {
            let lineNumber = index + 1
            let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty { continue }
            if index == 0, line.lowercased().replacingOccurrences(of: " ", with: "") == "date,name" { continue }
            guard days.count + errors.count < Self.maximumRows else {
                errors.append(RowError(line: lineNumber, detail: "more than \(Self.maximumRows) rows"))
                break
            }
            guard let comma = line.firstIndex(of: ",") else {
                errors.append(RowError(line: lineNumber, detail: "expected 'date,name'"))
                continue
            }
            let dateText = line[..<comma].trimmingCharacters(in: .whitespaces)
            guard let date = LocalDate(dateText) else {
                errors.append(RowError(line: lineNumber, detail: "'\(dateText.prefix(40))' is not a date (YYYY-MM-DD)"))
                continue
            }
            guard let name = Self.field(line[line.index(after: comma)...]) else {
                errors.append(RowError(line: lineNumber, detail: "the name has an unterminated quote"))
                continue
            }
            guard (1...200).contains(name.count) else {
                errors.append(RowError(line: lineNumber, detail: "the name must be 1 to 200 characters"))
                continue
            }
            guard !SingleLineText.hasControlCharacters(name) else {
                errors.append(RowError(line: lineNumber, detail: "the name \(SingleLineText.detail)"))
                continue
            }
            guard seen.insert(date).inserted else {
                errors.append(RowError(line: lineNumber, detail: "\(date) appears twice"))
                continue
            }
            days.append((date, name))
        }
        if days.isEmpty && errors.isEmpty {
            errors.append(RowError(line: 1, detail: "the file has no rows"))
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
        let unescaped = inner.replacingOccurrences(of: "\"\"", with: "\"").trimmingCharacters(in: .whitespaces)
        return unescaped
    }
}
