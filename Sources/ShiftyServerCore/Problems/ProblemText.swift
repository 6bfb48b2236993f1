import Foundation
import ShiftyLocalization

/// A problem's `detail` as a catalogue key and its values, written in a language only at the edge.
///
/// Keys live in `web/i18n/<language>/server.json` as `server.problem.<code>.<what>`; values are
/// language-free (names, numbers, dates already in ISO form), so the same problem reads right in
/// every language. A few values are words or numbers the reader's language spells (a weekday, a
/// decimal number), a whole sentence of their own (``sentences``), or a member of the caller's
/// workplace the edge names by their display name (``members``).
public struct ProblemText: Sendable, Equatable {
    public var key: String
    public var arguments: [String: String]
    /// Placeholders naming a member of the caller's workplace, by user id, until the edge fills in
    /// their display names (``naming(_:)``). A member still unnamed when the text is written makes
    /// it the ``unnamedKey`` sentence, which names nobody: never "member 12".
    public var members: [String: Int64]
    /// The sentence without the member, for when a member could not be named.
    public var unnamedKey: String?
    /// Placeholders holding a weekday (1 = Monday … 7 = Sunday), written in the reader's language.
    public var weekdays: [String: Int]
    /// Placeholders holding a number the reader's language writes ("7.5" / "7,5").
    public var numbers: [String: Double]
    /// Placeholders holding a whole sentence of its own (a rule's sentence inside the one that says
    /// which week of a fixed shift it is about).
    public var sentences: [String: ProblemText]

    public init(
        _ key: String, _ arguments: [String: String] = [:], members: [String: Int64] = [:], unnamedKey: String? = nil,
        weekdays: [String: Int] = [:], numbers: [String: Double] = [:], sentences: [String: ProblemText] = [:]
    ) {
        self.key = key
        self.arguments = arguments
        self.members = members
        self.unnamedKey = unnamedKey
        self.weekdays = weekdays
        self.numbers = numbers
        self.sentences = sentences
    }

    /// The sentence in `language` (English where the language lacks the key).
    public func written(in language: LanguageCode) -> String {
        var key = self.key
        var values = arguments
        if !members.isEmpty {
            // Nobody is named by a number: the sentence that names nobody, else a neutral word.
            if let unnamedKey, Catalogue.of(.english).has(unnamedKey) {
                key = unnamedKey
            } else {
                for placeholder in members.keys { values[placeholder] = Catalogue.of(language).text("server.problem.someone") }
            }
        }
        if !weekdays.isEmpty || !numbers.isEmpty {
            let formatter = LocalFormatter(language: language, timeZone: TimeZone(identifier: "UTC")!)
            for (placeholder, weekday) in weekdays { values[placeholder] = formatter.weekday(weekday) }
            for (placeholder, number) in numbers { values[placeholder] = formatter.number(number, fractionDigits: 1) }
        }
        for (placeholder, sentence) in sentences { values[placeholder] = sentence.written(in: language) }
        return Catalogue.of(language).text(key, values)
    }

    /// Every member the text (and its inner sentences) still has to name.
    public var memberIDs: Set<Int64> {
        sentences.values.reduce(into: Set(members.values)) { $0.formUnion($1.memberIDs) }
    }

    /// The text with the members `names` knows written by their display names; the others stay
    /// unnamed (and so make their sentence the one that names nobody).
    public func naming(_ names: [Int64: String]) -> ProblemText {
        var named = self
        for (placeholder, id) in members {
            guard let name = names[id] else { continue }
            named.arguments[placeholder] = name
            named.members[placeholder] = nil
        }
        named.sentences = sentences.mapValues { $0.naming(names) }
        return named
    }
}
