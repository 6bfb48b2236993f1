import Foundation
@testable import ShiftyPostgres
@testable import ShiftyServer
import ShiftyTestSupport
import Testing
@testable import ShiftyNotifications
@testable import ShiftyFeatures

/// The personal iCalendar feed: RFC 5545 text rules without I/O, then the routes against
/// PostgreSQL with every document checked by Python's `icalendar` parser.
@Suite struct CalendarFeedTests {
    // MARK: - Text rules

    @Test func textValuesAreEscaped() {
        #expect(ICalendarText.escape(#"a\b;c,d"#) == #"a\\b\;c\,d"#)
        #expect(ICalendarText.escape("one\ntwo\r\nthree\rfour") == #"one\ntwo\nthree\nfour"#)
        #expect(ICalendarText.escape("tab\there") == "tab here")
        #expect(ICalendarText.escape("Café ☕") == "Café ☕")
    }

    @Test func longLinesFoldAt75OctetsWithoutSplittingCharacters() {
        let line = "SUMMARY:" + String(repeating: "é☕x", count: 40)
        let folded = ICalendarText.fold(line)
        let physical = folded.components(separatedBy: "\r\n")
        #expect(physical.count > 1)
        for (index, part) in physical.enumerated() {
            #expect(part.utf8.count <= 75, "line \(index) has \(part.utf8.count) octets")
            if index > 0 { #expect(part.hasPrefix(" ")) }
        }
        // Unfolding (RFC 5545 3.1: remove CRLF followed by one space) restores the line exactly.
        #expect(folded.replacingOccurrences(of: "\r\n ", with: "") == line)
        #expect(ICalendarText.fold("SHORT:x") == "SHORT:x")
        let exactly75 = String(repeating: "a", count: 75)
        #expect(ICalendarText.fold(exactly75) == exactly75)
    }

    @Test func utcDateTimesUseTheBasicFormat() {
        #expect(ICalendarText.utcDateTime(Date(timeIntervalSince1970: 0)) == "19700101T000000Z")
        #expect(ICalendarText.utcDateTime(Date(timeIntervalSince1970: 1_795_000_000)) == "20261118T110640Z")
    }

    @Test func documentUsesCRLFAndMarksCancelledEvents() {
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        let document = CalendarDocument(
            name: "Café; Anna", timeZone: "Europe/Amsterdam", generatedAt: start,
            events: [
                CalendarEvent(
                    uid: "shift-1@demo", start: start, end: start.addingTimeInterval(3600), summary: "bar, front",
                    description: nil, sequence: 3, lastModified: start, cancelled: true),
            ])
        let text = document.render()
        #expect(text.hasPrefix("BEGIN:VCALENDAR\r\n"))
        #expect(text.hasSuffix("END:VCALENDAR\r\n"))
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        #expect(text.contains("\r\nX-WR-CALNAME:Café\\; Anna\r\n"))
        #expect(text.contains("\r\nSUMMARY:bar\\, front\r\n"))
        #expect(text.contains("\r\nSTATUS:CANCELLED\r\n"))
        #expect(text.contains("\r\nSEQUENCE:3\r\n"))
    }

    @Test func implausibleTokensAreRefusedBeforeTheDatabase() {
        #expect(CalendarFeedToken.isPlausible("abcdefghijklmnopqrstuvwxyzABCDEF-_0123456789a"))
        #expect(!CalendarFeedToken.isPlausible("short"))
        #expect(!CalendarFeedToken.isPlausible("abcdefghijklmnop/../../etc"))
        #expect(!CalendarFeedToken.isPlausible(String(repeating: "a", count: 300)))
    }

    // MARK: - Routes against PostgreSQL

    @Test func feedNeedsATokenThatCanBeRotatedAndRevoked() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            _ = try await server.createShift(by: boss, for: anna, inDays: 1)

            #expect(try await server.client.json(.GET, "/api/v1/calendar-feed").status == 401)
            let off = try await server.client.json(.GET, "/api/v1/calendar-feed", token: anna.token)
            #expect(off.status == 200)
            #expect(off.json["enabled"] as? Bool == false)

            let first = try await server.enableFeed(as: anna)
            #expect(first.url.hasPrefix("http://127.0.0.1:\(server.port)/calendar/"))
            #expect(first.url.hasSuffix(first.path))
            let feed = try await server.client.send(.GET, first.path)
            #expect(feed.status == 200)
            #expect(feed.header("Content-Type") == "text/calendar; charset=utf-8")
            #expect(feed.header("Cache-Control")?.hasPrefix("private") == true)
            #expect(feed.text.contains("BEGIN:VEVENT"))

            // Only the hash is stored, so GET can say the feed is on but never show the URL again.
            let on = try await server.client.json(.GET, "/api/v1/calendar-feed", token: anna.token)
            #expect(on.json["enabled"] as? Bool == true)
            #expect(on.json["url"] is NSNull)
            let stored = try await server.pool.query("SELECT token_hash FROM calendar_feeds WHERE user_id = $1", [anna.userID])
            let hash: String = try stored[0].decode("token_hash")
            #expect(hash.count == 64 && !first.path.contains(hash))

            let second = try await server.enableFeed(as: anna)
            #expect(second.path != first.path)
            #expect(try await server.client.send(.GET, first.path).status == 404)
            #expect(try await server.client.send(.GET, second.path).status == 200)

            #expect(try await server.client.json(.DELETE, "/api/v1/calendar-feed", token: anna.token).status == 204)
            #expect(try await server.client.send(.GET, second.path).status == 404)
            let offAgain = try await server.client.json(.GET, "/api/v1/calendar-feed", token: anna.token)
            #expect(offAgain.json["enabled"] as? Bool == false)

            #expect(try await server.client.send(.GET, "/calendar/not-a-token.ics").status == 404)
            #expect(try await server.client.send(.GET, "/calendar/\(String(repeating: "A", count: 43)).ics").status == 404)
        }
    }

    @Test func aPasswordChangeEndsTheFeedAndOtherSessions() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            _ = try await server.createShift(by: boss, for: anna, inDays: 1)
            let otherSession = try await server.login(workplace: boss.slug, username: "anna").token
            let feed = try await server.enableFeed(as: anna)
            #expect(try await server.client.send(.GET, feed.path).status == 200)

            let changed = try await server.client.json(.PUT, "/api/v1/me/password", ["currentPassword": TestServer.password, "newPassword": "a brand new password"], token: anna.token)
            #expect(changed.status == 204, "\(changed.text)")
            #expect(try await server.client.send(.GET, feed.path).status == 404)
            #expect(try await server.client.json(.GET, "/api/v1/calendar-feed", token: anna.token).json["enabled"] as? Bool == false)
            #expect(try await server.client.json(.GET, "/api/v1/me", token: otherSession).status == 401)
            #expect(try await server.client.json(.GET, "/api/v1/me", token: anna.token).status == 200)
            // A new feed works again.
            let renewed = try await server.enableFeed(as: anna)
            #expect(try await server.client.send(.GET, renewed.path).status == 200)
        }
    }

    @Test func eachFeedShowsOnlyItsOwnersShiftsAndParses() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let annas = try await server.createShift(by: boss, for: anna, inDays: 1)
            let tricky = try await server.client.json(.POST, "/api/v1/shifts", [
                "ownerId": anna.userID, "date": TestServer.localDate(in: 2).description, "startTime": "09:00",
                "durationMinutes": 60, "position": #"Bar, kitchen; back\room – ☕ "#  + String(repeating: "long ", count: 12),
            ], token: boss.token)
            try #require(tricky.status == 201, "\(tricky.text)")
            let trickyID = try #require(tricky.json["id"] as? Int)
            let brams = try await server.createShift(by: boss, for: bram, inDays: 1)
            _ = try await server.createShift(by: boss, for: anna, inDays: 70)  // beyond the window

            let annaFeed = try await server.parsedFeed(of: anna)
            #expect(annaFeed.calendar["VERSION"] == "2.0")
            #expect(annaFeed.calendar["METHOD"] == "PUBLISH")
            #expect(annaFeed.calendar["X-WR-TIMEZONE"] == "Europe/Amsterdam")
            #expect(annaFeed.calendar["PRODID"]?.isEmpty == false)
            #expect(annaFeed.longestLine <= 75)
            #expect(Set(annaFeed.events.map(\.uid)) == ["shift-\(annas)@\(boss.slug)", "shift-\(trickyID)@\(boss.slug)"])
            let trickyEvent = try #require(annaFeed.event(trickyID, slug: boss.slug))
            #expect(trickyEvent.summary.hasPrefix(#"Bar, kitchen; back\room – ☕ long"#))
            #expect(trickyEvent.summary.hasSuffix("Workplace \(boss.slug)"))
            #expect(trickyEvent.status == "CONFIRMED")
            #expect(trickyEvent.end.timeIntervalSince(trickyEvent.start) == 3600)

            let bramFeed = try await server.parsedFeed(of: bram)
            #expect(bramFeed.events.map(\.uid) == ["shift-\(brams)@\(boss.slug)"])
        }
    }

    @Test func aTradeRaisesTheSequenceAndCancelsTheShiftForItsFormerOwner() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let traded = try await server.createShift(by: boss, for: anna, inDays: 3)
            let kept = try await server.createShift(by: boss, for: anna, inDays: 4)

            let before = try #require(try await server.parsedFeed(of: anna).event(traded, slug: boss.slug))
            #expect(before.status == "CONFIRMED")

            #expect(try await server.act("/shifts/\(traded)/supply", as: anna).status == 200)
            let dealID = try #require(try await server.act("/shifts/\(traded)/pick-up", as: bram).dealID)
            #expect(try await server.act("/deals/\(dealID)/approve", as: boss).status == 200)

            let annaAfter = try await server.parsedFeed(of: anna)
            let gone = try #require(annaAfter.event(traded, slug: boss.slug), "the traded shift stays in the former owner's feed")
            #expect(gone.status == "CANCELLED")
            #expect(gone.sequence > before.sequence)
            #expect(gone.lastModified >= before.lastModified)
            #expect(annaAfter.event(kept, slug: boss.slug)?.status == "CONFIRMED")

            let bramAfter = try await server.parsedFeed(of: bram)
            let received = try #require(bramAfter.event(traded, slug: boss.slug))
            #expect(received.status == "CONFIRMED")
            #expect(received.sequence > before.sequence)
            #expect(received.uid == before.uid)

            // A manager's reassignment back to anna: confirmed for her again, cancelled for bram,
            // with a sequence above every copy either of them has seen.
            let assigned = try await server.act("/shifts/\(traded)/assign", ["ownerId": anna.userID], as: boss)
            try #require(assigned.status == 200, "assign: \(assigned.status) \(assigned.text)")
            let annaBack = try #require(try await server.parsedFeed(of: anna).event(traded, slug: boss.slug))
            #expect(annaBack.status == "CONFIRMED" && annaBack.sequence > received.sequence)
            let bramGone = try #require(try await server.parsedFeed(of: bram).event(traded, slug: boss.slug))
            #expect(bramGone.status == "CANCELLED" && bramGone.sequence > received.sequence)
        }
    }

    @Test func cancelledShiftsAreEmittedAsCancelled() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let shift = try await server.createShift(by: boss, for: anna, inDays: 2)
            let before = try #require(try await server.parsedFeed(of: anna).event(shift, slug: boss.slug))
            let deleted = try await server.client.json(.DELETE, "/api/v1/shifts/\(shift)", token: boss.token)
            try #require(deleted.status == 204, "delete shift: \(deleted.status) \(deleted.text)")
            let after = try #require(try await server.parsedFeed(of: anna).event(shift, slug: boss.slug))
            #expect(after.status == "CANCELLED")
            #expect(after.sequence == before.sequence + 1)
            #expect(after.lastModified >= before.lastModified)
        }
    }

    /// Closing a day removes the generated occurrences nobody touched (the rows are deleted):
    /// subscribers must still learn that those shifts are off.
    @Test func shiftsRemovedByAClosedDayAreEmittedAsCancelled() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let day = TestServer.localDate(in: 3)
            let fixed = try await server.client.json(.POST, "/api/v1/fixed-shifts", [
                "ownerId": anna.userID, "weekday": day.weekday.isoNumber, "startTime": "09:00", "durationMinutes": 240, "position": "bar",
            ], token: boss.token)
            try #require(fixed.status == 201, "fixed shift: \(fixed.status) \(fixed.text)")
            let rows = try await server.pool.query(
                "SELECT id FROM shifts WHERE owner_id = $1 AND local_date = $2::date", [anna.userID, day.description])
            let occurrence: Int64 = try #require(try rows.first?.decode("id"))
            let before = try #require(try await server.parsedFeed(of: anna).event(occurrence, slug: boss.slug))
            #expect(before.status == "CONFIRMED")

            let closed = try await server.client.json(.POST, "/api/v1/closed-days", ["date": day.description, "name": "Inventory"], token: boss.token)
            try #require(closed.status == 201, "closed day: \(closed.status) \(closed.text)")
            #expect(try await server.pool.query("SELECT 1 FROM shifts WHERE id = $1", [occurrence]).isEmpty, "the occurrence is deleted")
            let after = try #require(try await server.parsedFeed(of: anna).event(occurrence, slug: boss.slug))
            #expect(after.status == "CANCELLED")
            #expect(after.sequence > before.sequence)
            #expect(after.start == before.start)
        }
    }

    @Test func aDeactivatedMembersFeedIsGone() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let feed = try await server.enableFeed(as: anna)
            #expect(try await server.client.send(.GET, feed.path).status == 200)
            let deactivated = try await server.client.json(.PATCH, "/api/v1/users/\(anna.userID)", ["active": false], token: boss.token)
            try #require(deactivated.status == 200, "deactivate: \(deactivated.status) \(deactivated.text)")
            #expect(try await server.client.send(.GET, feed.path).status == 404)
        }
    }
}

