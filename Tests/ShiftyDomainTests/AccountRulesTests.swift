import Foundation
import ShiftyDomain
import Testing

/// The account rules without I/O: usernames, workplace addresses, names, time zones, invites and
/// keeping a manager.
@Suite struct AccountRulesTests {
    /// The refusal `body` throws; `nil` when it decides.
    func refusal<T>(_ body: () throws -> T) -> AccountRefusal? {
        do {
            _ = try body()
            return nil
        } catch let refusal as AccountRefusal {
            return refusal
        } catch {
            Issue.record("not a refusal: \(error)")
            return nil
        }
    }

    @Test func aUsernameIsShortLowercaseAndStartsWithALetterOrDigit() throws {
        #expect(try AccountRules.username("  Anna.B_2-x ") == "anna.b_2-x")
        #expect(try AccountRules.username("7x") == "7x")
        #expect(refusal { try AccountRules.username("a") } == .usernameMalformed(.username))
        #expect(refusal { try AccountRules.username(String(repeating: "a", count: 41)) } == .usernameMalformed(.username))
        #expect(refusal { try AccountRules.username("-anna", field: .managerUsername) } == .usernameMalformed(.managerUsername))
        #expect(refusal { try AccountRules.username("ünïcode") } == .usernameMalformed(.username))
        #expect(refusal { try AccountRules.username("an na") } == .usernameMalformed(.username))
        #expect(AccountRefusal.usernameMalformed(.managerUsername).field?.rawValue == "manager.username")
    }

    @Test func aWorkplaceAddressIsLettersDigitsAndDashes() throws {
        #expect(try AccountRules.slug(" Cafe-De-Zon ") == "cafe-de-zon")
        #expect(refusal { try AccountRules.slug("-cafe") } == .slugMalformed(.slug))
        #expect(refusal { try AccountRules.slug("c") } == .slugMalformed(.slug))
        #expect(refusal { try AccountRules.slug("cafe_de_zon") } == .slugMalformed(.slug))
        #expect(refusal { try AccountRules.slug(String(repeating: "c", count: 64)) } == .slugMalformed(.slug))
    }

    @Test func aNameIsOneLineOfOneToTwoHundredCharacters() throws {
        #expect(try AccountRules.name("  Anna de Vries \n") == "Anna de Vries")
        #expect(refusal { try AccountRules.name(" ") } == .nameLength(.displayName))
        #expect(refusal { try AccountRules.name(String(repeating: "n", count: 201), field: .name) } == .nameLength(.name))
        #expect(refusal { try AccountRules.name("The\nBoss", field: .managerDisplayName) } == .nameNotOneLine(.managerDisplayName))
        #expect(refusal { try AccountRules.name("An\tna") } == .nameNotOneLine(.displayName))
    }

    @Test func aTimeZoneIsAnIANAIdentifier() throws {
        #expect(try AccountRules.timeZone("Europe/Amsterdam") == "Europe/Amsterdam")
        #expect(try AccountRules.timeZone("UTC") == "UTC")
        #expect(refusal { try AccountRules.timeZone("Mars/Olympus") } == .timeZoneUnknown("Mars/Olympus"))
        #expect(AccountRefusal.timeZoneUnknown("x").field == .timeZone)
    }

    @Test func invitesDealsAndManagersStayWithinTheirLimits() {
        #expect(refusal { try AccountRules.checkInvite(validForHours: 1, maxUses: 1) } == nil)
        #expect(refusal { try AccountRules.checkInvite(validForHours: 720, maxUses: 1000) } == nil)
        #expect(refusal { try AccountRules.checkInvite(validForHours: 0, maxUses: 1) } == .inviteValidityOutOfRange)
        #expect(refusal { try AccountRules.checkInvite(validForHours: 721, maxUses: 0) } == .inviteValidityOutOfRange, "hours first")
        #expect(refusal { try AccountRules.checkInvite(validForHours: 24, maxUses: 1001) } == .inviteUsesOutOfRange)
        #expect(refusal { try AccountRules.checkDealExpiry(hours: 0) } == nil)
        #expect(refusal { try AccountRules.checkDealExpiry(hours: MarketplaceSettings.maximumDealExpiryHours) } == nil)
        #expect(refusal { try AccountRules.checkDealExpiry(hours: MarketplaceSettings.maximumDealExpiryHours + 1) } == .dealExpiryOutOfRange)
        #expect(refusal { try AccountRules.checkDealExpiry(hours: -1) } == .dealExpiryOutOfRange)
        #expect(refusal { try AccountRules.checkManagers(activeAfterChange: 1) } == nil)
        #expect(refusal { try AccountRules.checkManagers(activeAfterChange: 0) } == .lastManager)
        #expect(AccountRefusal.lastManager.code.rawValue == "last_manager")
    }
}
