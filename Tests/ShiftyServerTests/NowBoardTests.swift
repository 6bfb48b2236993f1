import Foundation
import Logging
import ShiftyDomain
import ShiftyTestSupport
import Testing

@testable import ShiftyServer
@testable import ShiftyLive
@testable import ShiftyFeatures

/// The "now" board: the pure computation at fixed instants, and `GET /api/v1/now` over HTTP.
@Suite struct NowBoardTests {
    static let zone = TestServer.amsterdam

    /// The Amsterdam instant of `date` at `time` ("2026-11-23", "09:00").
    static func at(_ date: String, _ time: String) throws -> Date {
        zone.instant(on: try #require(LocalDate(date)), at: try #require(LocalTime(time)))
    }

    static func shift(
        _ id: Int64, _ name: String, _ date: String, _ start: String, minutes: Int, position: String? = "bar"
    ) throws -> NowBoardShift {
        let startsAt = try at(date, start)
        return NowBoardShift(
            id: id, ownerID: id * 10, ownerName: name, position: position, date: try #require(LocalDate(date)),
            startsAt: startsAt, endsAt: startsAt.addingTimeInterval(TimeInterval(minutes * 60)))
    }

    /// Monday 23 November 2026: Anna 09:00–17:00, Bram 12:00–20:00; Chloé and Daan 10:00 and Emma 12:00 on Tuesday.
    static func monday() throws -> [NowBoardShift] {
        [
            try shift(1, "Anna", "2026-11-23", "09:00", minutes: 480),
            try shift(2, "Bram", "2026-11-23", "12:00", minutes: 480, position: "kitchen"),
            try shift(3, "Chloé", "2026-11-24", "10:00", minutes: 240),
            try shift(4, "Daan", "2026-11-24", "10:00", minutes: 240),
            try shift(5, "Emma", "2026-11-24", "12:00", minutes: 240),
        ]
    }

    @Test func beforeTheFirstShiftEveryoneOfTodayIsNext() throws {
        let board = ComputedNowBoard(shifts: try Self.monday(), now: try Self.at("2026-11-23", "08:00"), zone: Self.zone)
        #expect(board.date.description == "2026-11-23" && board.timeZone == "Europe/Amsterdam")
        #expect(board.onShift.isEmpty)
        #expect(board.next?.when == .today && board.next?.date.description == "2026-11-23")
        #expect(board.next?.shifts.map(\.shiftId) == [1, 2])
        #expect(board.next?.shifts.first?.startTime.description == "09:00" && board.next?.shifts.first?.endTime.description == "17:00")
        #expect(board.next?.shifts.allSatisfy { $0.percentDone == nil } == true)
        #expect(board.dayStart == (try Self.at("2026-11-23", "09:00")))
        #expect(board.dayEnd == (try Self.at("2026-11-23", "20:00")))
        #expect(board.dayProgressPercent == 0)
        #expect(board.closedDay == nil)
    }

    @Test func duringOverlappingShiftsBothAreOnShiftWithTheirOwnProgress() throws {
        let board = ComputedNowBoard(shifts: try Self.monday(), now: try Self.at("2026-11-23", "13:00"), zone: Self.zone)
        #expect(board.onShift.map(\.shiftId) == [1, 2])
        #expect(board.onShift.map(\.percentDone) == [50, 12.5])
        #expect(board.onShift.map(\.user.name) == ["Anna", "Bram"])
        #expect(board.onShift[1].position == "kitchen")
        // Nobody else starts today: the earliest shifts of Tuesday, both at 10:00, not Emma's at 12:00.
        #expect(board.next?.when == .laterDay && board.next?.date.description == "2026-11-24")
        #expect(board.next?.shifts.map(\.shiftId) == [3, 4])
        // 4 of the day's 11 hours (09:00–20:00) have passed.
        #expect(board.dayProgressPercent == 36.4)
    }

    @Test func betweenShiftsNobodyIsOnShiftAndTheNextOneIsToday() throws {
        let shifts = [
            try Self.shift(1, "Anna", "2026-11-23", "09:00", minutes: 180),
            try Self.shift(2, "Bram", "2026-11-23", "14:00", minutes: 240),
        ]
        let board = ComputedNowBoard(shifts: shifts, now: try Self.at("2026-11-23", "13:00"), zone: Self.zone)
        #expect(board.onShift.isEmpty)
        #expect(board.next?.when == .today && board.next?.shifts.map(\.shiftId) == [2])
        #expect(board.dayProgressPercent == 44.4, "4 of 9 hours")
    }

    @Test func afterTheLastShiftTheDayIsDoneAndNextLooksAtMostAWeekAhead() throws {
        let board = ComputedNowBoard(shifts: try Self.monday(), now: try Self.at("2026-11-23", "21:00"), zone: Self.zone)
        #expect(board.onShift.isEmpty)
        #expect(board.dayProgressPercent == 100)
        #expect(board.next?.when == .laterDay && board.next?.shifts.map(\.shiftId) == [3, 4])

        let farAway = [try Self.shift(9, "Finn", "2026-12-01", "10:00", minutes: 60)]
        let quiet = ComputedNowBoard(shifts: farAway, now: try Self.at("2026-11-23", "21:00"), zone: Self.zone)
        #expect(quiet.next == nil, "eight days ahead is beyond the look-ahead")
        #expect(quiet.dayStart == nil && quiet.dayEnd == nil && quiet.dayProgressPercent == nil)
        let withinAWeek = ComputedNowBoard(shifts: farAway, now: try Self.at("2026-11-24", "08:00"), zone: Self.zone)
        #expect(withinAWeek.next?.date.description == "2026-12-01")
    }

    @Test func aNightShiftFromYesterdayIsOnShiftButNotPartOfToday() throws {
        let night = [try Self.shift(7, "Finn", "2026-11-22", "22:00", minutes: 360)]
        let board = ComputedNowBoard(shifts: night, now: try Self.at("2026-11-23", "02:00"), zone: Self.zone)
        #expect(board.onShift.map(\.shiftId) == [7])
        #expect(board.onShift.first?.percentDone == 66.7)
        #expect(board.onShift.first?.endTime.description == "04:00")
        #expect(board.dayProgressPercent == nil && board.dayStart == nil)
        #expect(board.next == nil)
    }

    /// The CI run at 00:06 Amsterdam found it: a trade of a shift that began yesterday changed
    /// who is on shift but not today's schedule, and the board was not sent again.
    @Test func aTradeOfANightShiftFromYesterdayChangesTheFingerprint() throws {
        let night = try Self.shift(7, "Finn", "2026-11-22", "23:00", minutes: 120)
        var traded = night
        traded.ownerID = 80
        traded.ownerName = "Gijs"
        let now = try Self.at("2026-11-23", "00:06")
        let before = ComputedNowBoard(shifts: [night], now: now, zone: Self.zone)
        let after = ComputedNowBoard(shifts: [traded], now: now, zone: Self.zone)
        #expect(before.onShift.map(\.shiftId) == after.onShift.map(\.shiftId))
        #expect(before.fingerprint != after.fingerprint)
        // The same holds for who comes next on a later day.
        let tomorrow = try Self.shift(8, "Hana", "2026-11-24", "09:00", minutes: 60)
        var tradedTomorrow = tomorrow
        tradedTomorrow.ownerID = 90
        #expect(ComputedNowBoard(shifts: [tomorrow], now: now, zone: Self.zone).fingerprint
            != ComputedNowBoard(shifts: [tradedTomorrow], now: now, zone: Self.zone).fingerprint)
    }

