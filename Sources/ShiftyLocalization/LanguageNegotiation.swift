import Foundation

/// Which language to speak to someone who has not chosen one (yet).
///
/// The server reads the browser's `Accept-Language` before login; the terminal client reads the
/// POSIX locale variables. Both only ever pick a language with a catalogue.
public enum LanguageNegotiation {
    /// The best available language of an `Accept-Language` header (`nl-NL,nl;q=0.9,en;q=0.8`):
    /// highest quality first, ties in the header's order, `q=0` never, `*` ignored.
    public static func fromAcceptLanguage(_ header: String?) -> LanguageCode? {
        guard let header, !header.isEmpty else { return nil }
        var candidates: [(tag: String, quality: Double, order: Int)] = []
        for (order, part) in header.split(separator: ",").prefix(32).enumerated() {
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = pieces.first, !tag.isEmpty, tag != "*" else { continue }
            var quality = 1.0
            for parameter in pieces.dropFirst() where parameter.lowercased().hasPrefix("q=") {
                quality = Double(parameter.dropFirst(2)) ?? 0
            }
            if quality > 0 { candidates.append((tag, quality, order)) }
        }
        candidates.sort { $0.quality != $1.quality ? $0.quality > $1.quality : $0.order < $1.order }
        return candidates.lazy.compactMap { LanguageCode(matching: $0.tag) }.first
    }

    /// The language of the POSIX locale: `LC_ALL`, then `LC_MESSAGES`, then `LANG`, and `LANGUAGE`'s
    /// colon-separated list first where it is set (as gettext does). `C`/`POSIX` mean no preference.
    public static func fromEnvironment(_ environment: [String: String]) -> LanguageCode? {
        if let list = environment["LANGUAGE"], !list.isEmpty, isSet(environment["LC_ALL"] ?? environment["LC_MESSAGES"] ?? environment["LANG"]) {
            for tag in list.split(separator: ":") {
                if let language = LanguageCode(matching: String(tag)) { return language }
            }
        }
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            guard isSet(value) else { return nil }
            return LanguageCode(matching: value)
        }
        return nil
    }

    private static func isSet(_ value: String?) -> Bool {
        guard let value, !value.isEmpty else { return false }
        let base = value.split(separator: ".").first.map(String.init) ?? value
        return base != "C" && base != "POSIX"
    }
}
