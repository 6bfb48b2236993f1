import Foundation

/// Finds user-visible English in the page's source that does not come from the catalogue: the
/// check behind "no user-visible string in web/ is outside the catalogue" (issue 19).
///
/// It reads JavaScript and HTML as text, line by line, without a parser, and looks only where the
/// page puts words in front of people, so an id, a CSS class or an API path is never mistaken for a
/// sentence:
/// - JavaScript: a string or template literal given as `text:`, `title:`, `placeholder:`, `label:`,
///   `alt:` or `'aria-label':` (the options of ui.js's `el()` and friends), assigned to
///   `textContent`, `innerText`, `title`, `placeholder`, `alt` or `ariaLabel`, set with
///   `setAttribute('aria-label' | 'title' | 'placeholder' | 'alt', …)`, or passed to `confirm`,
///   `alert`, `prompt`, or the page's own `say`, `emptyState`, `viewHeader` — both branches of a
///   `cond ? 'A' : 'B'` count;
/// - HTML: text between tags outside an element marked `data-i18n` (and outside `<code>`, `<script>`
///   and `<style>`), and `aria-label`, `title`, `placeholder`, `alt` attributes that no
///   `data-i18n-attr` on the same element translates.
///
/// A literal "looks like words" when, without its `${…}` parts, it has two letters in a row. A line
/// with `i18n-exempt` (a comment saying why) is accepted as it is.
struct WebTextScanner {
    struct Finding: CustomStringConvertible, Equatable {
        var file: String
        var line: Int
        var text: String
        var description: String { "\(file):\(line): user-visible text outside the catalogue: \(text)" }
    }

    static let exemptMarker = "i18n-exempt"

    // MARK: JavaScript

    /// Places in a line of JavaScript after which a literal is shown to people.
    nonisolated(unsafe) static let javaScriptSinks: [NSRegularExpression] = [
        #"(?<![\w.$-])(?:text|title|placeholder|label|alt|'aria-label'|"aria-label"|ariaLabel)\s*:\s*"#,
        #"\.(?:textContent|innerText|title|placeholder|alt|ariaLabel)\s*=(?!=)\s*"#,
        #"setAttribute\(\s*['"](?:aria-label|title|placeholder|alt)['"]\s*,\s*"#,
        #"(?<![\w.$])(?:window\.)?(?:confirm|alert|prompt|say|emptyState|viewHeader)\(\s*"#,
    ].map { try! NSRegularExpression(pattern: $0) }

    /// The ranges of `pattern` in `line` (NSRegularExpression: Swift's Regex has no lookbehind).
    static func matches(of pattern: NSRegularExpression, in line: String) -> [(whole: Range<String.Index>, groups: [String])] {
        pattern.matches(in: line, range: NSRange(line.startIndex..., in: line)).compactMap { result in
            guard let whole = Range(result.range, in: line) else { return nil }
            let groups = (1..<max(result.numberOfRanges, 1)).map { group in
                Range(result.range(at: group), in: line).map { String(line[$0]) } ?? ""
            }
            return (whole, groups)
        }
    }

