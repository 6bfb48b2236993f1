import Foundation
import ShiftyDomain
@testable import ShiftyFeatures
import ShiftyPostgres
@testable import ShiftyServer
import ShiftyTestSupport
import Testing

/// Every way a shift changes, one after another on one workplace: each step's changed shifts must
/// leave with an event that names them, and the events on the wire (type, audience, addressees,
/// payload, order) must stay exactly as recorded in `ShiftAnnouncementTranscript.txt`.
///
/// A shift counts as announced when an event the whole workplace receives names it:
/// `team_schedule.changed` by id (or, for a large generation that lists no ids, by date and owner;
/// or by the fixed shift it belongs to), `shift.closed_day` by id among the removed shifts, or
/// `workplace.time_zone_changed` (every shift of the workplace may have moved).
///
/// Ids, dates and instants in the transcript are written relative to the test (dates as `D+n`
/// from today in Amsterdam, instants as local `D+n HH:MM`, ids as they are in a fresh database),
/// so it holds on any day. `SHIFTY_RECORD_SHIFT_EVENTS=1` rewrites the file instead of comparing.
@Suite struct ShiftAnnouncementTests {
    static let transcriptFile = TestServer.repositoryRoot.appendingPathComponent("Tests/ShiftyServerTests/ShiftAnnouncementTranscript.txt")

    @Test func everyShiftChangeLeavesWithItsEventsAndTheEventsStayTheSame() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace(slug: "announcer")
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            var steps = ShiftEventRecorder(server: server, workplaceID: boss.workplaceID)
            let day = { (days: Int) in TestServer.localDate(in: days).description }

            // Managers' one-off shifts and their edits (ShiftService+Manager, +Edit).
            let one = try await steps.record("create shift") {
                try await server.createShift(by: boss, ownerID: anna.userID, on: day(2), at: "10:00", minutes: 240)
            }
            try await steps.record("edit shift") {
                try await server.client.json(.PATCH, "/api/v1/shifts/\(one)", ["startTime": "11:00", "position": "bar"], token: boss.token)
            }
            // The marketplace: offer, pick-up, approval.
            try await steps.record("supply") { try await server.act("/shifts/\(one)/supply", as: anna) }
            let pickUp = try await steps.record("pick up") { try await server.act("/shifts/\(one)/pick-up", as: bram) }
            try await steps.record("approve") {
                try await server.act("/deals/\(try #require(pickUp.dealID, "\(pickUp.text)"))/approve", ["note": "fine"], as: boss)
            }
            let two = try await steps.record("create second shift") {
                try await server.createShift(by: boss, ownerID: anna.userID, on: day(4), at: "09:00", minutes: 180)
            }
            try await steps.record("unassign") { try await server.act("/shifts/\(two)/unassign", ["note": "ill"], as: boss) }
            try await steps.record("assign") { try await server.act("/shifts/\(two)/assign", ["ownerId": bram.userID], as: boss) }
            try await steps.record("cancel") { try await server.client.json(.DELETE, "/api/v1/shifts/\(two)", token: boss.token) }

            // Fixed shifts (ShiftService's fixed-shift writes) and their generation.
            let weekday = TestServer.localDate(in: 3).weekday.isoNumber
            let fixed = try await steps.record("create fixed shift") {
                try await server.client.json(.POST, "/api/v1/fixed-shifts", [
                    "ownerId": anna.userID, "weekday": weekday, "startTime": "08:00", "durationMinutes": 120,
                ], token: boss.token)
            }
            let fixedID = try #require(fixed.json["id"] as? Int, "\(fixed.text)")
            try await steps.record("edit fixed shift") {
                try await server.client.json(.PATCH, "/api/v1/fixed-shifts/\(fixedID)", ["startTime": "07:30"], token: boss.token)
            }
            // Anna is trained for the kitchen and Bram is not: his kitchen shift needs the manager's override.
            _ = try await server.client.json(.PUT, "/api/v1/users/\(anna.userID)/qualifications", ["positions": ["kitchen"]], token: boss.token)
            let overridden = try await steps.record("create fixed shift with an override") {
                try await server.client.json(.POST, "/api/v1/fixed-shifts", [
                    "ownerId": bram.userID, "weekday": weekday % 7 + 1, "startTime": "12:00", "durationMinutes": 60, "position": "kitchen",
                    "override": true, "reason": "Training booked",
                ], token: boss.token)
            }
            let overriddenID = try #require(overridden.json["id"] as? Int, "\(overridden.text)")
            try await steps.record("end fixed shift") {
                try await server.client.json(.DELETE, "/api/v1/fixed-shifts/\(overriddenID)", token: boss.token)
            }

