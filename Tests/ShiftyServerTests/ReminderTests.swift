import Foundation
import Logging
import ShiftyPostgres
import ShiftyTestSupport
import Testing

@testable import ShiftyServer
@testable import ShiftyFeatures

/// Shift reminders against a real database: exactly once across concurrent instances, inside the
/// window only, again after a move, to the owner at the time, and switchable off per workplace.
///
/// Shifts lie two or more days ahead and ticks run at injected instants, so the reminder service
/// the test server itself runs (on the real clock) never claims them.
@Suite struct ReminderTests {
    static func service(_ server: TestServer) -> ShiftReminderService {
        ShiftReminderService(pool: server.pool, logger: Logger(label: "test.reminders"))
    }

    static func startsAt(_ shiftID: Int64, _ server: TestServer) async throws -> Date {
        try await server.pool.query("SELECT starts_at FROM shifts WHERE id = $1", [shiftID])[0].decode("starts_at")
    }

    /// The `shift.reminder` events of a workplace: recipient, shift, owner in the snapshot, lead time.
    struct ReminderEvent: Equatable {
        var userIDs: String
        var shiftID: Int64
        var snapshotOwner: Int64
        var minutesBefore: Int
    }

    static func reminders(_ server: TestServer, workplace: Int64) async throws -> [ReminderEvent] {
        try await server.pool.query(
            """
            SELECT user_ids::text AS users, (payload -> 'shiftIds' ->> 0)::bigint AS shift_id,
                   (payload -> 'shifts' -> 0 ->> 'ownerId')::bigint AS owner, (payload ->> 'minutesBefore')::int AS minutes
            FROM events WHERE workplace_id = $1 AND type = 'shift.reminder' ORDER BY id
            """,
            [workplace]
        ).map { row in
            ReminderEvent(
                userIDs: try row.decode("users"), shiftID: try row.decode("shift_id"),
                snapshotOwner: try row.decode("owner"), minutesBefore: try row.decode("minutes"))
        }
    }

