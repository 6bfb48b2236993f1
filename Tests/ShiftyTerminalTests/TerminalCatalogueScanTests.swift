import Foundation
import ShiftyLocalization
import Testing

/// "No user-visible string outside the catalogue" for the terminal client: reads the sources of
/// `ShiftyTerminal` and the client commands of `ShiftyCLI` and fails, with file:line, on a string
/// literal that reads like words for a person, and on a `terminal.` key the catalogue lacks.
///
/// The heuristic: a literal (interpolations left out) with two words of letters next to each other,
/// a word next to an interpolation, or a word with a trailing blank ("shift "). Not checked: `///`
/// and `//` comments, `--help` texts (`abstract:`, `discussion:`, `help:`, `ArgumentHelp(` and
/// multi-line `"""` strings, which stay English — docs/i18n.md), and a line with, or right under,
/// `// i18n-exempt: reason` (protocol words such as `Bearer`, the program's name before a message).
@Suite struct TerminalCatalogueScanTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var scannedFiles: [URL] {
        let terminal = self.swiftFiles(under: self.root.appendingPathComponent("Sources/ShiftyTerminal"))
        let commands = self.swiftFiles(under: self.root.appendingPathComponent("Sources/ShiftyCLI/Terminal"))
        return terminal + commands + [self.root.appendingPathComponent("Sources/ShiftyCLI/Shifty.swift")]
    }

    @Test func noUserVisibleLiteralOutsideTheCatalogue() throws {
        let files = Self.scannedFiles
        #expect(files.count > 40, "the scanner found only \(files.count) files: wrong root?")
        var findings: [String] = []
        for file in files {
            let source = try String(contentsOf: file, encoding: .utf8)
            findings += TerminalLiteralScanner.wordyLiterals(in: source).map { "\(Self.relative(file)):\($0.line): \"\($0.text)\"" }
        }
        #expect(findings.isEmpty, "user-visible text outside web/i18n/*/terminal.json (use TerminalLanguage.text, or mark `// i18n-exempt: why`):\n\(findings.joined(separator: "\n"))")
    }

    @Test func everyTerminalKeyInTheSourcesIsInTheEnglishCatalogue() throws {
        let english = try TerminalCatalogueFile.keys(language: .english)
        var missing: [String] = []
        var used = 0
        for file in Self.scannedFiles {
            let source = try String(contentsOf: file, encoding: .utf8)
            for key in TerminalLiteralScanner.catalogueKeys(in: source) {
                used += 1
                let known = key.isPrefix ? english.contains { $0.hasPrefix(key.text) } : english.contains(key.text)
                if !known { missing.append("\(Self.relative(file)):\(key.line): \(key.text)\(key.isPrefix ? "…" : "")") }
            }
        }
        #expect(used > 100, "only \(used) keys found: is the scanner reading the sources?")
        #expect(missing.isEmpty, "keys missing from web/i18n/en/terminal.json:\n\(missing.joined(separator: "\n"))")
    }

    /// The scanner itself: it must catch what it is there to catch, and let the allowed things pass.
    @Test func theScannerFindsWordsAndSkipsTheAllowedPlaces() {
        let source = #"""
            let a = "Nothing is offered right now."
            let b = "shift \(id)"
            let c = "ID"
            /// "A doc comment with words."
            let d = ["application/json", "en_US_POSIX"]
            @Option(help: "How many weeks ahead.") var weeks: Int?
            let e = "Bearer \(token)"  // i18n-exempt: HTTP auth scheme
            let f = TerminalLanguage.text("terminal.market.empty")
            let g = "\(x ? "" : "s") more to come"
            """#
        let findings = TerminalLiteralScanner.wordyLiterals(in: source)
        #expect(findings.map(\.line) == [1, 2, 9], "\(findings)")
        let keys = TerminalLiteralScanner.catalogueKeys(in: source + "\nlet h = \"terminal.column.\" + name\n")
        #expect(keys.map(\.text) == ["terminal.market.empty", "terminal.column."])
        #expect(keys.map(\.isPrefix) == [false, true])
    }

    static func swiftFiles(under directory: URL) -> [URL] {
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        return (enumerator?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
    }

    static func relative(_ file: URL) -> String {
        String(file.path.dropFirst(self.root.path.count + 1))
    }
}

/// Finds string literals in Swift source lines (single-line literals, interpolations followed into).
enum TerminalLiteralScanner {
    struct Finding: CustomStringConvertible {
        var line: Int
        var text: String
        var description: String { "\(line): \(text)" }
    }

    struct Key {
        var line: Int
        var text: String
        /// Built further at run time (`"terminal.column." + name`, `"terminal.deal.\(state)"`).
        var isPrefix: Bool
    }

    /// Marks where an interpolation was in a literal's text.
    static let hole: Character = "\u{0}"

    static func wordyLiterals(in source: String) -> [Finding] {
        var findings: [Finding] = []
        self.eachCheckedLine(of: source) { number, line in
            for text in self.literals(in: line) where !text.hasPrefix("terminal.") && self.readsLikeWords(text) {
                findings.append(Finding(line: number, text: text.replacingOccurrences(of: String(self.hole), with: "\\(…)")))
            }
        }
        return findings
    }

    static func catalogueKeys(in source: String) -> [Key] {
        var keys: [Key] = []
        for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            for text in self.literals(in: String(line)) where text.hasPrefix("terminal.") {
                let head = text.split(separator: self.hole, maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? text
                keys.append(Key(line: index + 1, text: head, isPrefix: head != text || head.hasSuffix(".")))
            }
        }
        return keys
    }

    /// Calls `body` for each line that is neither a comment, help text, a multi-line string, nor exempt.
    static func eachCheckedLine(of source: String, _ body: (Int, String) -> Void) {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var inMultiline = false
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            let quotes = line.components(separatedBy: "\"\"\"").count - 1
            if quotes > 0 {
                if quotes % 2 == 1 { inMultiline.toggle() }
                continue
            }
            if inMultiline || trimmed.hasPrefix("//") { continue }
            if line.contains("i18n-exempt") || (index > 0 && lines[index - 1].contains("i18n-exempt")) { continue }
            if ["abstract:", "discussion:", "help:", "ArgumentHelp("].contains(where: { line.contains($0) }) { continue }
            body(index + 1, line)
        }
    }

    /// Two words side by side, a word beside an interpolation, or a word with a blank at an end.
    static func readsLikeWords(_ text: String) -> Bool {
        enum Token: Equatable { case word, hole, blank, other }
        var tokens: [Token] = []
        var letters = 0
        func endWord() {
            if letters >= 2 { tokens.append(.word) } else if letters == 1 { tokens.append(.other) }
            letters = 0
        }
        for character in text {
            if character.isLetter, character.isASCII {
                letters += 1
                continue
            }
            endWord()
            let token: Token = character == self.hole ? .hole : (character == " " ? .blank : .other)
            if token == .blank, tokens.last == .blank { continue }
            tokens.append(token)
        }
        endWord()
        for (index, token) in tokens.enumerated() where token == .blank {
            let before = index > 0 ? tokens[index - 1] : nil
            let after = index + 1 < tokens.count ? tokens[index + 1] : nil
            if before == .word, after == .word || after == .hole || after == nil { return true }
            if after == .word, before == .hole || before == nil { return true }
        }
        return false
    }

    /// The text of each string literal on one line, interpolations replaced by ``hole`` (literals
    /// inside an interpolation are returned too). A `//` comment outside a literal ends the line.
    static func literals(in line: String) -> [String] {
        let characters = Array(line)
        var found: [String] = []
        var index = 0

        func readString() -> String {
            // characters[index] is the opening quote.
            index += 1
            var text = ""
            while index < characters.count {
                let character = characters[index]
                if character == "\\", index + 1 < characters.count, characters[index + 1] == "(" {
                    index += 2
                    var depth = 1
                    while index < characters.count, depth > 0 {
                        if characters[index] == "\"" {
                            found.append(readString())
                            continue
                        }
                        if characters[index] == "(" { depth += 1 }
                        if characters[index] == ")" { depth -= 1 }
                        index += 1
                    }
                    text.append(self.hole)
                    continue
                }
                if character == "\\" {
                    text.append(character)
                    if index + 1 < characters.count { text.append(characters[index + 1]) }
                    index += 2
                    continue
                }
                index += 1
                if character == "\"" { return text }
                text.append(character)
            }
            return text
        }

        while index < characters.count {
            if characters[index] == "/", index + 1 < characters.count, characters[index + 1] == "/" { break }
            if characters[index] == "\"" {
                found.append(readString())
                continue
            }
            index += 1
        }
        return found
    }
}
