import Foundation
import ShiftyNotifications

/// The account fields the server checks itself: an e-mail address (the notifications' rule) and
/// the address a workplace gets from its name. Usernames, addresses and names are the domain's
/// (`AccountRules`).
enum AccountValidation {
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

    /// An address to store: nil for none (absent or blank), else an ``EmailAddress`` or
    /// ``EmailAddressRefused`` naming the field. Spaces around it are dropped; nothing inside it is changed.
    static func email(_ raw: String?, field: String = "email") throws -> String? {
        guard let raw else { return nil }
        let value = raw.trimmingCharacters(in: .whitespaces)
        if value.isEmpty { return nil }
        do {
            return try EmailAddress(value).value
        } catch {
            throw EmailAddressRefused(field: field, refusal: error)
        }
    }

    private static let allowedSlug = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyz0123456789-")
}
