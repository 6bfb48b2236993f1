import Foundation
import ShiftyLocalization
@testable import ShiftyTerminal
import ShiftyTestSupport
import Testing

/// The terminal client speaks the language of `--lang`, else of the POSIX locale: the `shifty`
/// executable against a real server, as a Dutch coworker would run it.
@Suite struct TerminalLanguageEndToEndTests {
    @Test func dutchLocalePrintsTheMarketInDutchAndLangOverridesIt() async throws {
        try await TestServer.with { server in
            let workplace = try await TerminalTestWorkplace.create(on: server, autoApprove: false)
            let address = workplace.address.description
            let shiftID = try await workplace.createShiftForAnna(inDays: 4)
            let anna = ShiftyBinary(server: address, token: workplace.anna.token, extraEnvironment: ["LANG": "nl_NL.UTF-8"])
            let ben = ShiftyBinary(server: address, token: workplace.ben.token, extraEnvironment: ["LANG": "nl_NL.UTF-8"])

            let supplied = try await anna.run(["supply", "\(shiftID)"])
            #expect(supplied.status == 0 && supplied.stdout.contains("Dienst \(shiftID) wordt nu aangeboden."), "\(supplied)")

            let json = try await ben.run(["market", "--output", "json"])
            let shifts = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]], "\(json)")
            let date = try #require(shifts.first { ($0["id"] as? Int).map(Int64.init) == shiftID }?["date"] as? String)

            let market = try await ben.run(["market"])
            #expect(market.status == 0, "\(market)")
            let lines = market.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first?.hasPrefix("ID") == true && lines.first?.contains("AANGEBODEN DOOR") == true, "\(market.stdout)")
            #expect(market.stdout.contains("Overnemen: shifty take ID"), "\(market.stdout)")
            let row = try #require(lines.first { $0.hasPrefix("\(shiftID) ") }, "\(market.stdout)")
            // "ma 6 jul": the Dutch weekday and month, day before month, as a Dutch calendar writes it.
            let parts = date.split(separator: "-").compactMap { Int($0) }
            let dutchDate = LocalFormatter(language: .dutch, timeZone: .gmt).date(year: parts[0], month: parts[1], day: parts[2])
            #expect(dutchDate.range(of: #"^(ma|di|wo|do|vr|za|zo) \d{1,2} [a-z]{3}"#, options: .regularExpression) != nil, "\(dutchDate)")
            #expect(row.contains(dutchDate) && row.contains("Anna") && row.contains("aangeboden") && row.hasSuffix("ja"), "\(row)")

            // --lang en wins over LANG=nl_NL.UTF-8.
            let english = try await ben.run(["market", "--lang", "en"])
            #expect(english.stdout.contains("OFFERED BY") && english.stdout.contains("Take one with: shifty take ID"), "\(english)")
            #expect(!english.stdout.contains("AANGEBODEN"), "\(english)")

            // --lang nl without any locale, and LC_ALL over LANG, as gettext does it.
            let plain = ShiftyBinary(server: address, token: workplace.ben.token)
            #expect(try await plain.run(["market", "--lang=nl"]).stdout.contains("AANGEBODEN DOOR"))
            #expect(try await plain.run(["market"]).stdout.contains("OFFERED BY"), "no locale: English")
            let lcAll = ShiftyBinary(server: address, token: workplace.ben.token, extraEnvironment: ["LANG": "en_GB.UTF-8", "LC_ALL": "nl_BE.UTF-8"])
            #expect(try await lcAll.run(["market"]).stdout.contains("AANGEBODEN DOOR"))

            // A refusal in Dutch: Anna cannot take her own shift.
            let refused = try await anna.run(["take", "\(shiftID)"])
            #expect(refused.status == 1, "\(refused)")
            #expect(refused.stderr.contains("Fout: Dat is je eigen dienst."), "\(refused.stderr)")
            let refusedInEnglish = try await anna.run(["take", "\(shiftID)", "--lang", "en"])
            #expect(refusedInEnglish.stderr.contains("Error: That is your own shift."), "\(refusedInEnglish.stderr)")

            // An unknown --lang is a usage error that names the languages there are.
            let unknown = try await ben.run(["market", "--lang", "fr"])
            #expect(unknown.status == 2 && unknown.stderr.contains("en, nl"), "\(unknown)")
        }
    }

    @Test func dutchDealsScheduleAndApprovalsRead() async throws {
        try await TestServer.with { server in
            let workplace = try await TerminalTestWorkplace.create(on: server, autoApprove: false)
            let address = workplace.address.description
            let shiftID = try await workplace.createShiftForAnna(inDays: 3)
            let dutch = ["LANG": "nl_NL.UTF-8"]
            let anna = ShiftyBinary(server: address, token: workplace.anna.token, extraEnvironment: dutch)
            let ben = ShiftyBinary(server: address, token: workplace.ben.token, extraEnvironment: dutch)
            let boss = ShiftyBinary(server: address, token: workplace.managerToken, extraEnvironment: dutch)
            #expect(try await boss.run(["approvals"]).stdout.contains("Er wacht niets op goedkeuring."))
            let schedule = try await anna.run(["shifts"])
            #expect(schedule.stdout.contains("Week "), "\(schedule)")
            #expect(try await anna.run(["supply", "\(shiftID)"]).status == 0)
            let taken = try await ben.run(["take", "\(shiftID)"])
            #expect(taken.stdout.contains("wacht op goedkeuring van een manager"), "\(taken)")
            let queue = try await boss.run(["approvals"])
            #expect(queue.stdout.contains("overname") && queue.stdout.contains("BESLOTEN DOOR"), "\(queue)")
            #expect(queue.stdout.contains("Goedkeuren: shifty approve ID"), "\(queue)")
            let hours = try await anna.run(["hours"])
            #expect(hours.status == 0 && hours.stdout.contains("BETAALD") && hours.stdout.contains("Deze week ("), "\(hours)")
            #expect(hours.stdout.contains("0u00") && !hours.stdout.contains("0h00"), "\(hours)")
            let team = try await boss.run(["team"])
            #expect(team.status == 0 && team.stdout.hasPrefix("Week van "), "\(team)")
        }
    }
}

