import Foundation
import ShiftyDomain
@testable import ShiftyFeatures
@testable import ShiftyServer
@testable import ShiftyServerCore
import Testing

/// The timeclock's server-side decisions that need no database.
@Suite struct TimeclockUnitTests {
    let now = Date(timeIntervalSince1970: 1_790_000_000)

    @Test func rulesDocumentKeepsDefaultsAndTellsNullFromAbsent() throws {
        let absent = try JSONDecoder().decode(TimeclockRulesDocument.self, from: Data(#"{"diligenceAbsenceCap": 2}"#.utf8))
        let rules = absent.applied(to: .seed)
        #expect(rules.diligenceAbsenceCap == 2)
        #expect(rules.saturdayQuotaMinutes == 300)
        #expect(rules.mondayToFridayQuotaMinutes == 480)
        let null = try JSONDecoder().decode(TimeclockRulesDocument.self, from: Data(#"{"saturdayQuotaMinutes": null}"#.utf8))
        #expect(null.applied(to: .seed).saturdayQuotaMinutes == nil)
        // Round trip: a stored document gives back the same rules, Sunday's null included.
        let custom = TimeclockRules(saturdayQuotaMinutes: nil, sundayQuotaMinutes: 240, diligenceAbsenceCap: 5)
        let stored = try JSONEncoder().encode(TimeclockRulesDocument(custom))
        #expect(try JSONDecoder().decode(TimeclockRulesDocument.self, from: stored).applied(to: .seed) == custom)
        #expect(throws: TimeclockRulesRefusal.outOfRange(.dailyOvertimeFloorMinutes)) { try TimeclockRules(dailyOvertimeFloorMinutes: 60).validate() }
        #expect(throws: TimeclockRulesRefusal.outOfRange(.mondayToFridayQuotaMinutes)) { try TimeclockRules(mondayToFridayQuotaMinutes: -1).validate() }
        try TimeclockRules.seed.validate()
    }

    @Test func csvCellsAreQuotedAndFormulasDefused() {
        #expect(MonthlyReport.textCell("Anna") == "Anna")
        #expect(MonthlyReport.textCell("Bakker, Bram") == "\"Bakker, Bram\"")
        #expect(MonthlyReport.textCell("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(MonthlyReport.textCell("=HYPERLINK(\"x\")") == "\"'=HYPERLINK(\"\"x\"\")\"")
        #expect(MonthlyReport.textCell("-5") == "'-5")
        #expect(MonthlyReport.escapeHTML("<b>Tom & \"Jerry\"</b>") == "&lt;b&gt;Tom &amp; &quot;Jerry&quot;&lt;/b&gt;")
    }

    @Test func monthsAndRangesParseStrictly() throws {
        #expect(ReportMonth("2026-10")?.lastDate.description == "2026-10-31")
        #expect(ReportMonth("2028-02")?.lastDate.description == "2028-02-29")
        for bad in ["2026-13", "2026-1", "2026-10-01", "", "abcd-ef", "1999-12"] { #expect(ReportMonth(bad) == nil, "\(bad)") }
        let today = try #require(LocalDate("2026-11-21"))
        #expect(ChartRange(range: "7d", month: nil)?.dates(today: today, earliest: nil).first.description == "2026-11-15")
        #expect(ChartRange(range: "30d", month: nil)?.dates(today: today, earliest: nil).first.description == "2026-10-23")
        #expect(ChartRange(range: "all", month: nil)?.dates(today: today, earliest: LocalDate("2026-01-05")).first.description == "2026-01-05")
        #expect(ChartRange(range: "month", month: nil) == nil)
        #expect(ChartRange(range: "month", month: "2026-02")?.dates(today: today, earliest: nil).last.description == "2026-02-28")
    }
}