// MARK: - Helpers

/// One VEVENT as Python's `icalendar` read it.
struct ParsedCalendarEvent: Sendable {
    var uid: String
    var summary: String
    var status: String
    var sequence: Int
    var start: Date
    var end: Date
    var lastModified: Date
}

/// A whole feed as Python's `icalendar` read it.
struct ParsedCalendar: Sendable {
    var calendar: [String: String]
    var events: [ParsedCalendarEvent]
    var longestLine: Int

    func event(_ shiftID: some BinaryInteger, slug: String) -> ParsedCalendarEvent? {
        events.first { $0.uid == "shift-\(shiftID)@\(slug)" }
    }
}

extension TestServer {
    /// Turns on (or rotates) `account`'s feed and returns its URL and path.
    func enableFeed(as account: Account) async throws -> (url: String, path: String) {
        let response = try await client.json(.POST, "/api/v1/calendar-feed", token: account.token)
        try #require(response.status == 201, "enable feed: \(response.status) \(response.text)")
        #expect(response.json["enabled"] as? Bool == true)
        return (try #require(response.json["url"] as? String), try #require(response.json["path"] as? String))
    }

    /// Fetches `account`'s feed (turning it on) and parses it with Python's `icalendar`.
    func parsedFeed(of account: Account) async throws -> ParsedCalendar {
        let (_, path) = try await enableFeed(as: account)
        let response = try await client.send(.GET, path)
        try #require(response.status == 200, "feed: \(response.status) \(response.text)")
        return try ICalendarParser.parse(response.body)
    }
}

/// Runs python3 with the `icalendar` package over a feed and decodes what it read.
enum ICalendarParser {
    static let script = #"""
import json, sys
import icalendar
raw = open(sys.argv[1], 'rb').read()
lines = raw.split(b'\r\n')
assert lines[-1] == b'', 'the document must end with CRLF'
assert b'\n' not in b''.join(lines), 'bare LF in the document'
calendar = icalendar.Calendar.from_ical(raw)
errors = [str(e) for c in calendar.walk() for e in getattr(c, 'errors', [])]
assert not errors, errors
def utc(value):
    return value.dt.timestamp()
events = []
for event in calendar.walk('VEVENT'):
    events.append({
        'uid': str(event['UID']), 'summary': str(event['SUMMARY']), 'status': str(event['STATUS']),
        'sequence': int(event['SEQUENCE']), 'start': utc(event['DTSTART']), 'end': utc(event['DTEND']),
        'lastModified': utc(event['LAST-MODIFIED']),
    })
    assert event['DTSTART'].dt.tzinfo is not None and event['DTSTART'].dt.utcoffset().total_seconds() == 0
header = {key: str(calendar[key]) for key in ('VERSION', 'PRODID', 'METHOD', 'CALSCALE', 'X-WR-TIMEZONE', 'X-WR-CALNAME') if key in calendar}
print(json.dumps({'calendar': header, 'events': events, 'longestLine': max(len(l) for l in lines)}))
"""#

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func parse(_ document: Data) throws -> ParsedCalendar {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("feed-\(UUID().uuidString).ics")
        try document.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        // The project's runner (posix_spawn, output through a file): Foundation's `Process` wait
        // was seen to hang on Linux off the main thread.
        let outcome = try ExternalCommand(executable: "/usr/bin/env", arguments: ["python3", "-c", script, file.path]).runBlocking()
        let text = outcome.output
        guard outcome.status == 0 else {
            if text.contains("No module named 'icalendar'") {
                throw Failure(description: "The calendar tests need Python's icalendar package: run `python3 -m pip install icalendar` (make test does this).")
            }
            throw Failure(description: "icalendar refused the feed:\n\(text)\n--- feed ---\n\(String(decoding: document, as: UTF8.self))")
        }
        let lastLine = text.split(separator: "\n").last.map(String.init) ?? ""
        guard let object = try JSONSerialization.jsonObject(with: Data(lastLine.utf8)) as? [String: Any],
              let calendar = object["calendar"] as? [String: String],
              let events = object["events"] as? [[String: Any]]
        else { throw Failure(description: "unexpected parser output: \(text)") }
        return ParsedCalendar(
            calendar: calendar,
            events: try events.map { event in
                func number(_ key: String) throws -> Double {
                    guard let value = event[key] as? Double ?? (event[key] as? Int).map(Double.init) else {
                        throw Failure(description: "no \(key) in \(event)")
                    }
                    return value
                }
                return ParsedCalendarEvent(
                    uid: event["uid"] as? String ?? "", summary: event["summary"] as? String ?? "",
                    status: event["status"] as? String ?? "", sequence: Int(try number("sequence")),
                    start: Date(timeIntervalSince1970: try number("start")), end: Date(timeIntervalSince1970: try number("end")),
                    lastModified: Date(timeIntervalSince1970: try number("lastModified")))
            },
            longestLine: object["longestLine"] as? Int ?? 0)
    }
}