    @Test func concurrentInstancesRemindEachShiftExactlyOnce() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            var shifts: [Int64] = []
            for name in ["anna", "bram", "chloe"] {
                let member = try await server.createEmployee(in: boss, username: name)
                shifts.append(try await server.createShift(by: boss, for: member, inDays: 3, at: "10:00", minutes: 240))
            }
            let start = try await Self.startsAt(shifts[0], server)
            let now = start.addingTimeInterval(-10 * 60)
            let instances = (0..<4).map { _ in Self.service(server) }
            let claimed = try await withThrowingTaskGroup(of: [ShiftReminder].self) { group in
                for instance in instances { group.addTask { try await instance.tick(now: now) } }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            #expect(claimed.map(\.shiftID).sorted() == shifts.sorted(), "each shift claimed by exactly one instance")
            #expect(try await Self.reminders(server, workplace: boss.workplaceID).map(\.shiftID).sorted() == shifts.sorted())

            // Later ticks, on any instance, find nothing left.
            #expect(try await instances[0].tick(now: now.addingTimeInterval(60)).isEmpty)
            #expect(try await Self.reminders(server, workplace: boss.workplaceID).count == 3)
        }
    }

    @Test func onlyInsideTheWindowAndNeverLate() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let shift = try await server.createShift(by: boss, for: anna, inDays: 2)
            let start = try await Self.startsAt(shift, server)
            let service = Self.service(server)

            #expect(try await service.tick(now: start.addingTimeInterval(-31 * 60)).isEmpty, "31 minutes before: not yet")
            // A server that was down through the whole window sends nothing once the shift started.
            #expect(try await service.tick(now: start).isEmpty)
            #expect(try await service.tick(now: start.addingTimeInterval(60)).isEmpty)
            #expect(try await Self.reminders(server, workplace: boss.workplaceID).isEmpty)

            // One that comes back inside the window still reminds.
            let sent = try await service.tick(now: start.addingTimeInterval(-30 * 60))
            #expect(sent.map(\.shiftID) == [shift] && sent.first?.ownerID == anna.userID)
            let events = try await Self.reminders(server, workplace: boss.workplaceID)
            #expect(events == [ReminderEvent(userIDs: "{\(anna.userID)}", shiftID: shift, snapshotOwner: anna.userID, minutesBefore: 30)])
            let payload: String = try await server.pool.query(
                "SELECT payload ->> 'startsAt' AS starts FROM events WHERE type = 'shift.reminder' AND workplace_id = $1",
                [boss.workplaceID])[0].decode("starts")
            #expect(ISO8601DateFormatter().date(from: payload) == start)
            #expect(try await service.tick(now: start.addingTimeInterval(-5 * 60)).isEmpty, "never twice")
        }
    }

    @Test func aMovedShiftIsRemindedAgainAtItsNewTime() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let shift = try await server.createShift(by: boss, for: anna, inDays: 2)
            let start = try await Self.startsAt(shift, server)
            let service = Self.service(server)
            #expect(try await service.tick(now: start.addingTimeInterval(-20 * 60)).count == 1)

            _ = try await server.pool.execute(
                "UPDATE shifts SET starts_at = starts_at + interval '3 hours', ends_at = ends_at + interval '3 hours' WHERE id = $1",
                [shift])
            let moved = start.addingTimeInterval(3 * 3600)
            #expect(try await service.tick(now: start.addingTimeInterval(-10 * 60)).isEmpty, "the new start is not due yet")
            #expect(try await service.tick(now: moved.addingTimeInterval(-25 * 60)).map(\.startsAt) == [moved])
            #expect(try await service.tick(now: moved.addingTimeInterval(-5 * 60)).isEmpty)
            #expect(try await Self.reminders(server, workplace: boss.workplaceID).count == 2)
        }
    }

    @Test func aShiftTradedBeforeItsReminderRemindsTheNewOwner() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let shift = try await server.createShift(by: boss, for: anna, inDays: 2)
            let start = try await Self.startsAt(shift, server)
            let assigned = try await server.act("/shifts/\(shift)/assign", ["ownerId": bram.userID], as: boss)
            #expect(assigned.status == 200, "\(assigned.text)")

            let sent = try await Self.service(server).tick(now: start.addingTimeInterval(-15 * 60))
            #expect(sent.map(\.ownerID) == [bram.userID])
            let events = try await Self.reminders(server, workplace: boss.workplaceID)
            #expect(events == [ReminderEvent(userIDs: "{\(bram.userID)}", shiftID: shift, snapshotOwner: bram.userID, minutesBefore: 30)])
        }
    }

    @Test func theWorkplaceSettingChangesOrSwitchesOffTheReminder() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let first = try await server.createShift(by: boss, for: anna, inDays: 2)
            let second = try await server.createShift(by: boss, for: anna, inDays: 4)
            let service = Self.service(server)

            for invalid in [-1, 3, 1441] {
                let refused = try await server.client.json(.PATCH, "/api/v1/workplace", ["settings": ["reminderMinutesBefore": invalid]], token: boss.token)
                #expect(refused.status == 422 && refused.problemCode == "validation_failed", "\(invalid): \(refused.text)")
            }
            let off = try await server.client.json(.PATCH, "/api/v1/workplace", ["settings": ["reminderMinutesBefore": 0]], token: boss.token)
            #expect(off.status == 200, "\(off.text)")
            #expect((off.json["settings"] as? [String: Any])?["reminderMinutesBefore"] as? Int == 0)
            let firstStart = try await Self.startsAt(first, server)
            #expect(try await service.tick(now: firstStart.addingTimeInterval(-10 * 60)).isEmpty, "reminders are off")

            let hour = try await server.client.json(.PATCH, "/api/v1/workplace", ["settings": ["reminderMinutesBefore": 60]], token: boss.token)
            #expect(hour.status == 200, "\(hour.text)")
            let secondStart = try await Self.startsAt(second, server)
            #expect(try await service.tick(now: secondStart.addingTimeInterval(-61 * 60)).isEmpty)
            #expect(try await service.tick(now: secondStart.addingTimeInterval(-45 * 60)).map(\.shiftID) == [second])
            #expect(try await Self.reminders(server, workplace: boss.workplaceID).map(\.minutesBefore) == [60])
        }
    }

    @Test func cancelledShiftsAndInactiveOwnersGetNoReminder() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let annas = try await server.createShift(by: boss, for: anna, inDays: 2)
            let brams = try await server.createShift(by: boss, for: bram, inDays: 2)
            #expect(try await server.client.json(.DELETE, "/api/v1/shifts/\(annas)", token: boss.token).status == 204)
            _ = try await server.pool.execute("UPDATE users SET active = false WHERE id = $1", [bram.userID])
            let start = try await Self.startsAt(brams, server)
            #expect(try await Self.service(server).tick(now: start.addingTimeInterval(-10 * 60)).isEmpty)
        }
    }

    @Test func theReminderReachesOnlyTheOwnersLiveConnection() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let shift = try await server.createShift(by: boss, for: anna, inDays: 2)
            let start = try await Self.startsAt(shift, server)
            let annasConnection = try await server.live(anna, query: "topics=notifications")
            let bramsConnection = try await server.live(bram, query: "topics=notifications,schedule,marketplace")

            try await Self.service(server).tick(now: start.addingTimeInterval(-30 * 60))
            let events = try await annasConnection.waitForEvents(["shift.reminder"])
            let reminder = try #require(events.first { $0["type"] as? String == "shift.reminder" })
            let data = try #require(reminder["data"] as? [String: Any])
            #expect(data["shiftIds"] as? [Int] == [Int(shift)] && data["minutesBefore"] as? Int == 30)
            #expect((data["shifts"] as? [[String: Any]])?.first?["ownerId"] as? Int == Int(anna.userID))
            #expect(reminder["topics"] as? [String] == ["notifications"])

            // A later workplace event proves Bram's connection is live; the reminder never reached it.
            #expect(try await server.act("/shifts/\(shift)/supply", as: anna).status == 200)
            try await bramsConnection.waitForEvents(["shift.supplied"])
            #expect(!bramsConnection.eventTypes.contains("shift.reminder"))
            await annasConnection.close()
            await bramsConnection.close()
        }
    }
}
