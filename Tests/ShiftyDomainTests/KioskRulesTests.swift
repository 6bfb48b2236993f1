import Foundation
import ShiftyDomain
import Testing

/// The kiosk's input rules without I/O: a kiosk's name and networks, a PIN, and how a member at a
/// kiosk says who they are.
@Suite struct KioskRulesTests {
    /// The refusal `body` throws; `nil` when it decides.
    func refusal<T>(_ body: () throws -> T) -> KioskRefusal? {
        do {
            _ = try body()
            return nil
        } catch let refusal as KioskRefusal {
            return refusal
        } catch {
            Issue.record("not a refusal: \(error)")
            return nil
        }
    }

    @Test func aKioskIsNamedOnOneLineOfAtMostAHundredCharacters() throws {
        #expect(try KioskRules.checkedName("  Front desk \n") == "Front desk")
        #expect(try KioskRules.checkedName(String(repeating: "k", count: 100)).count == 100)
        #expect(refusal { try KioskRules.checkedName(String(repeating: "k", count: 101)) } == .nameLength)
        #expect(refusal { try KioskRules.checkedName(" \t ") } == .nameLength)
        #expect(refusal { try KioskRules.checkedName("Front\tdesk") } == .nameNotOneLine)
        #expect(refusal { try KioskRules.checkedName("Front\u{2028}desk") } == .nameNotOneLine)
        #expect(KioskRefusal.nameNotOneLine.field == .name && KioskRefusal.nameNotOneLine.code == .validationFailed)
    }

    @Test func aKioskIsLimitedToAtMostTwentyAddressRanges() throws {
        #expect(try KioskRules.checkedNetworks([" 10.0.0.0/8 ", "", "2001:db8::/32"]) == ["10.0.0.0/8", "2001:db8::/32"])
        #expect(try KioskRules.checkedNetworks([]) == [], "no ranges lift the limit")
        #expect(try KioskRules.checkedNetworks((0..<20).map { "10.0.\($0).0/24" }).count == 20)
        #expect(refusal { try KioskRules.checkedNetworks((0...20).map { "10.0.\($0).0/24" }) } == .tooManyNetworks)
        #expect(refusal { try KioskRules.checkedNetworks(["10.0.0.0/8", "the shop wifi"]) } == .notANetwork(range: "the shop wifi"))
        let long = String(repeating: "1", count: 60)
        #expect(refusal { try KioskRules.checkedNetworks([long]) } == .notANetwork(range: String(long.prefix(50))))
    }

    @Test func aPinIsFourToTwelveDigits() {
        for pin in ["4821", "123456789012", "0000"] { #expect(refusal { try KioskRules.checkPin(pin) } == nil, "\(pin)") }
        for pin in ["123", "1234567890123", "48a1", "١٢٣٤", "12 34", ""] {
            #expect(refusal { try KioskRules.checkPin(pin) } == .pinMalformed, "\(pin)")
        }
    }

    @Test func aMemberGivesAPinAloneOrANameWithAPinOrPassword() throws {
        #expect(try KioskRules.credentials(username: nil, pin: "4821", password: nil, action: nil)
            == KioskCredentials(username: nil, secret: .pinOnly, value: "4821"))
        #expect(try KioskRules.credentials(username: "  ", pin: "4821", password: nil, action: .breakStart)
            == KioskCredentials(username: nil, secret: .pinOnly, value: "4821"))
        #expect(try KioskRules.credentials(username: " Anna ", pin: "4821", password: nil, action: nil)
            == KioskCredentials(username: "anna", secret: .pin, value: "4821"))
        #expect(try KioskRules.credentials(username: "anna", pin: nil, password: "secret", action: .breakEnd)
            == KioskCredentials(username: "anna", secret: .password, value: "secret"))
        #expect(refusal { try KioskRules.credentials(username: nil, pin: nil, password: "secret", action: nil) } == .usernameMissing)
        #expect(refusal { try KioskRules.credentials(username: "anna", pin: nil, password: nil, action: nil) } == .secretMissing)
        #expect(refusal { try KioskRules.credentials(username: "anna", pin: "4821", password: "secret", action: nil) } == .secretMissing)
        #expect(refusal { try KioskRules.credentials(username: nil, pin: nil, password: nil, action: .checkIn) } == .secretMissing,
                "the secret is refused before the action")
        #expect(refusal { try KioskRules.credentials(username: "anna", pin: "4821", password: nil, action: .checkIn) } == .actionNotABreak)
        #expect(refusal { try KioskRules.credentials(username: "anna", pin: "4821", password: nil, action: .checkOut) } == .actionNotABreak)
    }

    @Test func everyRefusalHasAStableCode() {
        #expect(KioskRefusal.throttled(retryAfterSeconds: 60).code.rawValue == "kiosk_throttled")
        #expect(KioskRefusal.pinOnlyPaused(retryAfterSeconds: 60).code.rawValue == "kiosk_pin_only_paused")
        #expect(KioskRefusal.wrongSecret(.pinOnly).code.rawValue == "invalid_credentials")
        #expect(KioskRefusal.pinTaken.code.rawValue == "pin_taken")
        #expect(KioskRefusal.kioskNotFound.code.rawValue == "not_found")
    }
}
