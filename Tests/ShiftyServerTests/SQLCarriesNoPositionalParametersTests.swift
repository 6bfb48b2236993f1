import Foundation
import ShiftyTestSupport
import Testing

/// Statements bind their values where they are written (`PostgresQuery` interpolation:
/// `"... WHERE id = \(id)"`), so nobody counts `$n` against a list and a value cannot land in the
/// wrong place. The positional overloads are internal to ShiftyPostgres; this keeps `$1`-style
/// placeholders out of the text of every other module too (a statement assembled by hand and
/// passed to `PostgresQuery(sql:parameters:)`).
@Suite struct SQLCarriesNoPositionalParametersTests {
    /// Where `$1`, `$2`… (or a `$` followed by an interpolated number) stand inside a string literal
    /// of `source`: the 1-based lines. Code outside strings (a closure's `$0`/`$1`), comments and code
    /// inside an interpolation are not strings.
    static func positionalPlaceholderLines(in source: String) -> [Int] {
        enum Context {
            case code(parentheses: Int)
            case string(multiline: Bool, hashes: Int)
        }
        let bytes = Array(source.utf8)
        var stack: [Context] = [.code(parentheses: 0)]
        var lines = Set<Int>()
        var line = 1
        var index = 0
        func at(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }
        func starts(_ text: String, _ offset: Int = 0) -> Bool {
            let pattern = Array(text.utf8)
            guard index + offset + pattern.count <= bytes.count else { return false }
            return Array(bytes[(index + offset)..<(index + offset + pattern.count)]) == pattern
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") { line += 1 }
            switch stack[stack.count - 1] {
            case .code(let parentheses):
                if starts("//") {
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                    continue
                }
                if starts("/*") {
                    index += 2
                    while index < bytes.count, !starts("*/") {
                        if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                        index += 1
                    }
                    index += 2
                    continue
                }
                var hashes = 0
                while at(hashes) == UInt8(ascii: "#") { hashes += 1 }
                if at(hashes) == UInt8(ascii: "\"") {
                    let multiline = starts("\"\"\"", hashes)
                    stack.append(.string(multiline: multiline, hashes: hashes))
                    index += hashes + (multiline ? 3 : 1)
                    continue
                }
                if byte == UInt8(ascii: "(") {
                    stack[stack.count - 1] = .code(parentheses: parentheses + 1)
                } else if byte == UInt8(ascii: ")") {
                    if parentheses == 0, stack.count > 1 {
                        stack.removeLast()  // the end of an interpolation
                    } else {
                        stack[stack.count - 1] = .code(parentheses: parentheses - 1)
                    }
                }
                index += 1
            case .string(let multiline, let hashes):
                let escape = "\\" + String(repeating: "#", count: hashes)
                if starts(escape) {
                    if at(escape.utf8.count) == UInt8(ascii: "(") {
                        stack.append(.code(parentheses: 0))
                        index += escape.utf8.count + 1
                    } else {
                        if at(escape.utf8.count) == UInt8(ascii: "\n") { line += 1 }  // a line continuation
                        index += escape.utf8.count + 1
                    }
                    continue
                }
                let close = (multiline ? "\"\"\"" : "\"") + String(repeating: "#", count: hashes)
                if starts(close) {
                    stack.removeLast()
                    index += close.utf8.count
                    continue
                }
                if byte == UInt8(ascii: "$"), let next = at(1),
                   (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(next) || (next == UInt8(ascii: "\\") && at(2) == UInt8(ascii: "(")) {
                    lines.insert(line)
                }
                index += 1
            }
        }
        return lines.sorted()
    }

    @Test func noStatementOutsideThePostgresLayerNumbersItsParameters() throws {
        let sources = TestServer.repositoryRoot.appendingPathComponent("Sources")
        let enumerator = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var files = 0
        var found: [String] = []
        for case let file as URL in enumerator where file.pathExtension == "swift" {
            let relative = String(file.path.dropFirst(sources.path.count + 1))
            guard !relative.hasPrefix("ShiftyPostgres/") else { continue }
            files += 1
            let text = try String(contentsOf: file, encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            for number in Self.positionalPlaceholderLines(in: text) {
                found.append("\(relative):\(number): \(lines[number - 1].trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(files > 300, "the sources were found")
        #expect(found.isEmpty, "positional placeholders; interpolate the values instead (\\(id), \\(bind: text)):\n\(found.joined(separator: "\n"))")
    }

    /// The check sees what it is for, and not a closure's arguments or a comment.
    @Test func theCheckSeesAPlaceholderInAStringOnly() {
        #expect(Self.positionalPlaceholderLines(in: #"try connection.query("SELECT 1 WHERE id = $1", [id])"#) == [1])
        #expect(Self.positionalPlaceholderLines(in: "let sql = \"\"\"\n    SELECT 1\n    WHERE id = $2\n    \"\"\"\n") == [3])
        #expect(Self.positionalPlaceholderLines(in: #"let condition = "($\(first)::bigint IS NULL)""#) == [1])
        #expect(Self.positionalPlaceholderLines(in: #"let label = "\(items.sorted { $0 < $1 }.count) items""#).isEmpty)
        #expect(Self.positionalPlaceholderLines(in: "let sorted = items.sorted { $0.id < $1.id } // not \"$1\"\n").isEmpty)
        #expect(Self.positionalPlaceholderLines(in: #"try connection.query("SELECT 1 WHERE id = \(id) AND note = \(bind: note)")"#).isEmpty)
    }
}
