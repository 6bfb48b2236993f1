import Foundation

/// The rules of accounts, without I/O: what a username, a workplace's address, a name and a time
/// zone look like, what an invite may promise, and that a workplace keeps a manager. Values are
/// checked before anything touches the database, so a bad one is refused naming its field
/// instead of failing on a constraint.
public enum AccountRules {
    public static let usernameLength = 2...40
    public static let slugLength = 2...63
    /// A member's or a workplace's name.
    public static let nameLength = 1...200
    /// Hours an invite stays valid: up to a month.
    public static let inviteValidityHours = 1...720
    /// People one invite lets in.
    public static let inviteUses = 1...1000

    /// A username as stored: trimmed, lowercased, letters a-z, digits, '.', '_' or '-', starting
    /// with a letter or digit.
    public static func username(_ raw: String, field: AccountRefusal.Field = .username) throws(AccountRefusal) -> String {
        let value = raw.trimmingCharacters(in: .whitespaces).lowercased()
        guard usernameLength.contains(value.count),
              value.unicodeScalars.allSatisfy({ allowedUsername.contains($0) }),
              let first = value.unicodeScalars.first, CharacterSet.alphanumerics.contains(first)
        else { throw .usernameMalformed(field) }
        return value
    }

    /// A workplace's address as stored: trimmed, lowercased, letters a-z, digits or '-', not
    /// starting with '-'.
    public static func slug(_ raw: String, field: AccountRefusal.Field = .slug) throws(AccountRefusal) -> String {
        let value = raw.trimmingCharacters(in: .whitespaces).lowercased()
        guard slugLength.contains(value.count),
              value.unicodeScalars.allSatisfy({ allowedSlug.contains($0) }),
              value.first != "-"
        else { throw .slugMalformed(field) }
        return value
    }

    /// A member's or a workplace's name as stored: trimmed, one line of ``nameLength`` characters.
    public static func name(_ raw: String, field: AccountRefusal.Field = .displayName) throws(AccountRefusal) -> String {
        let value = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard nameLength.contains(value.count) else { throw .nameLength(field) }
        guard !SingleLine.hasControlCharacters(value) else { throw .nameNotOneLine(field) }
        return value
    }

    /// An IANA time zone the system knows ("Europe/Amsterdam", or "UTC").
    public static func timeZone(_ raw: String) throws(AccountRefusal) -> String {
        guard TimeZone.knownTimeZoneIdentifiers.contains(raw) || raw == "UTC", TimeZone(identifier: raw) != nil else {
            throw .timeZoneUnknown(raw)
        }
        return raw
    }

    /// How long deals stay open before a shift: from its start to ``MarketplaceSettings/maximumDealExpiryHours``.
    public static func checkDealExpiry(hours: Int) throws(AccountRefusal) {
        guard (0...MarketplaceSettings.maximumDealExpiryHours).contains(hours) else { throw .dealExpiryOutOfRange }
    }

    /// What an invite promises: valid for ``inviteValidityHours`` hours, for ``inviteUses`` people.
    public static func checkInvite(validForHours hours: Int, maxUses uses: Int) throws(AccountRefusal) {
        guard inviteValidityHours.contains(hours) else { throw .inviteValidityOutOfRange }
        guard inviteUses.contains(uses) else { throw .inviteUsesOutOfRange }
    }

    /// A workplace keeps at least one active manager, or nobody could manage it again.
    public static func checkManagers(activeAfterChange count: Int) throws(AccountRefusal) {
        guard count > 0 else { throw .lastManager }
    }

    private static let allowedUsername = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyz0123456789._-")
    private static let allowedSlug = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyz0123456789-")
}