    @Test func aClosedDayIsNamedAndEncodedWithExplicitNulls() throws {
        let board = ComputedNowBoard(shifts: [], now: try Self.at("2026-12-25", "12:00"), zone: Self.zone, closedDay: "Christmas")
        #expect(board.closedDay == "Christmas")
        // The document GET /now and the live `now` message carry (ShiftyAPI's NowBoard made from this board).
        let message = try #require(try JSONSerialization.jsonObject(with: Data(NowBoardMessage.text(board).utf8)) as? [String: Any])
        let json = try #require(message["now"] as? [String: Any])
        #expect(Set(json.keys) == ["date", "timeZone", "at", "closedDay", "onShift", "next", "dayStart", "dayEnd", "dayProgressPercent"])
        #expect(json["closedDay"] as? String == "Christmas")
        #expect(json["dayProgressPercent"] is NSNull && json["next"] is NSNull && json["dayStart"] is NSNull)
        #expect((json["onShift"] as? [Any])?.isEmpty == true)
        #expect(json["date"] as? String == "2026-12-25" && json["at"] as? String == "2026-12-25T11:00:00Z")
    }

    @Test func progressOnDSTDaysCountsRealHours() throws {
        // 25 October 2026: the clocks go back at 03:00, so 00:00–06:00 lasts seven hours.
        let autumn = [try Self.shift(1, "Anna", "2026-10-25", "00:00", minutes: 7 * 60)]
        #expect(autumn[0].endsAt == (try Self.at("2026-10-25", "06:00")))
        let halfPastThreeWinterTime = try #require(ISO8601DateFormatter().date(from: "2026-10-25T02:30:00Z"))
        let board = ComputedNowBoard(shifts: autumn, now: halfPastThreeWinterTime, zone: Self.zone)
        #expect(board.onShift.first?.startTime.description == "00:00" && board.onShift.first?.endTime.description == "06:00")
        #expect(board.dayProgressPercent == 64.3, "4.5 of 7 hours, not 3.5 of 6 wall-clock hours")
        #expect(board.onShift.first?.percentDone == 64.3)

        // 29 March 2026: the clocks go forward at 02:00, so 00:00–06:00 lasts five hours.
        let spring = [try Self.shift(2, "Bram", "2026-03-29", "00:00", minutes: 5 * 60)]
        #expect(spring[0].endsAt == (try Self.at("2026-03-29", "06:00")))
        let board2 = ComputedNowBoard(shifts: spring, now: try Self.at("2026-03-29", "04:00"), zone: Self.zone)
        #expect(board2.dayProgressPercent == 60, "3 of 5 hours")
    }

