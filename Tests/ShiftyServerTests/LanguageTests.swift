import Foundation
import Logging
import ShiftyLocalization
import ShiftyTestSupport
import Testing

@testable import ShiftyServer
@testable import ShiftyNotifications

/// Issue 19, the server's side: which language a request is answered in (`Accept-Language` before
/// login, the member's own choice or the workplace's default after), `Content-Language`, the
/// language endpoints, and e-mails and push texts in the recipient's language. Real sockets, real
/// PostgreSQL.
@Suite struct LanguageTests {
    static let dutch = [("Accept-Language", "nl-NL,nl;q=0.9,en;q=0.5")]
    static let english = [("Accept-Language", "en-GB,en;q=0.9")]

    @Test func acceptLanguageDutchGetsADutchDetailAndSaysSo() async throws {
        try await TestServer.with { server in
            let refused = try await server.client.json(.GET, "/api/v1/me", headers: Self.dutch)
            #expect(refused.status == 401)
            #expect(refused.problemCode == "unauthenticated", "the code never changes")
            #expect(refused.json["detail"] as? String == "Log eerst in: hiervoor heb je een geldige sessie nodig.")
            #expect(refused.json["title"] as? String == "Log eerst in")
            #expect(refused.header("Content-Language") == "nl")

            let plain = try await server.client.json(.GET, "/api/v1/me")
            #expect(plain.json["detail"] as? String == "Log in first: this needs a valid session.")
            #expect(plain.header("Content-Language") == "en", "English when the browser says nothing")

            let french = try await server.client.json(.GET, "/api/v1/nowhere", headers: [("Accept-Language", "fr-FR, de;q=0.8")])
            #expect(french.problemCode == "route_not_found")
            #expect(french.json["detail"] as? String == "There is no such endpoint.", "nothing we speak: English")

            let page = try await server.client.json(.GET, "/api/v1/login-page", headers: Self.dutch)
            #expect(page.json["language"] as? String == "nl")
            let languages = try #require(page.json["languages"] as? [[String: Any]])
            #expect(languages.map { $0["code"] as? String } == ["en", "nl"])
            #expect(languages.map { $0["name"] as? String } == ["English", "Nederlands"])
            let none = try await server.client.json(.GET, "/api/v1/login-page")
            #expect(none.json["language"] as? String == "en")
        }
    }

    @Test func aSignedInDutchMemberGetsDutchEvenWhenTheBrowserAsksForEnglish() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let chosen = try await server.client.json(.PUT, "/api/v1/me/language", ["language": "nl"], token: anna.token, headers: Self.english)
            #expect(chosen.status == 200, "\(chosen.text)")
            #expect(chosen.json["language"] as? String == "nl")
            #expect(chosen.json["languagePreference"] as? String == "nl")
            #expect(chosen.header("Content-Language") == "nl", "the answer is already in the new language")

            let missing = try await server.client.json(.GET, "/api/v1/users/999999999", token: anna.token, headers: Self.english)
            #expect(missing.status == 404)
            #expect(missing.problemCode == "not_found")
            #expect(missing.json["detail"] as? String == "Deze gebruiker bestaat niet.")
            #expect(missing.header("Content-Language") == "nl")

            let me = try await server.client.json(.GET, "/api/v1/me", token: anna.token)
            #expect(me.json["language"] as? String == "nl")
            #expect(me.json["languagePreference"] as? String == "nl")

