import Foundation
import ShiftyNotifications
import ShiftyServerCore

/// Input rules for account fields, checked before anything touches the database so that
/// a bad value gets a 422 naming the field instead of a constraint violation.
enum AccountValidation {
    static func username(_ raw: String, field: String = "username") throws -> String {
        let value = raw.trimmingCharacters(in: .whitespaces).lowercased()
        guard (2...40).contains(value.count),
              value.unicodeScalars.allSatisfy({ allowedUsername.contains($0) }),
              let first = value.unicodeScalars.first, CharacterSet.alphanumerics.contains(first)
        else {
            throw Problem.invalid(field, "use 2 to 40 characters: letters a-z, digits, '.', '_' or '-', starting with a letter or digit")
        }
        return value
    }

    static func slug(_ raw: String, field: String = "slug") throws -> String {
        let value = raw.trimmingCharacters(in: .whitespaces).lowercased()
        guard (2...63).contains(value.count),
              value.unicodeScalars.allSatisfy({ allowedSlug.contains($0) }),
              value.first != "-"
        else {
            throw Problem.invalid(field, "use 2 to 63 characters: letters a-z, digits or '-'")
        }
        return value
    }

    /// A slug derived from a workplace name ("Café de Zon" -> "cafe-de-zon").
    static func slug(fromName name: String) -> String {
        let folded = name.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).lowercased()
        var result = ""
        for scalar in folded.unicodeScalars {
            if allowedSlug.contains(scalar) && scalar != "-" {
                result.unicodeScalars.append(scalar)
            } else if !result.hasSuffix("-") && !result.isEmpty {
                result += "-"
            }
        }
        result = String(result.prefix(50))
        while result.hasSuffix("-") { result.removeLast() }
        // Names without usable letters ("X", "☕") still get a valid, unique-enough address.
        if result.count < 2 {
            result = (result.isEmpty ? "workplace" : "workplace-\(result)") + "-" + String(Int.random(in: 1000...9999))
        }
        return result
    }

    /// A member's or a workplace's name: one line of 1 to 200 characters.
    static func displayName(_ raw: String, field: String = "displayName") throws -> String {
        let value = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...200).contains(value.count) else { throw Problem.invalid(field, "must be 1 to 200 characters") }
        try SingleLineText.check(value, field: field)
        return value
    }

    /// An address to store: nil for none (absent or blank), else an ``EmailAddress`` or a 422
    /// naming the field. Spaces around it are dropped; nothing inside it is changed.
    static func email(_ raw: String?, field: String = "email") throws -> String? {
        guard let raw else { return nil }
        let value = raw.trimmingCharacters(in: .whitespaces)
        if value.isEmpty { return nil }
        do {
            return try EmailAddress(value).value
        } catch {
            throw Problem.invalid(field, error.description)
        }
    }

    static func timeZone(_ raw: String) throws -> String {
        guard TimeZone.knownTimeZoneIdentifiers.contains(raw) || raw == "UTC", TimeZone(identifier: raw) != nil else {
            throw Problem.invalid("timeZone", "'\(raw)' is not an IANA time zone such as Europe/Amsterdam")
        }
        return raw
    }

    private static let allowedUsername = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyz0123456789._-")
    private static let allowedSlug = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyz0123456789-")
}