    static func scanJavaScript(_ source: String, file: String) -> [Finding] {
        var findings: [Finding] = []
        for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let text = String(line)
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if text.contains(exemptMarker) || trimmed.hasPrefix("//") || trimmed.hasPrefix("*") || trimmed.hasPrefix("/*") { continue }
            for sink in javaScriptSinks {
                for match in matches(of: sink, in: text) {
                    for literal in literals(inExpressionAt: match.whole.upperBound, of: text)
                    where looksLikeWords(literal) && !isCatalogueKey(literal) && !sameInEveryLanguage.contains(literal) {
                        findings.append(Finding(file: file, line: index + 1, text: literal))
                    }
                }
            }
        }
        return unique(findings)
    }

    /// Calls whose arguments are keys, selectors or values to compare, never words for people.
    static let callsWithoutWords: Set<String> = [
        "t", "tn", "includes", "startsWith", "endsWith", "replace", "replaceAll", "split", "join", "get", "has",
        "getItem", "querySelector", "querySelectorAll", "closest", "getElementById", "$", "matches", "test", "padStart",
        "toggle", "contains", "add", "remove", "indexOf", "weekdayName",
    ]

    /// A literal shaped like a catalogue key (`manage.reports.range.7d`) in a table the view passes to
    /// `t()` later: a key, not words (`everyKeyThePageUsesExists` checks the `t('…')` ones exist).
    static func isCatalogueKey(_ literal: String) -> Bool {
        literal.wholeMatch(of: /[a-z][A-Za-z0-9]*(\.[A-Za-z0-9_-]+)+/) != nil
    }

    /// The string and template literals of the expression that starts at `start` and ends at a
    /// `,` `;` `)` `]` `}` of depth zero (or the end of the line), except the arguments of the calls
    /// in `callsWithoutWords` (catalogue keys given to `t(`/`tn(` among them), the operands of
    /// `===`/`!==` (`state === 'online' ? … : …`) and the values of an object literal inside the
    /// expression (`format(d, { month: 'short' })`, `sentence({ code: 'offline' })`).
    static func literals(inExpressionAt start: String.Index, of line: String) -> [String] {
        var found: [String] = []
        var depth = 0
        var brackets: [Character] = []
        var translatedDepths: [Int] = []
        var index = start
        while index < line.endIndex {
            let character = line[index]
            switch character {
            case "'", "\"", "`":
                let (content, end) = readLiteral(line, from: index)
                let before = line[..<index].trimmingCharacters(in: .whitespaces)
                let after = line[end...].trimmingCharacters(in: .whitespaces)
                let compared = before.hasSuffix("==") || before.hasSuffix("!=") || after.hasPrefix("==") || after.hasPrefix("!=")
                let propertyValue = brackets.last == "{" && before.contains(/[\w$'"]\s*:$/)
                if translatedDepths.isEmpty && !compared && !propertyValue { found.append(content) }
                index = end
                continue
            case "(", "[", "{":
                if character == "(" && isCallWithoutWords(line, before: index) { translatedDepths.append(depth) }
                depth += 1
                brackets.append(character)
            case ")", "]", "}":
                if depth == 0 { return found }
                depth -= 1
                brackets.removeLast()
                if character == ")", translatedDepths.last == depth { translatedDepths.removeLast() }
            case ",", ";":
                if depth == 0 { return found }
            case "/" where line[index...].hasPrefix("//"):
                return found
            default:
                break
            }
            index = line.index(after: index)
        }
        return found
    }

    static func isCallWithoutWords(_ line: String, before index: String.Index) -> Bool {
        let head = line[..<index]
        var nameStart = head.endIndex
        while nameStart > head.startIndex {
            let previous = head[head.index(before: nameStart)]
            guard previous.isLetter || previous.isNumber || previous == "_" || previous == "$" else { break }
            nameStart = head.index(before: nameStart)
        }
        return callsWithoutWords.contains(String(head[nameStart...]))
    }

    /// The content of the literal opening at `start` (quotes left out, `${…}` kept) and the index after it.
    static func readLiteral(_ line: String, from start: String.Index) -> (String, String.Index) {
        let quote = line[start]
        var content = ""
        var index = line.index(after: start)
        var interpolation = 0
        while index < line.endIndex {
            let character = line[index]
            if character == "\\" {
                let next = line.index(after: index)
                if next < line.endIndex { content.append(line[next]) }
                index = next < line.endIndex ? line.index(after: next) : next
                continue
            }
            if quote == "`" && line[index...].hasPrefix("${") {
                interpolation += 1
                content += "${"
                index = line.index(index, offsetBy: 2)
                continue
            }
            if quote == "`" && character == "{" && interpolation > 0 { interpolation += 1 }
            if quote == "`" && character == "}" && interpolation > 0 { interpolation -= 1 }
            if character == quote && interpolation == 0 { return (content, line.index(after: index)) }
            content.append(character)
            index = line.index(after: index)
        }
        return (content, index)
    }

    /// Two letters in a row outside `${…}`: words, not punctuation, numbers or a bare placeholder.
    static func looksLikeWords(_ literal: String) -> Bool {
        var outside = ""
        var depth = 0
        var index = literal.startIndex
        while index < literal.endIndex {
            if literal[index...].hasPrefix("${") {
                depth += 1
                index = literal.index(index, offsetBy: 2)
                continue
            }
            if literal[index] == "{" && depth > 0 {
                depth += 1
            } else if literal[index] == "}" && depth > 0 {
                depth -= 1
            } else if depth == 0 {
                outside.append(literal[index])
            }
            index = literal.index(after: index)
        }
        return outside.contains(/\p{L}\p{L}/)
    }

    // MARK: HTML

    static let voidElements: Set<String> = ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr", "path"]
    static let visibleAttributes = ["aria-label", "title", "placeholder", "alt"]
    /// Text that is the same in every language: the product's name.
    static let sameInEveryLanguage: Set<String> = ["Shifty"]

    static func scanHTML(_ source: String, file: String) -> [Finding] {
        struct Open { var name: String; var translated: Bool }
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var lineStarts: [String.Index] = []
        var offset = source.startIndex
        for line in lines {
            lineStarts.append(offset)
            offset = source.index(offset, offsetBy: line.count, limitedBy: source.endIndex) ?? source.endIndex
            if offset < source.endIndex { offset = source.index(after: offset) }
        }
        func lineNumber(_ index: String.Index) -> Int {
            var low = 0, high = lineStarts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if lineStarts[middle] <= index { low = middle } else { high = middle - 1 }
            }
            return low + 1
        }
        func exempt(_ index: String.Index) -> Bool { lines[lineNumber(index) - 1].contains(exemptMarker) }

        var findings: [Finding] = []
        var stack: [Open] = []
        var index = source.startIndex
        let tagName = /^<\/?([A-Za-z][A-Za-z0-9-]*)/
        while index < source.endIndex {
            if source[index...].hasPrefix("<!--") {
                index = source[index...].range(of: "-->")?.upperBound ?? source.endIndex
                continue
            }
            if source[index] == "<" {
                let end = source[index...].firstIndex(of: ">").map { source.index(after: $0) } ?? source.endIndex
                let tag = String(source[index..<end])
                guard let match = tag.firstMatch(of: tagName) else { index = end; continue }
                let name = match.output.1.lowercased()
                if tag.hasPrefix("</") {
                    if let at = stack.lastIndex(where: { $0.name == name }) { stack.removeSubrange(at...) }
                } else if tag.hasPrefix("<!") {
                    // doctype
                } else {
                    let attributeKeys = Set(tag.matches(of: /data-i18n-attr="([^"]*)"/).flatMap { match in
                        match.output.1.split(separator: ";").compactMap { $0.split(separator: ":").first.map { $0.trimmingCharacters(in: .whitespaces) } }
                    })
                    for attribute in visibleAttributes where !attributeKeys.contains(attribute) {
                        for value in matches(of: try! NSRegularExpression(pattern: #"(?<![\w-])\#(attribute)="([^"]*)""#), in: tag) {
                            let text = value.groups[0]
                            if looksLikeWords(text) && !exempt(index) {
                                findings.append(Finding(file: file, line: lineNumber(index), text: "\(attribute)=\"\(text)\""))
                            }
                        }
                    }
                    if name == "script" || name == "style" {
                        index = source[end...].range(of: "</\(name)", options: .caseInsensitive)?.lowerBound ?? source.endIndex
                        continue
                    }
                    let parentTranslated = stack.last?.translated ?? false
                    let translated = parentTranslated || name == "code" || tag.contains(#"data-i18n=""#)
                    if !voidElements.contains(name) && !tag.hasSuffix("/>") { stack.append(Open(name: name, translated: translated)) }
                }
                index = end
                continue
            }
            let next = source[index...].firstIndex(of: "<") ?? source.endIndex
            let text = source[index..<next].trimmingCharacters(in: .whitespacesAndNewlines)
            let translated = stack.last?.translated ?? false
            if !translated && looksLikeWords(text) && !sameInEveryLanguage.contains(text) && !exempt(index) {
                let firstCharacter = source[index..<next].firstIndex(where: { !$0.isWhitespace }) ?? index
                findings.append(Finding(file: file, line: lineNumber(firstCharacter), text: text))
            }
            index = next
        }
        return findings
    }

    // MARK: Keys

    nonisolated(unsafe) static let translationKey = try! NSRegularExpression(pattern: #"(?<![\w.$])tn?\(\s*['"]([^'"$`]+)['"]"#)

    /// Literal keys the page asks the catalogue for: `t('key'`, `tn('key'` in JavaScript, and
    /// `data-i18n="key"` / `data-i18n-attr="attribute:key"` in HTML, with their line numbers.
    static func usedKeys(in source: String, html: Bool) -> [(key: String, line: Int)] {
        var keys: [(String, Int)] = []
        for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if html {
                for match in line.matches(of: /data-i18n="([^"]+)"/) { keys.append((String(match.output.1), index + 1)) }
                for match in line.matches(of: /data-i18n-attr="([^"]+)"/) {
                    for pair in match.output.1.split(separator: ";") {
                        let parts = pair.split(separator: ":")
                        if parts.count == 2 { keys.append((parts[1].trimmingCharacters(in: .whitespaces), index + 1)) }
                    }
                }
            } else {
                for match in matches(of: translationKey, in: String(line)) { keys.append((match.groups[0], index + 1)) }
            }
        }
        return keys
    }

    private static func unique(_ findings: [Finding]) -> [Finding] {
        var seen: [Finding] = []
        for finding in findings where !seen.contains(finding) { seen.append(finding) }
        return seen
    }
}
