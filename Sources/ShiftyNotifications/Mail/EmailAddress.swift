import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ShiftyServerCore

/// An e-mail address Shifty will store and mail: an RFC 5321 `Mailbox`, the form an address takes
/// in the SMTP envelope (`RCPT TO:<…>`), so that nothing a member types can end a command line
/// and start another (SMTP command injection).
///
/// The one rule, used at every route that takes an address (``AccountValidation/email(_:field:)``)
/// and again by the mail layer before a message is handed to the SMTP server (addresses stored
/// before the rule existed are never mailed when they fail it):
/// - local part: a dot-atom (`anna.de-vries+shifty`) or a quoted string (`"anna de vries"`),
///   printable ASCII only, at most 64 octets;
/// - domain: dot-separated labels of letters, digits and inner hyphens (at most 63 octets each,
///   255 in all), or an address literal (`[192.0.2.1]`, `[IPv6:2001:db8::1]`);
/// - at most 254 octets in all (the 256-octet path minus its angle brackets);
/// - never a control character, never a space outside the quotes, never `<`, `>`, `,` or `;`
///   outside them.
///
/// Internationalised addresses (RFC 6531) are not taken: the mail path does not negotiate
/// SMTPUTF8. A domain with non-ASCII letters can be given in its `xn--` form.
package struct EmailAddress: Sendable, Hashable, CustomStringConvertible {
    /// The address as it goes into the envelope and is stored.
    package let value: String

    static let maximumLength = 254
    static let maximumLocalPartLength = 64
    static let maximumDomainLength = 255
    static let maximumLabelLength = 63

    /// Why a text is not an address, in words for a problem document or a log line.
    package enum Refusal: Error, Equatable, CustomStringConvertible {
        case controlCharacter
        case tooLong
        case noAt
        case localPart
        case localPartTooLong
        case domain
        case domainTooLong

        package var description: String {
            switch self {
            case .controlCharacter: "must not contain control characters or line breaks"
            case .tooLong: "must be at most \(EmailAddress.maximumLength) characters"
            case .noAt: "is not an email address (name@example.com)"
            case .localPart: "has a part before the @ that is not allowed in an email address"
            case .localPartTooLong: "must have at most \(EmailAddress.maximumLocalPartLength) characters before the @"
            case .domain: "has a domain after the @ that is not a valid host name"
            case .domainTooLong: "must have at most \(EmailAddress.maximumDomainLength) characters after the @"
            }
        }
    }

    /// Checks `text` exactly as given (callers trim spaces first if they want to).
    package init(_ text: String) throws(Refusal) {
        if Self.containsControlCharacter(text) { throw .controlCharacter }
        let octets = Array(text.utf8)
        // Without control characters, anything outside printable ASCII is a non-ASCII letter.
        guard octets.allSatisfy({ $0 < 0x80 }) else { throw Self.nonASCIIRefusal(text) }
        guard octets.count <= Self.maximumLength else { throw .tooLong }
        guard let at = Self.separatingAt(octets) else { throw .noAt }
        let local = Array(octets[..<at])
        let domain = Array(octets[(at + 1)...])
        guard !local.isEmpty, Self.isDotString(local) || Self.isQuotedString(local) else { throw .localPart }
        guard local.count <= Self.maximumLocalPartLength else { throw .localPartTooLong }
        guard !domain.isEmpty else { throw .domain }
        guard domain.count <= Self.maximumDomainLength else { throw .domainTooLong }
        guard Self.isDomain(domain) || Self.isAddressLiteral(domain) else { throw .domain }
        value = text
    }

    /// nil when `text` is not an address (for places that only need a yes or no).
    package init?(checking text: String) {
        guard let address = try? EmailAddress(text) else { return nil }
        self = address
    }

    package var description: String { value }

    /// CR or LF in an SMTP command or a header line would start a new one (``SingleLineText``).
    static func containsControlCharacter(_ text: String) -> Bool {
        SingleLineText.hasControlCharacters(text)
    }

    /// Non-ASCII letters: where they are decides which part the member has to fix.
    private static func nonASCIIRefusal(_ text: String) -> Refusal {
        guard let at = text.lastIndex(of: "@") else { return .noAt }
        return text[..<at].unicodeScalars.allSatisfy(\.isASCII) ? .domain : .localPart
    }

    /// The `@` between local part and domain: the last one, since only a quoted local part may
    /// hold one of its own and a domain never does.
    private static func separatingAt(_ octets: [UInt8]) -> Int? {
        octets.lastIndex(of: UInt8(ascii: "@"))
    }

    /// RFC 5321 `atext`: letters, digits and ``!#$%&'*+-/=?^_`{|}~``.
    private static let atextSymbols = Set("!#$%&'*+-/=?^_`{|}~".utf8)

    private static func isAtext(_ octet: UInt8) -> Bool {
        isLetterOrDigit(octet) || atextSymbols.contains(octet)
    }

    private static func isLetterOrDigit(_ octet: UInt8) -> Bool {
        (0x30...0x39).contains(octet) || (0x41...0x5A).contains(octet) || (0x61...0x7A).contains(octet)
    }

    /// `Dot-string = Atom *("." Atom)`: no leading, trailing or doubled dot.
    private static func isDotString(_ octets: [UInt8]) -> Bool {
        let atoms = octets.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return atoms.allSatisfy { !$0.isEmpty && $0.allSatisfy(isAtext) }
    }

    /// `Quoted-string = DQUOTE *QcontentSMTP DQUOTE`: printable ASCII and spaces, with `"` and
    /// `\` only as a backslash pair.
    private static func isQuotedString(_ octets: [UInt8]) -> Bool {
        guard octets.count >= 2, octets.first == UInt8(ascii: "\""), octets.last == UInt8(ascii: "\"") else { return false }
        var index = 1
        while index < octets.count - 1 {
            let octet = octets[index]
            if octet == UInt8(ascii: "\\") {
                guard index + 1 < octets.count - 1 else { return false }
                index += 2
                continue
            }
            guard octet != UInt8(ascii: "\""), (0x20...0x7E).contains(octet) else { return false }
            index += 1
        }
        return true
    }

    /// `Domain = sub-domain *("." sub-domain)`, each `Let-dig [Ldh-str]` of at most 63 octets.
    private static func isDomain(_ octets: [UInt8]) -> Bool {
        let labels = octets.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return labels.allSatisfy { label in
            guard let first = label.first, let last = label.last, label.count <= maximumLabelLength,
                  isLetterOrDigit(first), isLetterOrDigit(last)
            else { return false }
            return label.allSatisfy { isLetterOrDigit($0) || $0 == UInt8(ascii: "-") }
        }
    }

    /// `address-literal`: `[` an IPv4 address, or `IPv6:` and an IPv6 address, `]`.
    private static func isAddressLiteral(_ octets: [UInt8]) -> Bool {
        guard octets.count > 2, octets.first == UInt8(ascii: "["), octets.last == UInt8(ascii: "]") else { return false }
        let inner = String(decoding: octets.dropFirst().dropLast(), as: UTF8.self)
        if inner.lowercased().hasPrefix("ipv6:") {
            let address = String(inner.dropFirst(5))
            guard !address.isEmpty, address.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return false }
            var storage = in6_addr()
            return inet_pton(AF_INET6, address, &storage) == 1
        }
        let parts = inner.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in
            (1...3).contains(part.count) && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber) && (Int(part) ?? 256) <= 255
        }
    }
}
