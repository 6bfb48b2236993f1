import Testing

@testable import ShiftyServer
@testable import ShiftyNotifications

/// The one e-mail rule (``EmailAddress``): RFC 5321 mailboxes, their length limits, and why a
/// text is not one.
@Suite struct EmailAddressTests {
    @Test func mailboxesAreTakenAsGiven() throws {
        for address in [
            "anna@example.test", "anna.de-vries+shifty@example.test", "!#$%&'*+-/=?^_`{|}~@example.test",
            "\"anna de vries\"@example.test", "\"a\\\"b\"@example.test", "\"anna@home\"@example.test",
            "anna@[192.0.2.1]", "anna@[IPv6:2001:db8::1]", "anna@[ipv6:::1]", "anna@localhost", "a@b-c.d1",
        ] {
            #expect(try EmailAddress(address).value == address)
        }
    }

    @Test func whatIsNotAMailboxSaysWhy() {
        let cases: [(String, EmailAddress.Refusal)] = [
            ("anna@example.test\r\nRCPT TO:<victim@target.test>", .controlCharacter),
            ("anna@example.test\u{2028}", .controlCharacter),
            ("anna\u{0}@example.test", .controlCharacter),
            ("\"anna\tx\"@example.test", .controlCharacter),
            ("anna.example.test", .noAt),
            ("anna @example.test", .localPart),
            ("<anna@example.test>", .localPart),
            ("anna.@example.test", .localPart),
            ("\"anna@example.test", .localPart),
            ("\"an\"na\"@example.test", .localPart),
            ("zoë@example.test", .localPart),
            ("anna@exämple.test", .domain),
            ("anna@example.test>", .domain),
            ("anna@example_test", .domain),
            ("anna@example.test-", .domain),
            ("anna@.example.test", .domain),
            ("anna@", .domain),
            ("@example.test", .localPart),
            ("anna@[1.2.3]", .domain),
            ("anna@[IPv6:2001:db8::g]", .domain),
        ]
        for (text, reason) in cases {
            #expect(throws: reason, "\(text.debugDescription)") { try EmailAddress(text) }
        }
    }

    @Test func lengthLimitsAreRFC5321s() throws {
        let local64 = String(repeating: "a", count: 64)
        #expect(throws: Never.self) { try EmailAddress(local64 + "@example.test") }
        #expect(throws: EmailAddress.Refusal.localPartTooLong) { try EmailAddress(local64 + "a@example.test") }
        let label63 = String(repeating: "b", count: 63)
        #expect(throws: Never.self) { try EmailAddress("anna@\(label63).test") }
        #expect(throws: EmailAddress.Refusal.domain) { try EmailAddress("anna@\(label63)b.test") }
        // 254 octets in all is the most: 64 + 1 + 189.
        let domain189 = [label63, label63, String(repeating: "c", count: 61)].joined(separator: ".")
        #expect((local64 + "@" + domain189).utf8.count == 254)
        #expect(throws: Never.self) { try EmailAddress(local64 + "@" + domain189) }
        #expect(throws: EmailAddress.Refusal.tooLong) { try EmailAddress(local64 + "@" + domain189 + "c") }
    }
}
