/// The texts of one language: look a key up, fill in its `{placeholders}`, pick its plural form.
///
/// A key missing from the language falls back to English and then to the key itself, so a missing
/// translation shows up as English (or as the key) instead of an empty string or a crash; the
/// catalogue check in `make test` makes sure neither happens in a release.
public struct Catalogue: Sendable {
    public let language: LanguageCode
    let entries: [String: CatalogueEntry]
    let fallback: [String: CatalogueEntry]

    /// The catalogue of `language` from the embedded files.
    public static func of(_ language: LanguageCode) -> Catalogue {
        CatalogueLibrary.shared.catalogue(for: language)
    }

    /// The sentence for `key` with `{name}` replaced by `arguments["name"]`.
    public func text(_ key: String, _ arguments: [String: String] = [:]) -> String {
        switch entry(key) {
        case .text(let template)?: return Self.fill(template, arguments)
        case .plural(let forms)?: return Self.fill(forms[.other] ?? key, arguments)
        case nil: return key
        }
    }

    /// The plural form of `key` for `count`; `{count}` is filled in with the number.
    public func plural(_ key: String, count: Int, _ arguments: [String: String] = [:]) -> String {
        var arguments = arguments
        arguments["count"] = arguments["count"] ?? String(count)
        switch entry(key) {
        case .plural(let forms)?:
            let category = PluralCategory.category(of: count, in: language)
            return Self.fill(forms[category] ?? forms[.other] ?? key, arguments)
        case .text(let template)?: return Self.fill(template, arguments)
        case nil: return key
        }
    }

    /// Whether the language itself (not the English fallback) has `key`.
    public func has(_ key: String) -> Bool { entries[key] != nil }

    func entry(_ key: String) -> CatalogueEntry? { entries[key] ?? fallback[key] }

    static func fill(_ template: String, _ arguments: [String: String]) -> String {
        guard !arguments.isEmpty, template.contains("{") else { return template }
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let afterOpen = rest.index(after: open)
            if let close = rest[afterOpen...].firstIndex(of: "}"), let value = arguments[String(rest[afterOpen..<close])] {
                result += value
                rest = rest[rest.index(after: close)...]
            } else {
                result.append("{")
                rest = rest[afterOpen...]
            }
        }
        return result + rest
    }
}
