import Foundation
import ShiftyAPI
import ShiftyLocalization

/// The language the terminal client speaks in this process: `--lang`, else the POSIX locale
/// (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`), else English.
///
/// One `shifty` process runs one command for one person, so the language is chosen once at start-up
/// (``choose(arguments:environment:)``) and read everywhere text is made; the renderers also take an
/// explicit language so tests can ask for Dutch without touching the process's choice.
public enum TerminalLanguage {
    private static let chosen = Locked<LanguageCode>(.english)

    /// The language of this process's output (English until ``choose(arguments:environment:)`` runs).
    public static var current: LanguageCode {
        get { chosen.withLock { $0 } }
        set { chosen.withLock { $0 = newValue } }
    }

    /// Picks the language from a command line's `--lang CODE` / `--lang=CODE`, else from the locale
    /// variables, and makes it ``current``. An unknown `--lang` code is left to the argument parser,
    /// which refuses it with the usage text.
    @discardableResult
    public static func choose(arguments: [String], environment: [String: String]) -> LanguageCode {
        let language = self.resolve(arguments: arguments, environment: environment)
        self.current = language
        return language
    }

    /// The language a command line and environment ask for, without making it ``current``.
    public static func resolve(arguments: [String], environment: [String: String]) -> LanguageCode {
        self.requested(in: arguments).flatMap { LanguageCode(matching: $0) }
            ?? LanguageNegotiation.fromEnvironment(environment)
            ?? .english
    }

    /// The value of the first `--lang` option, if any (options after `--` are arguments, not options).
    static func requested(in arguments: [String]) -> String? {
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            if argument == "--" { return nil }
            if argument == "--lang" { return iterator.next() }
            if argument.hasPrefix("--lang=") { return String(argument.dropFirst("--lang=".count)) }
        }
        return nil
    }

    /// The catalogue of `language` (default: ``current``).
    public static func catalogue(_ language: LanguageCode? = nil) -> Catalogue {
        Catalogue.of(language ?? self.current)
    }

    /// The sentence for a `terminal.*` key in the current language.
    public static func text(_ key: String, _ arguments: [String: String] = [:]) -> String {
        self.catalogue().text(key, arguments)
    }

    /// The plural form of a `terminal.*` key for `count` in the current language.
    public static func plural(_ key: String, count: Int, _ arguments: [String: String] = [:]) -> String {
        self.catalogue().plural(key, count: count, arguments)
    }

    /// The word for a server value such as a deal state (`pending_approval`) from
    /// `terminal.<group>.<value>`; a value this client has no word for (a newer server) is shown as
    /// the value with spaces for underscores.
    public static func word(_ group: String, _ value: String, language: LanguageCode? = nil) -> String {
        let key = "terminal.\(group).\(value)"
        let catalogue = self.catalogue(language)
        guard catalogue.has(key) || Catalogue.of(.english).has(key) else { return value.split(separator: "_").joined(separator: " ") }
        return catalogue.text(key)
    }

    /// The word for one of the API's words (``APIWord``: a shift status, a deal state, a role…),
    /// from `terminal.<group>.<word>`; a newer server's word is shown as written.
    public static func word(_ group: String, _ value: some APIWord, language: LanguageCode? = nil) -> String {
        self.word(group, value.rawValue, language: language)
    }

    /// Dates, weekdays, numbers and durations in `language` (default: ``current``). Shift dates are
    /// calendar dates already in the workplace's zone, so `timeZone` only matters for instants.
    public static func formatter(_ language: LanguageCode? = nil, timeZone: TimeZone = .current) -> LocalFormatter {
        LocalFormatter(language: language ?? self.current, timeZone: timeZone)
    }
}