            // A fixed-shift request approved by a manager (FixedShiftRequestWriter).
            try await FixedShiftRequestTests.employeesManage(false, server, boss: boss)
            let asked = try await steps.record("request fixed shift") {
                try await server.act("/fixed-shift-requests", [
                    "kind": "add", "weekday": TestServer.localDate(in: 5).weekday.isoNumber, "startTime": "16:00", "durationMinutes": 90,
                ], as: bram)
            }
            let requestID = try #require(asked.json["id"] as? Int, "\(asked.text)")
            try await steps.record("approve fixed-shift request") {
                try await server.act("/fixed-shift-requests/\(requestID)/approve", ["note": "ok"], as: boss)
            }

            // Closed days (ClosedDayWriter): closing removes the generated shifts, reopening generates them again.
            let closedDay = TestServer.localDate(in: 10).description
            try await steps.record("close day") {
                try await server.client.json(.POST, "/api/v1/closed-days", ["date": closedDay, "name": "Inventory"], token: boss.token)
            }
            try await steps.record("reopen day") { try await server.client.json(.DELETE, "/api/v1/closed-days/\(closedDay)", token: boss.token) }

            // Approved time off releases the generated shifts inside it.
            let offDay = TestServer.localDate(in: 17).description
            let timeOff = try await steps.record("request time off") { try await server.act("/time-off", ["firstDate": offDay, "lastDate": offDay], as: anna) }
            let timeOffID = try #require(timeOff.json["id"] as? Int, "\(timeOff.text)")
            try await steps.record("approve time off") { try await server.act("/time-off/\(timeOffID)/approve", as: boss) }

            // Generation a week later (the maintenance job's call) with one week the rulebook refuses.
            // The new week of Anna's fixed shift (D+3 + 8 weeks) meets a one-off shift of hers that day.
            let later = Date().addingTimeInterval(7 * 86_400)
            _ = try await server.createShift(by: boss, ownerID: anna.userID, on: day(3 + 56), at: "12:00", minutes: 60)
            try await steps.record("generate a week later") {
                try await server.pool.withConnection { try ScheduleGenerator.generate(asOf: later, workplaceID: boss.workplaceID, on: $0) }
            }

            // The workplace's time zone (WorkplaceTimeZoneChange) moves the untouched generated shifts.
            try await steps.record("change time zone") {
                try await server.client.json(.PATCH, "/api/v1/workplace", ["timeZone": "Europe/London"], token: boss.token)
            }

            #expect(steps.unannounced.isEmpty, "shift changes without their event:\n\(steps.unannounced.joined(separator: "\n"))")
            let transcript = steps.lines.joined(separator: "\n") + "\n"
            if ProcessInfo.processInfo.environment["SHIFTY_RECORD_SHIFT_EVENTS"] == "1" {
                try transcript.write(to: Self.transcriptFile, atomically: true, encoding: .utf8)
                return
            }
            let expected = try String(contentsOf: Self.transcriptFile, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            let got = transcript.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(got.count == expected.count, "\(got.count) lines, expected \(expected.count)")
            for (index, line) in got.enumerated() where index >= expected.count || expected[index] != line {
                Issue.record("line \(index + 1) differs:\n  got      \(line)\n  expected \(index < expected.count ? String(expected[index]) : "nothing")")
            }
        }
    }
}

