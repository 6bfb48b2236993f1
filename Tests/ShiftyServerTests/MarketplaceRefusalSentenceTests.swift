import Foundation
import ShiftyAPI
import ShiftyDomain
import ShiftyLocalization
@testable import ShiftyServer
@testable import ShiftyServerCore
import Testing

/// The edge words a marketplace refusal from its code, situation and values with the server
/// catalogue, in the caller's language: every sentence the domain can ask for exists in English
/// and Dutch, a member is named by display name, and a member whose name is unknown is never
/// named by a number.
@Suite struct MarketplaceRefusalSentenceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every (code, situation) the domain and the marketplace throw, read from their sources:
    /// `MarketplaceRefusal(.code` with an optional `.situation` after it.
    static func thrown() throws -> Set<String> {
        let names = Dictionary(uniqueKeysWithValues: MarketplaceRefusal.Code.allCases.map { ("\($0)", $0.rawValue) })
        let situations = Set(MarketplaceRefusal.Situation.allCases.map(\.rawValue))
        var found: Set<String> = []
        for folder in ["Sources/ShiftyDomain", "Sources/ShiftyServer/Marketplace"] {
            let base = root.appendingPathComponent(folder)
            for case let path as String in FileManager.default.enumerator(atPath: base.path)! where path.hasSuffix(".swift") {
                let source = try String(contentsOf: base.appendingPathComponent(path), encoding: .utf8)
                for match in source.matches(of: /MarketplaceRefusal\(\.(\w+)(?:,\s*\.(\w+))?/) {
                    let code = try #require(names[String(match.1)], "\(path): unknown code \(match.1)")
                    let situation = match.2.map(String.init).flatMap { situations.contains($0) ? $0 : nil } ?? "detail"
                    found.insert("\(code).\(situation)")
                }
            }
        }
        return found
    }

    @Test func everySentenceTheDomainAsksForIsThereInEveryLanguage() throws {
        let thrown = try Self.thrown()
        #expect(thrown.count > 40, "the scan finds the domain's refusals: \(thrown.count)")
        let rules = ScheduleRule.allCases.flatMap { ["\($0.code.rawValue).detail", "\($0.code.rawValue).someone"] }
        for language in [LanguageCode.english, .dutch] {
            let catalogue = Catalogue.of(language)
            let missing = (thrown.union(rules)).filter { !catalogue.has("server.problem.\($0)") }.sorted()
            #expect(missing.isEmpty, "\(language) lacks: \(missing.joined(separator: ", "))")
        }
    }

    @Test func everyPlaceholderIsFilledInEveryLanguage() {
        let values = RefusalArguments(
            member: UserID(rawValue: 7), shift: ShiftID(rawValue: 5), otherShift: ShiftID(rawValue: 6), deal: DealID(rawValue: 3),
            request: RequestID(rawValue: 4), timeOffRequest: 2, date: LocalDate("2026-06-02"), otherDate: LocalDate("2026-06-03"),
            week: ISOWeek(containing: LocalDate("2026-06-02")!), until: Date(timeIntervalSince1970: 1_780_000_000), limit: 40,
            minutes: 2550, days: 7, status: "supplied", position: "bar", weekday: .tuesday, from: LocalTime("16:00"), to: .midnight)
        for code in MarketplaceRefusal.Code.allCases {
            for situation in MarketplaceRefusal.Situation.allCases {
                let refusal = MarketplaceRefusal(code, situation, values)
                guard Catalogue.of(.english).has(refusal.text.key) else { continue }
                for language in [LanguageCode.english, .dutch] {
                    for names: [Int64: String] in [[7: "Anna"], [:]] {
                        let sentence = refusal.text.naming(names).written(in: language)
                        #expect(!sentence.contains("{") && !sentence.contains("server."), "\(code).\(situation) \(language): \(sentence)")
                    }
                }
            }
        }
    }

    @Test func aMemberIsNamedByDisplayNameAndNeverByNumber() {
        let refusal = MarketplaceRefusal(
            .weeklyHoursExceeded, .init(member: UserID(rawValue: 12), week: ISOWeek(containing: LocalDate("2026-06-02")!), limit: 40, minutes: 2550))
        let problem = Problem(refusal)
        #expect(problem.memberIDs == [12])
        let named = problem.naming([12: "Anna de Vries"])
        #expect(named.detail == "Anna de Vries would work 42.5 hours in week 2026-W23, more than 40.")
        #expect(named.localized(to: .dutch).detail == "Anna de Vries zou in week 2026-W23 42,5 uur werken, meer dan 40.")
        // Without the name (another workplace's member, or no lookup): a sentence that names nobody.
        #expect(problem.detail == "The person would work 42.5 hours in week 2026-W23, more than 40.")
        #expect(problem.naming([13: "Bram"]).localized(to: .dutch).detail == "Deze persoon zou in week 2026-W23 42,5 uur werken, meer dan 40.")
        #expect(!problem.detail.contains("12") && !problem.localized(to: .dutch).detail.contains("12"))
    }

    @Test func aRuleNobodyMayOverrideAndAFixedShiftsWeekAreSaidAroundTheRulesSentence() {
        var refusal = MarketplaceRefusal(.overlappingShift, .init(member: UserID(rawValue: 3), otherShift: ShiftID(rawValue: -2)), notOverridable: true)
        refusal.arguments.fixedShiftWeek = LocalDate("2026-06-15")
        let problem = Problem(refusal).naming([3: "Bram"])
        #expect(problem.detail == "The fixed shift's week of 2026-06-15: Bram already works another shift at that time. This rule cannot be overridden.")
        #expect(problem.localized(to: .dutch).detail
            == "De week van 2026-06-15 van de vaste dienst: Bram werkt op dat moment al een andere dienst. Van deze regel kan niemand afwijken.")
    }

    @Test func aPreviewsRefusalIsWordedInTheGivenLanguage() {
        let refusal = MarketplaceRefusal(.counterpartyInactive, .init(member: UserID(rawValue: 9)))
        let english = ShiftyAPI.ActionPreview.Refusal(refusal, naming: [9: "Dora"], in: .english)
        #expect(english.code == "counterparty_inactive" && english.status == 409)
        #expect(english.detail == "Dora is deactivated and cannot trade.")
        #expect(ShiftyAPI.ActionPreview.Refusal(refusal, naming: [9: "Dora"], in: .dutch).detail == "Dora is gedeactiveerd en kan niet ruilen.")
        #expect(ShiftyAPI.ActionPreview.Refusal(refusal, in: .dutch).detail == "De ander is gedeactiveerd en kan niet ruilen.")
    }
}