            // The boss did not choose: English (the workplace's default), whatever the browser says.
            let bossMissing = try await server.client.json(.GET, "/api/v1/users/999999999", token: boss.token, headers: Self.dutch)
            #expect(bossMissing.json["detail"] as? String == "No such user.")
            #expect(bossMissing.header("Content-Language") == "en")
        }
    }

    @Test func followingTheWorkplaceAgainGivesItsDefault() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let before = try await server.client.json(.GET, "/api/v1/me", token: anna.token)
            #expect(before.json["language"] as? String == "en")
            #expect(before.json.keys.contains("languagePreference"), "null is part of the answer")
            #expect(before.json["languagePreference"] is NSNull)

            let workplace = try await server.client.json(.PATCH, "/api/v1/workplace", ["settings": ["language": "nl"]], token: boss.token)
            #expect(workplace.status == 200, "\(workplace.text)")
            #expect((workplace.json["settings"] as? [String: Any])?["language"] as? String == "nl")
            let unchanged = try await server.client.json(.PATCH, "/api/v1/workplace", ["settings": ["onePerDay": false]], token: boss.token)
            #expect((unchanged.json["settings"] as? [String: Any])?["language"] as? String == "nl", "other settings keep it")

            _ = try await server.client.json(.PUT, "/api/v1/me/language", ["language": "en"], token: anna.token)
            let own = try await server.client.json(.GET, "/api/v1/me", token: anna.token)
            #expect(own.json["language"] as? String == "en")
            let followed = try await server.client.json(.PUT, "/api/v1/me/language", ["language": NSNull()], token: anna.token)
            #expect(followed.status == 200, "\(followed.text)")
            #expect(followed.json["language"] as? String == "nl", "the workplace's default")
            #expect(followed.json["languagePreference"] is NSNull)
            let me = try await server.client.json(.GET, "/api/v1/me", token: anna.token)
            #expect(me.json["language"] as? String == "nl")
            #expect(me.json["languagePreference"] is NSNull)
        }
    }

    @Test func anUnknownLanguageIsRefused() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let own = try await server.client.json(.PUT, "/api/v1/me/language", ["language": "xx"], token: boss.token)
            #expect(own.status == 422)
            #expect(own.problemCode == "unknown_language")
            let workplace = try await server.client.json(.PATCH, "/api/v1/workplace", ["settings": ["language": "klingon"]], token: boss.token)
            #expect(workplace.status == 422)
            #expect(workplace.problemCode == "unknown_language")
            let wrongType = try await server.client.json(.PUT, "/api/v1/me/language", ["language": 7], token: boss.token)
            #expect(wrongType.status == 422)
            let noKey = try await server.client.json(.PUT, "/api/v1/me/language", ["lang": "nl"], token: boss.token)
            #expect(noKey.status == 422, "a typo in the key is not 'follow the workplace'")
            let me = try await server.client.json(.GET, "/api/v1/me", token: boss.token)
            #expect(me.json["language"] as? String == "en", "nothing changed")
            #expect((me.json["workplace"] as? [String: Any]).flatMap { $0["settings"] as? [String: Any] }?["language"] as? String == "en")
        }
    }

    @Test func aDutchMemberGetsADutchEmail() async throws {
        let smtp = try TestSMTPServer()
        defer { smtp.stop() }
        try await EmailNotificationTests.withMailingServer(smtp) { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            try await EmailNotificationTests.setEmail(bram, "bram@example.test", by: boss, server)
            let chosen = try await server.client.json(.PUT, "/api/v1/me/language", ["language": "nl"], token: bram.token)
            try #require(chosen.status == 200)
            _ = try await EmailNotificationTests.rejectedPickUp(server, boss: boss, anna: anna, bram: bram, note: "Nog niet ingewerkt")
            #expect(try await EmailNotificationTests.service(server).tick(now: Date()) == 1)

            let mail = try #require(try smtp.mails(to: "bram@example.test").first)
            let subject = try #require(mail.headers["Subject"])
            #expect(subject.hasPrefix("Afgewezen: de dienst op "), "\(subject)")
            let text = try #require(mail.part("text/plain"))
            #expect(text.hasPrefix("Hoi Bram,"), "\(text)")
            #expect(text.contains("The Boss heeft de ruil voor de dienst op "))
            #expect(text.contains("Notitie van The Boss: \u{201C}Nog niet ingewerkt\u{201D}"))
            #expect(text.contains("Je krijgt dit van Shifty"))
            #expect(!text.contains("Hello"))
            let html = try #require(mail.part("text/html"))
            #expect(html.contains("<html lang=\"nl\">"))
            #expect(html.contains("Openen in Shifty"))
            #expect(mail.headers["Content-Language"] == "nl")
            // The date is written the Dutch way: a Dutch weekday abbreviation, no ISO date.
            let weekdays = ["ma", "di", "wo", "do", "vr", "za", "zo"]
            #expect(weekdays.contains { subject.contains("de dienst op \($0) ") }, "\(subject)")
        }
    }

    @Test func aDutchMemberGetsADutchPush() async throws {
        let standIn = try PushServiceStandIn()
        defer { standIn.stop() }
        try await WebPushTests.withPushingServer { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let service = WebPushTests.deliveries(server)
            _ = try await service.tick(now: Date())
            try await WebPushTests.subscribe(anna, "/push/anna-nl", standIn, server)
            // The workplace speaks Dutch and Anna follows it.
            let workplace = try await server.client.json(.PATCH, "/api/v1/workplace", ["settings": ["language": "nl"]], token: boss.token)
            try #require(workplace.status == 200)
            _ = try await WebPushTests.personalEvent("shift.reminder", for: anna.userID, in: boss.workplaceID, server)
            #expect(try await service.tick(now: Date()) == 1)
            let push = try await WebPushTests.nextPush(standIn)
            #expect(push.message["title"] as? String == "Zo aan het werk")
            #expect(push.message["body"] as? String == "Je dienst begint zo.")
            #expect(push.message["kind"] as? String == "reminder", "the kind stays language-free")
        }
    }

    @Test func aDigestPushAndMailFrameFollowTheLanguage() {
        let item = OutgoingNotification.Item(kind: .offer, subject: "s", body: "b", link: "https://shifty.test/#/market")
        var message = OutgoingNotification(
            items: [item, item, item], messageID: "<m@shifty.test>", preferencesLink: "https://shifty.test/#/account",
            workplaceName: "Café De Zon", language: .dutch)
        #expect(message.subject == "Shifty: 3 berichten van Café De Zon")
        #expect(PushMessage(message).body == "3 berichten over je diensten.")
        message.language = .english
        #expect(message.subject == "Shifty: 3 updates from Café De Zon")
        #expect(PushMessage(message).body == "3 updates about your shifts.")
    }

    @Test func aDutchMembersCalendarFeedIsDutch() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let shift = try await server.createShift(by: boss, for: anna, inDays: 2)
            #expect(try await server.act("/shifts/\(shift)/supply", as: anna).status == 200)
            let feed = try await server.enableFeed(as: anna)

            let english = try await server.client.send(.GET, feed.path, headers: Self.dutch)
            #expect(english.text.contains("SUMMARY:Shift – Workplace "), "the owner's language, not the fetcher's")
            #expect(english.header("Content-Language") == "en")

            _ = try await server.client.json(.PUT, "/api/v1/me/language", ["language": "nl"], token: anna.token)
            let dutch = try await server.client.send(.GET, feed.path)
            #expect(dutch.status == 200)
            #expect(dutch.text.contains("SUMMARY:Dienst – Workplace "), "\(dutch.text)")
            #expect(dutch.text.contains("DESCRIPTION:Je biedt deze dienst aan"))
            #expect(!dutch.text.contains("Shift – "))
            #expect(dutch.header("Content-Language") == "nl")
        }
    }

    @Test func thePrintableReportIsInTheRequestersLanguageAndTheCSVIsNot() async throws {
        try await TestServer.with { server in
            let scenario = try await ReportTests.makeScenario(server)
            _ = try await server.client.json(.PUT, "/api/v1/me/language", ["language": "nl"], token: scenario.boss.token)
            let path = "/api/v1/reports/monthly?month=2026-10&format=html&userID=\(scenario.anna.userID)"
            let page = try await server.client.json(.GET, path, token: scenario.boss.token)
            #expect(page.status == 200)
            #expect(page.text.contains("<html lang=\"nl\">"))
            #expect(page.text.contains("<h1>Urenoverzicht 2026-10</h1>"))
            #expect(page.text.contains("Urenstaat: Anna"))
            #expect(page.text.contains("<td>2026-10-05 ma</td><td>aanwezig</td>"), "\(page.text)")
            #expect(!page.text.contains("Timesheet"))
            let csv = try await server.client.json(.GET, "/api/v1/reports/monthly?month=2026-10&format=csv", token: scenario.boss.token)
            #expect(csv.text.hasPrefix("name,username,pay_type"), "CSV columns stay English for payroll software")
        }
    }

    @Test func refusalsAndValidationProblemsAreDutchForADutchMember() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            _ = try await server.client.json(.PUT, "/api/v1/me/language", ["language": "nl"], token: anna.token)
            let shift = try await server.createShift(by: boss, for: anna, inDays: 2)
            #expect(try await server.act("/shifts/\(shift)/supply", as: anna).status == 200)
            let own = try await server.act("/shifts/\(shift)/pick-up", as: anna)
            #expect(own.problemCode == "own_shift", "\(own.text)")
            #expect(own.json["detail"] as? String == "Je kunt je eigen dienst niet overnemen.", "a refusal: its own Dutch sentence")
            #expect(own.json["title"] as? String == "Dit is je eigen dienst")

            let wrong = try await server.client.json(.PUT, "/api/v1/me/language", ["language": 7], token: anna.token)
            #expect(wrong.problemCode == "validation_failed")
            #expect(wrong.json["detail"] as? String == "language: moet een tekst zijn", "\(wrong.text)")
            let errors = wrong.json["errors"] as? [[String: Any]]
            #expect(errors?.first?["detail"] as? String == "moet een tekst zijn", "the field error is Dutch too: \(wrong.text)")
        }
    }
}