extension ShiftAnnouncementTests {
    /// Rows reach the outbox through `EventWriter` (one row) or `EventBatch` (one statement), and
    /// only `ShiftAnnouncer` composes events about shifts: the other writers announce requests,
    /// availability, reminders and settings. A new file writing events fails here until it is
    /// listed (or, being about shifts, says its news to the announcer instead).
    @Test func onlyTheAnnouncerWritesEventsAboutShifts() throws {
        let sources = TestServer.repositoryRoot.appendingPathComponent("Sources")
        let allowed: [String: Set<String>] = [
            "ShiftyEvents/EventWriter.swift": ["INSERT INTO events"],
            "ShiftyEvents/EventBatch.swift": ["INSERT INTO events"],
            "ShiftyFeatures/Shifts/ShiftAnnouncer.swift": ["EventBatch("],
            "ShiftyFeatures/TimeOff/TimeOffService.swift": ["EventWriter.insert("],
            "ShiftyFeatures/TimeOff/AvailabilityService.swift": ["EventWriter.insert("],
            "ShiftyFeatures/Reminders/ShiftReminderService.swift": ["EventWriter.insert("],
            "ShiftyFeatures/Accounts/AccountService.swift": ["EventWriter.insert("],
            "ShiftyFeatures/FixedShiftRequests/FixedShiftRequestService.swift": ["EventWriter.insert("],
        ]
        var found: [String: Set<String>] = [:]
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            let relative = String(file.path.dropFirst(sources.path.count + 1))
            for writer in ["INSERT INTO events", "EventWriter.insert(", "EventBatch("]
            where text.range(of: writer, options: .caseInsensitive) != nil {
                found[relative, default: []].insert(writer)
            }
        }
        #expect(found.keys.sorted() == allowed.keys.sorted(), "files writing events: \(found)")
        for (file, writers) in found {
            #expect(writers.isSubset(of: allowed[file] ?? []), "\(file) writes events with \(writers)")
        }
    }
}

/// Runs one step of the scenario: the workplace's shifts before and after, and the events the step wrote.
struct ShiftEventRecorder {
    let server: TestServer
    let workplaceID: Int64
    private(set) var lines: [String] = []
    private(set) var unannounced: [String] = []

    init(server: TestServer, workplaceID: Int64) {
        self.server = server
        self.workplaceID = workplaceID
    }

    struct ShiftRow: Equatable {
        var id: Int64, owner: Int64, date: String, fixedShift: Int64?, state: String
    }

    func shifts() async throws -> [Int64: ShiftRow] {
        let rows = try await server.pool.query(
            """
            SELECT id, owner_id, local_date::text AS d, fixed_shift_id,
                   concat_ws(' ', status, starts_at, ends_at, position, deal_id, request_id, unassigned) AS state
            FROM shifts WHERE workplace_id = $1
            """, [workplaceID])
        return Dictionary(uniqueKeysWithValues: try rows.map {
            let row = ShiftRow(
                id: try $0.decode("id"), owner: try $0.decode("owner_id"), date: try $0.decode("d"), fixedShift: try $0.decode("fixed_shift_id"),
                state: try $0.decode("state"))
            return (row.id, row)
        })
    }

