import Foundation

/// Finds English sentences the server's refusals would send to people without the catalogue: the
/// check behind "the domain's and the server's refusal sentences come from the catalogue" (issue 27),
/// the server's half of ``WebTextScanner``.
///
/// It reads Swift as text and looks only inside the constructions that make a refusal, a rule
/// finding or a problem document: `MarketplaceRefusal(…)`, `RuleFinding(…)`, `Problem(…)`,
/// `.invalid(…)`, `.invalidParameter(…)`, `ProblemText(…)` and `text: .init(…)` (arguments over several lines included).
/// A string literal there is either
/// - a catalogue key (`"server.problem.own_shift.detail"`), which must exist (``usedKeys(in:)``);
/// - a placeholder's name or a field's name (`["limit": …]`, `.invalid("date", …)`): one word;
/// - or a sentence — words with a space between them, or ending like a sentence — which is a finding.
///
/// A line with `i18n-exempt` (a comment saying why) is accepted as it is.
struct ServerTextScanner {
    struct Finding: CustomStringConvertible, Equatable {
        var file: String
        var line: Int
        var text: String
        var description: String { "\(file):\(line): a sentence outside the catalogue: \(text)" }
    }

    /// A string literal in Swift source: its text (interpolations kept as written) and line.
    struct Literal: Equatable {
        var text: String
        var line: Int
        /// Written as a dictionary key (`"limit": …`): a placeholder's name.
        var isKey: Bool
    }

    /// Where a refusal's or a problem's words are written.
    nonisolated(unsafe) static let constructions = try! NSRegularExpression(
        pattern: #"(?<![\w.])(?:MarketplaceRefusal|RuleFinding|Problem|ProblemText)\(|\.invalid\(|\.invalidParameter\(|QueryParameters\.invalid\(|\bself\.init\(|\btext:\s*\.init\("#)

    static let exemptMarker = "i18n-exempt"

    static func scan(_ source: String, file: String) -> [Finding] {
        literals(in: source).compactMap { literal in
            guard !literal.isKey, !isCatalogueKey(literal.text), looksLikeASentence(literal.text) else { return nil }
            return Finding(file: file, line: literal.line, text: literal.text)
        }
    }

    /// The literal catalogue keys the constructions name, with their lines; a key built with
    /// `\(…)` is given up to its first interpolation (its fixed prefix).
    static func usedKeys(in source: String) -> [(key: String, line: Int, isPrefix: Bool)] {
        literals(in: source).filter { !$0.isKey && isCatalogueKey($0.text) }.map { literal in
            if let cut = literal.text.range(of: "\\(") {
                return (String(literal.text[..<cut.lowerBound]), literal.line, true)
            }
            return (literal.text, literal.line, false)
        }
    }

    static func isCatalogueKey(_ literal: String) -> Bool {
        literal.hasPrefix("server.")
    }

    /// Words with whitespace between them ("is required", "Member \(id) is …"), or a word ending
    /// like a sentence ("Because."): not a key, a field's or a placeholder's name.
    static func looksLikeASentence(_ literal: String) -> Bool {
        let plain = literal.replacing(/\\\([^)]*\)/, with: "0")
        guard plain.contains(where: \.isLetter) else { return false }
        if plain.contains(/[A-Za-z]{2,}[.!?]$/) { return true }
        if plain.wholeMatch(of: /[A-Za-z][A-Za-z0-9_.\-]*/) != nil { return false }
        return plain.contains(/[A-Za-z]{2,}[^\n]*\s+\S/) || plain.contains(/\s[A-Za-z]{2,}/)
    }

    /// Every string literal inside a construction, outside comments and exempt lines.
    static func literals(in source: String) -> [Literal] {
        let characters = Array(source)
        let lineStarts = lineStartOffsets(characters)
        let exemptLines = Set(source.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .filter { $0.element.contains(exemptMarker) }.map { $0.offset + 1 })
        let code = blankComments(characters)
        let text = String(code)
        var found: [Literal] = []
        var seen: Set<Int> = []
        for match in constructions.matches(in: text, range: NSRange(location: 0, length: (text as NSString).length)) {
            // NSRange counts UTF-16; the construction words are ASCII, so map by re-indexing.
            guard let range = Range(match.range, in: text) else { continue }
            let open = text.distance(from: text.startIndex, to: range.upperBound) - 1
            for (start, literal, isKey) in literalsInArguments(code, openParen: open) where seen.insert(start).inserted {
                let line = line(of: start, lineStarts)
                if exemptLines.contains(line) { continue }
                found.append(Literal(text: literal, line: line, isKey: isKey))
            }
        }
        return found.sorted { $0.line < $1.line }
    }

    static func lineStartOffsets(_ characters: [Character]) -> [Int] {
        var starts = [0]
        for (index, character) in characters.enumerated() where character == "\n" { starts.append(index + 1) }
        return starts
    }

    static func line(of offset: Int, _ starts: [Int]) -> Int {
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }

    /// The source with `//` comments replaced by spaces (string literals left alone), so offsets stay.
    static func blankComments(_ characters: [Character]) -> [Character] {
        var result = characters
        var index = 0
        var inString = false
        while index < characters.count {
            let character = characters[index]
            if inString {
                if character == "\\" { index += 2; continue }
                if character == "\"" || character == "\n" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if character == "/", index + 1 < characters.count, characters[index + 1] == "/" {
                while index < characters.count, characters[index] != "\n" { result[index] = " "; index += 1 }
                continue
            }
            index += 1
        }
        return result
    }

    /// The literals between the parenthesis at `openParen` and its match: (offset, text, is a dictionary key).
    static func literalsInArguments(_ code: [Character], openParen: Int) -> [(Int, String, Bool)] {
        var depth = 0
        var index = openParen
        var result: [(Int, String, Bool)] = []
        while index < code.count {
            let character = code[index]
            if character == "(" || character == "[" {
                depth += 1
            } else if character == ")" || character == "]" {
                depth -= 1
                if depth == 0 { break }
            } else if character == "\"" {
                let start = index
                let (text, end) = readLiteral(code, from: index)
                var after = end
                while after < code.count, code[after] == " " { after += 1 }
                result.append((start, text, after < code.count && code[after] == ":"))
                index = end
                continue
            }
            index += 1
        }
        return result
    }

    /// One `"…"` literal from its opening quote: its text and the offset after its closing quote.
    /// Interpolations `\(…)` are kept in the text, with their own parentheses and quotes skipped.
    static func readLiteral(_ code: [Character], from start: Int) -> (String, Int) {
        var index = start + 1
        var text = ""
        while index < code.count {
            let character = code[index]
            if character == "\\", index + 1 < code.count {
                if code[index + 1] == "(" {
                    var depth = 0
                    var end = index + 1
                    repeat {
                        if code[end] == "(" { depth += 1 } else if code[end] == ")" { depth -= 1 }
                        end += 1
                    } while depth > 0 && end < code.count
                    text += String(code[index..<end])
                    index = end
                    continue
                }
                text.append(character)
                text.append(code[index + 1])
                index += 2
                continue
            }
            if character == "\"" || character == "\n" { return (text, index + 1) }
            text.append(character)
            index += 1
        }
        return (text, index)
    }
}