@Suite struct TerminalLanguageTests {
    @Test func langOptionThenLocaleThenEnglish() {
        #expect(TerminalLanguage.resolve(arguments: ["market", "--lang", "nl"], environment: [:]) == .dutch)
        #expect(TerminalLanguage.resolve(arguments: ["market", "--lang=nl"], environment: ["LANG": "en_GB.UTF-8"]) == .dutch)
        #expect(TerminalLanguage.resolve(arguments: ["market", "--lang", "en"], environment: ["LANG": "nl_NL.UTF-8"]) == .english)
        #expect(TerminalLanguage.resolve(arguments: ["market"], environment: ["LANG": "nl_NL.UTF-8"]) == .dutch)
        #expect(TerminalLanguage.resolve(arguments: ["market"], environment: ["LANGUAGE": "nl:en", "LANG": "en_US.UTF-8"]) == .dutch)
        #expect(TerminalLanguage.resolve(arguments: ["market"], environment: ["LANG": "C.UTF-8"]) == .english)
        #expect(TerminalLanguage.resolve(arguments: ["market"], environment: [:]) == .english)
        // After `--` it is an argument, not the option.
        #expect(TerminalLanguage.resolve(arguments: ["request", "--", "--lang", "nl"], environment: [:]) == .english)
    }

    @Test func datesAndWordsFollowTheLanguage() {
        #expect(ShiftListFormatter.date("2026-07-06", language: .dutch) == "ma 6 jul")
        #expect(ShiftListFormatter.date("2026-07-06", language: .english) == "Mon 6 Jul")
        #expect(ShiftListFormatter.weekday(of: "2026-07-07", language: .dutch) == "di")
        #expect(ShiftListFormatter.date("someday", language: .dutch) == "someday")
        #expect(TerminalLanguage.word("dealState", "pending_approval", language: .dutch) == "wacht op goedkeuring")
        #expect(TerminalLanguage.word("dealState", "brand_new_state", language: .dutch) == "brand new state")
        let amsterdam = TimeZone(identifier: "Europe/Amsterdam")!
        #expect(ListTables.instant("2026-11-25T15:17:01.460Z", in: amsterdam, language: .dutch) == "wo 25 nov 16:17")
        #expect(ListTables.instant("2026-07-06T07:05:00Z", in: amsterdam, language: .english) == "Mon 6 Jul 09:05")
        #expect(ListTables.instant("not a moment", in: amsterdam, language: .dutch) == "not a moment")
    }
}