    @discardableResult
    mutating func record<T>(_ label: String, _ body: () async throws -> T) async throws -> T {
        let before = try await shifts()
        let lastEvent = try await server.pool.query("SELECT coalesce(max(id), 0)::bigint AS id FROM events")[0].decode("id", as: Int64.self)
        let result = try await body()
        if let response = result as? TestHTTPClient.Response {
            try #require(response.status < 300, "\(label): \(response.status) \(response.text)")
        }
        let after = try await shifts()
        let events = try await server.pool.query(
            """
            SELECT type, audience, user_ids, manager_only, payload::text AS payload FROM events
            WHERE id > $1 AND workplace_id = $2 ORDER BY id
            """, [lastEvent, workplaceID])
        var announced: [(type: String, payload: [String: Any])] = []
        lines.append("# \(label)")
        for event in events {
            let type: String = try event.decode("type")
            let payload: String = try event.decode("payload")
            let users: [Int64] = try event.decode("user_ids")
            let audience: String = try event.decode("audience")
            let managerOnly: Bool = try event.decode("manager_only")
            lines.append("\(type) \(audience) \(users) \(managerOnly) \(Self.relative(payload))")
            announced.append((type, (try JSONSerialization.jsonObject(with: Data(payload.utf8)) as? [String: Any]) ?? [:]))
        }
        let changed = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
        for id in changed {
            let rows = [before[id], after[id]].compactMap { $0 }
            if !rows.contains(where: { row in announced.contains { Self.names(row, $0.type, $0.payload) } }) {
                unannounced.append("\(label): shift \(id) \(before[id]?.state ?? "new") → \(after[id]?.state ?? "removed")")
            }
        }
        return result
    }

    /// Whether a workplace-wide event names the shift (see the suite's comment).
    static func names(_ shift: ShiftRow, _ type: String, _ payload: [String: Any]) -> Bool {
        let ints = { (key: String) in (payload[key] as? [Any])?.compactMap { ($0 as? NSNumber)?.int64Value } ?? [] }
        switch type {
        case "team_schedule.changed":
            let ids = ints("shiftIds")
            if ids.contains(shift.id) { return true }
            if let fixed = (payload["fixedShiftId"] as? NSNumber)?.int64Value, fixed == shift.fixedShift { return true }
            return ids.isEmpty && ((payload["dates"] as? [String]) ?? []).contains(shift.date) && ints("ownerIds").contains(shift.owner)
        case "shift.closed_day":
            return ((payload["removedShifts"] as? [[String: Any]]) ?? []).contains { ($0["id"] as? NSNumber)?.int64Value == shift.id }
        case "workplace.time_zone_changed":
            return true
        default:
            return false
        }
    }

    /// The payload with its dates as `D+n` (from today in Amsterdam) and its instants as local
    /// `D+n HH:MM` and its weekdays as the day ahead they fall on, so the transcript holds on any
    /// day; the moments a row was written (`…At` keys outside a shift's times) are `<now>`.
    static func relative(_ payload: String) -> String {
        let zone = TestServer.amsterdam
        let today = zone.localDate(of: Date())
        func offset(_ date: LocalDate) -> String {
            let days = date.daysSinceEpoch - today.daysSinceEpoch
            return days < 0 ? "D\(days)" : "D+\(days)"
        }
        var text = payload
        let stamped = /"(createdAt|updatedAt|decidedAt|requestedAt|at)": "[^"]*"/
        text = text.replacing(stamped) { "\"\($0.output.1)\": \"<now>\"" }
        let instant = /"(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z)"/
        let formatter = ISO8601DateFormatter()
        text = text.replacing(instant) { match in
            guard let date = formatter.date(from: String(match.output.1).replacing(/\.\d+/, with: "")) else { return String(match.output.0) }
            let local = zone.localDateTime(of: date)
            return "\"\(offset(local.date)) \(local.time)\""
        }
        // A weekday (1 Monday … 7 Sunday) as the day ahead it falls on, so the transcript holds on any day of the week.
        text = text.replacing(/"weekday": ([1-7])/) { match in
            let ahead = ((Int(match.output.1) ?? 1) - today.weekday.isoNumber + 7) % 7
            return "\"weekday\": \"<weekday of D+\(ahead)>\""
        }
        text = text.replacing(/"(\d{4}-\d{2}-\d{2})"/) { match in
            guard let date = LocalDate(String(match.output.1)) else { return String(match.output.0) }
            return "\"\(offset(date))\""
        }
        return text
    }
}
