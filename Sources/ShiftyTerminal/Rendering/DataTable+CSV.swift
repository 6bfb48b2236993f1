import Foundation

extension DataTable {
    /// RFC 4180 CSV: header line first, CRLF line ends, a field quoted when it holds a comma, quote,
    /// CR or LF (quotes doubled). Cells that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`
    /// first, with text after) get a leading `'`, so a coworker's display name cannot inject one.
    public func csv() -> String {
        ([self.header] + self.rows).map { row in row.map(Self.csvField).joined(separator: ",") + "\r\n" }.joined()
    }

    static func csvField(_ cell: String) -> String {
        var text = cell
        if let first = text.first, "=+-@".contains(first), text.count > 1, Double(text) == nil {
            text = "'" + text
        }
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