    @Test func theFingerprintIgnoresPercentagesButNotWhoWorks() throws {
        let shifts = try Self.monday()
        let oneOClock = ComputedNowBoard(shifts: shifts, now: try Self.at("2026-11-23", "13:00"), zone: Self.zone)
        let fivePast = ComputedNowBoard(shifts: shifts, now: try Self.at("2026-11-23", "13:05"), zone: Self.zone)
        #expect(oneOClock.dayProgressPercent != fivePast.dayProgressPercent)
        #expect(oneOClock.fingerprint == fivePast.fingerprint)

        let annaLeft = ComputedNowBoard(shifts: shifts, now: try Self.at("2026-11-23", "17:00"), zone: Self.zone)
        #expect(annaLeft.onShift.map(\.shiftId) == [2], "a shift ends at its end instant")
        #expect(annaLeft.fingerprint != oneOClock.fingerprint)

        var traded = shifts
        traded[1].ownerID = 99
        traded[1].ownerName = "Sara"
        #expect(ComputedNowBoard(shifts: traded, now: try Self.at("2026-11-23", "13:00"), zone: Self.zone).fingerprint != oneOClock.fingerprint)
    }

    @Test func theLiveMessageWrapsTheBoard() throws {
        let board = ComputedNowBoard(shifts: try Self.monday(), now: try Self.at("2026-11-23", "13:00"), zone: Self.zone)
        let message = try #require(
            try JSONSerialization.jsonObject(with: Data(NowBoardMessage.text(board).utf8)) as? [String: Any])
        #expect(message["type"] as? String == "now")
        let now = try #require(message["now"] as? [String: Any])
        #expect((now["onShift"] as? [[String: Any]])?.count == 2)
        #expect(now["dayProgressPercent"] as? Double == 36.4)
    }

    // MARK: Over HTTP

    /// Inserts a shift from `start` to `end` directly (the API refuses shifts in the past).
    static func insertShift(_ server: TestServer, owner: TestServer.Account, from start: Date, to end: Date) async throws -> Int64 {
        try await server.pool.query(
            """
            INSERT INTO shifts (workplace_id, owner_id, local_date, starts_at, ends_at, position, touched)
            VALUES ($1, $2, $3::date, $4, $5, 'bar', true) RETURNING id
            """,
            [owner.workplaceID, owner.userID, zone.localDate(of: start).description, start, end])[0].decode("id")
    }

    @Test func theRouteNeedsASessionAndShowsOnlyTheOwnWorkplace() async throws {
        try await TestServer.with { server in
            let anonymous = try await server.client.json(.GET, "/api/v1/now")
            #expect(anonymous.status == 401 && anonymous.problemCode == "unauthenticated")

            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let other = try await server.createWorkplace()
            let now = Date()
            let annasShift = try await Self.insertShift(server, owner: anna, from: now.addingTimeInterval(-3600), to: now.addingTimeInterval(3600))
            let othersShift = try await Self.insertShift(server, owner: other, from: now.addingTimeInterval(-3600), to: now.addingTimeInterval(3600))

            let response = try await server.client.json(.GET, "/api/v1/now", token: anna.token)
            #expect(response.status == 200, "\(response.text)")
            let board = response.json
            #expect(board["timeZone"] as? String == "Europe/Amsterdam")
            #expect(board["date"] as? String == Self.zone.localDate(of: Date()).description)
            let onShift = try #require(board["onShift"] as? [[String: Any]])
            #expect(onShift.compactMap { $0["shiftId"] as? Int } == [Int(annasShift)])
            let person = try #require(onShift.first?["user"] as? [String: Any])
            #expect(person["id"] as? Int == Int(anna.userID) && person["name"] as? String == "Anna")
            let percent = try #require(onShift.first?["percentDone"] as? Double)
            #expect(percent > 40 && percent < 60)

            let theirs = try await server.client.json(.GET, "/api/v1/now", token: other.token)
            let theirShifts = try #require(theirs.json["onShift"] as? [[String: Any]])
            #expect(theirShifts.compactMap { $0["shiftId"] as? Int } == [Int(othersShift)])
        }
    }

    @Test func theRouteNamesAClosedDayAndSkipsCancelledShifts() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let now = Date()
            let cancelled = try await Self.insertShift(server, owner: boss, from: now.addingTimeInterval(-600), to: now.addingTimeInterval(600))
            _ = try await server.pool.execute("UPDATE shifts SET status = 'cancelled' WHERE id = $1", [cancelled])
            _ = try await server.pool.execute(
                "INSERT INTO closed_days (workplace_id, day, name) VALUES ($1, $2::date, 'Inventory')",
                [boss.workplaceID, Self.zone.localDate(of: now).description])
            let board = try await server.client.json(.GET, "/api/v1/now", token: boss.token).json
            #expect(board["closedDay"] as? String == "Inventory")
            #expect((board["onShift"] as? [Any])?.isEmpty == true)
            #expect(board["dayProgressPercent"] is NSNull)
        }
    }

    // MARK: Publishing

    /// Records what the publisher sends, in place of the live hub.
    actor RecordingSink: NowBoardSink {
        var watched: [Int64]
        var sent: [(workplaceID: Int64, text: String)] = []
        init(watching workplaces: [Int64]) { watched = workplaces }
        func workplacesWatchingNow() async -> [Int64] { watched }
        func publishNow(_ text: String, workplaceID: Int64) async { sent.append((workplaceID, text)) }
        func watch(_ workplaces: [Int64]) { watched = workplaces }
    }

    @Test func thePublisherSendsABoardOnlyWhenItChangesForPeople() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let unwatched = try await server.createWorkplace()
            let now = Date()
            let shift = try await Self.insertShift(server, owner: anna, from: now.addingTimeInterval(-3600), to: now.addingTimeInterval(3600))
            let sink = RecordingSink(watching: [boss.workplaceID])
            let publisher = NowBoardPublisher(pool: server.pool, sink: sink, logger: Logger(label: "test.now"))

            #expect(try await publisher.publishChanges(now: now) == [boss.workplaceID])
            let first = try #require(await sink.sent.first)
            let message = try #require(try JSONSerialization.jsonObject(with: Data(first.text.utf8)) as? [String: Any])
            #expect(message["type"] as? String == "now")
            let board = try #require(message["now"] as? [String: Any])
            #expect((board["onShift"] as? [[String: Any]])?.compactMap { $0["shiftId"] as? Int } == [Int(shift)])

            // A minute later only the percentages moved: nothing is sent.
            #expect(try await publisher.publishChanges(now: now.addingTimeInterval(60)).isEmpty)
            // A trade changes who is on shift: sent again.
            _ = try await server.pool.execute("UPDATE shifts SET owner_id = $2 WHERE id = $1", [shift, bram.userID])
            #expect(try await publisher.publishChanges(now: now.addingTimeInterval(120)) == [boss.workplaceID])
            // The shift ends: sent again; the other workplace is never computed or sent.
            #expect(try await publisher.publishChanges(now: now.addingTimeInterval(3601)) == [boss.workplaceID])
            #expect(await sink.sent.allSatisfy { $0.workplaceID == boss.workplaceID })
            #expect(await sink.sent.count == 3)

            // Nobody watches any more, then someone again: the board is sent afresh.
            await sink.watch([])
            #expect(try await publisher.publishChanges(now: now.addingTimeInterval(3700)).isEmpty)
            await sink.watch([boss.workplaceID, unwatched.workplaceID])
            #expect(try await publisher.publishChanges(now: now.addingTimeInterval(3800)) == [boss.workplaceID, unwatched.workplaceID])

            let subscribed = try await publisher.message(workplaceID: boss.workplaceID)
            #expect(subscribed.hasPrefix("{") && subscribed.contains("\"type\":\"now\""))
        }
    }

    @Test func aLiveSubscriberGetsTheBoardRightAway() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let now = Date()
            let shift = try await Self.insertShift(server, owner: anna, from: now.addingTimeInterval(-600), to: now.addingTimeInterval(3000))

            let atConnect = try await server.live(anna, query: "topics=now")
            let board = try #require(try await atConnect.next("now")["now"] as? [String: Any])
            #expect((board["onShift"] as? [[String: Any]])?.compactMap { $0["shiftId"] as? Int } == [Int(shift)])
            await atConnect.close()

            let later = try await server.live(anna, query: "topics=marketplace")
            later.send(json: #"{"type":"subscribe","topics":["now"]}"#)
            let subscribed = try #require(try await later.next("now")["now"] as? [String: Any])
            #expect(subscribed["timeZone"] as? String == "Europe/Amsterdam")
            await later.close()
        }
    }

    @Test func theStoreFindsTheFirstDayWithShiftsWithinAWeek() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            // Today's evening is left empty: the board must look ahead.
            let tomorrow = Self.zone.localDate(of: Date()).adding(days: 1)
            let now = try Self.at(tomorrow.adding(days: -1).description, "23:30")
            let early = try await server.createShift(by: boss, ownerID: anna.userID, on: tomorrow.adding(days: 2).description, at: "10:00", minutes: 120)
            _ = try await server.createShift(by: boss, ownerID: bram.userID, on: tomorrow.adding(days: 2).description, at: "12:00", minutes: 120)
            _ = try await server.createShift(by: boss, ownerID: bram.userID, on: tomorrow.adding(days: 3).description, at: "08:00", minutes: 120)
            _ = try await server.createShift(by: boss, ownerID: anna.userID, on: tomorrow.adding(days: 11).description, at: "08:00", minutes: 120)
            let board = try await server.pool.withConnection { try NowBoardStore.board(workplaceID: boss.workplaceID, now: now, on: $0) }
            #expect(board.next?.when == .laterDay && board.next?.date == tomorrow.adding(days: 2))
            #expect(board.next?.shifts.map(\.shiftId) == [early])
            #expect(board.onShift.isEmpty && board.dayProgressPercent == nil)

            let later = try Self.at(tomorrow.adding(days: 3).description, "10:00")
            let quiet = try await server.pool.withConnection { try NowBoardStore.board(workplaceID: boss.workplaceID, now: later, on: $0) }
            #expect(quiet.next == nil, "the only later shift is eight days ahead: \(String(describing: quiet.next))")
        }
    }

    /// A clock the test moves by hand.
    final class ManualClock: @unchecked Sendable {
        private let lock = NSLock()
        private var instant: Date
        init(_ start: Date) { instant = start }
        var now: Date { lock.withLock { instant } }
        func advance(by seconds: TimeInterval) { lock.withLock { instant += seconds } }
    }

    @Test func subscribersWithinASecondShareOneComputedBoard() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let start = Date()
            let shift = try await Self.insertShift(server, owner: boss, from: start.addingTimeInterval(-600), to: start.addingTimeInterval(600))
            let clock = ManualClock(start)
            let publisher = NowBoardPublisher(
                pool: server.pool, sink: RecordingSink(watching: []), logger: Logger(label: "test.now"), clock: { clock.now })
            func onShift(_ text: String) throws -> [Int] {
                let message = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
                let board = try #require(message["now"] as? [String: Any])
                return (board["onShift"] as? [[String: Any]])?.compactMap { $0["shiftId"] as? Int } ?? []
            }
            let first = try await publisher.message(workplaceID: boss.workplaceID)
            #expect(try onShift(first) == [Int(shift)])
            _ = try await server.pool.execute("UPDATE shifts SET status = 'cancelled' WHERE id = $1", [shift])
            clock.advance(by: 0.5)
            #expect(try await publisher.message(workplaceID: boss.workplaceID) == first, "reused within a second")
            clock.advance(by: 1)
            #expect(try onShift(try await publisher.message(workplaceID: boss.workplaceID)).isEmpty, "computed afresh")
        }
    }

    // MARK: Demo

    @Test func theDemoPutsSomeoneOnShiftWhenNothingHappensAroundNow() async throws {
        try await TestServer.with { server in
            let passwords = try PasswordService(parameters: .testing, threads: 1)
            let seeder = DemoSeeder(pool: server.pool, passwords: passwords)
            try await seeder.seed(logger: Logger(label: "test"))
            try await passwords.shutdown()
            let workplaceID: Int64 = try await server.pool.query(
                "SELECT id FROM workplaces WHERE slug = $1", [DemoSeeder.workplaceSlug])[0].decode("id")

            // Tomorrow at 06:30 no demo shift runs and none starts before 09:00.
            let quiet = try Self.at(Self.zone.localDate(of: Date()).adding(days: 1).description, "06:30")
            let added = try #require(try await seeder.seedNowBoard(logger: Logger(label: "test"), now: quiet))
            #expect(try await seeder.seedNowBoard(logger: Logger(label: "test"), now: quiet) == nil, "idempotent")
            let board = try await server.pool.withConnection { try NowBoardStore.board(workplaceID: workplaceID, now: quiet, on: $0) }
            #expect(board.onShift.map(\.shiftId) == [added])
            #expect(board.onShift.first?.startTime.description == "06:00" && board.onShift.first?.percentDone == 12.5)
            #expect(board.dayProgressPercent != nil)
        }
    }
}
