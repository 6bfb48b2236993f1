import Foundation
import ShiftyAPI
import ShiftyDomain
import ShiftyTestSupport
import Testing

/// Since when each week is final (`GET /schedule-weeks`): every manager change through an
/// immediate route and every generation records a publication for the weeks it touched, at the
/// server's clock, in the change's own transaction; trades between employees never do; members
/// see their own workplace's weeks only; a bad range is a `validation_failed` problem.
@Suite struct ScheduleWeeksTests {
    /// The server's clock, moved by the test: every publication must carry exactly its time.
    final class Clock: @unchecked Sendable {
        private let lock = NSLock()
        private var instant = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
        var now: Date { lock.withLock { instant } }
        /// Moves on a minute and answers the new time.
        @discardableResult func tick() -> Date { lock.withLock { instant += 60; return instant } }
    }

    static func weeks(_ server: TestServer, from: LocalDate, to: LocalDate, as account: TestServer.Account) async throws -> [String: String?] {
        let response = try await server.client.json(
            .GET, "/api/v1/schedule-weeks?from=\(from)&to=\(to)", token: account.token)
        try #require(response.status == 200, "\(response.status) \(response.text)")
        return try Dictionary(uniqueKeysWithValues: response.jsonArray.map { week in
            let monday = try #require(week["monday"] as? String)
            #expect(week.keys.contains("publishedAt"), "publishedAt is written, null when never published")
            return (monday, week["publishedAt"] as? String)
        })
    }

    static func publications(_ server: TestServer, workplaceID: Int64) async throws -> [(by: Int64?, first: String, last: String, changes: Int64)] {
        try await server.pool.query(
            """
            SELECT published_by, first_date::text AS first_date, last_date::text AS last_date, changes::bigint AS changes
            FROM schedule_publications WHERE workplace_id = $1 ORDER BY id
            """, [workplaceID]
        ).map { row in
            (by: try row.decode("published_by", as: Int64?.self), first: try row.decode("first_date", as: String.self),
             last: try row.decode("last_date", as: String.self), changes: try row.decode("changes", as: Int64.self))
        }
    }

    @Test func everyManagerChangePublishesItsWeekAndOnlyThatWeek() async throws {
        let clock = Clock()
        try await TestServer.with(configure: { $0.clock = { clock.now } }) { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let monday = ISOWeek(containing: TestServer.localDate(in: 14)).monday
            let next = monday.adding(days: 7)
            let format = ISO8601Instant.format
            #expect(try await Self.weeks(server, from: monday, to: next.adding(days: 6), as: anna)
                == [monday.description: nil, next.description: nil])

            let created = clock.tick()
            let shift = try await server.createShift(by: boss, ownerID: anna.userID, on: monday.adding(days: 1).description, at: "10:00", minutes: 240)
            #expect(try await Self.weeks(server, from: monday, to: next, as: anna) == [monday.description: format(created), next.description: nil])

            let edited = clock.tick()
            let edit = try await server.client.json(.PATCH, "/api/v1/shifts/\(shift)", ["startTime": "11:00"], token: boss.token)
            #expect(edit.status == 200, "\(edit.text)")
            #expect(try await Self.weeks(server, from: monday, to: next, as: bram)[monday.description] == format(edited))

            let assigned = clock.tick()
            #expect(try await server.act("/shifts/\(shift)/assign", ["ownerId": bram.userID], as: boss).status == 200)
            #expect(try await Self.weeks(server, from: monday, to: monday, as: anna)[monday.description] == format(assigned))

            let unassigned = clock.tick()
            #expect(try await server.act("/shifts/\(shift)/unassign", as: boss).status == 200)
            #expect(try await Self.weeks(server, from: monday, to: monday, as: anna)[monday.description] == format(unassigned))

            // A refused change publishes nothing: its transaction rolled back with its record.
            clock.tick()
            let refused = try await server.act("/shifts/\(shift)/assign", ["ownerId": 999_999_999], as: boss)
            #expect(refused.status == 422, "\(refused.text)")

            let deleted = clock.tick()
            #expect(try await server.client.json(.DELETE, "/api/v1/shifts/\(shift)", token: boss.token).status == 204)
            #expect(try await Self.weeks(server, from: monday, to: next, as: anna) == [monday.description: format(deleted), next.description: nil])

            // Copying the week publishes the week it copies to; the week copied from stays as it was.
            let source = clock.tick()
            _ = try await server.createShift(by: boss, ownerID: anna.userID, on: monday.adding(days: 2).description, at: "09:00", minutes: 240)
            let copied = clock.tick()
            let copy = try await server.act("/shifts/copy-week", ["from": monday.description], as: boss)
            #expect(copy.status == 200 && copy.json["created"] as? Int == 1, "\(copy.text)")
            #expect(try await Self.weeks(server, from: monday, to: next, as: anna) == [monday.description: format(source), next.description: format(copied)])

            let recorded = try await Self.publications(server, workplaceID: boss.workplaceID)
            #expect(recorded.map { $0.by } == Array(repeating: boss.userID, count: 7), "create, edit, assign, unassign, delete, create, copy")
            #expect(recorded.map { $0.changes } == Array(repeating: 1, count: 7))
            #expect(recorded.last?.first == monday.adding(days: 9).description && recorded.last?.last == monday.adding(days: 9).description)
        }
    }

    @Test func aTradeBetweenEmployeesLeavesTheWeekAsPublished() async throws {
        let clock = Clock()
        try await TestServer.with(configure: { $0.clock = { clock.now } }) { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let published = clock.tick()
            let shift = try await server.createShift(by: boss, for: anna, inDays: 10)
            let monday = ISOWeek(containing: TestServer.localDate(in: 10)).monday
            let before = try await Self.publications(server, workplaceID: boss.workplaceID).count

            clock.tick()
            #expect(try await server.act("/shifts/\(shift)/supply", as: anna).status == 200)
            let picked = try await server.act("/shifts/\(shift)/pick-up", as: bram)
            #expect(picked.status == 201, "\(picked.text)")
            clock.tick()
            let approved = try await server.act("/deals/\(try #require(picked.dealID))/approve", as: boss)
            #expect(approved.status == 200, "\(approved.text)")
            #expect(try await server.shift(shift, as: bram)["ownerId"] as? Int == Int(bram.userID))

            #expect(try await Self.weeks(server, from: monday, to: monday, as: bram)[monday.description] == ISO8601Instant.format(published))
            #expect(try await Self.publications(server, workplaceID: boss.workplaceID).count == before)
        }
    }

    @Test func generationPublishesTheWeeksItCreatesWithNobodyAsPublisher() async throws {
        let clock = Clock()
        try await TestServer.with(configure: { $0.clock = { clock.now } }) { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let generated = clock.tick()
            let today = TestServer.localDate(in: 0)
            let fixed = try await server.client.json(.POST, "/api/v1/fixed-shifts", [
                "ownerId": anna.userID, "weekday": 3, "startTime": "09:00", "durationMinutes": 240, "validFrom": today.description,
            ], token: boss.token)
            #expect(fixed.status == 201, "\(fixed.text)")

            let dates = try await server.pool.query(
                "SELECT local_date::text AS d FROM shifts WHERE workplace_id = $1 ORDER BY local_date", [boss.workplaceID]
            ).map { LocalDate(try $0.decode("d", as: String.self))! }
            try #require(!dates.isEmpty)
            let mondays = Set(dates.map { ISOWeek(containing: $0).monday.description })
            let first = ISOWeek(containing: today).monday
            let weeks = try await Self.weeks(server, from: first, to: first.adding(days: 55), as: anna)
            #expect(Set(weeks.filter { $0.value != nil }.keys) == mondays.filter { $0 <= first.adding(days: 55).description })
            #expect(weeks.values.compactMap { $0 }.allSatisfy { $0 == ISO8601Instant.format(generated) })

            let recorded = try await Self.publications(server, workplaceID: boss.workplaceID)
            #expect(recorded.count == 1)
            #expect(recorded.first?.by == nil, "generation publishes the standing schedule")
            #expect(recorded.first.map { Int($0.changes) } == dates.count)
            #expect(recorded.first?.first == dates.first?.description && recorded.first?.last == dates.last?.description)
        }
    }

    @Test func aMemberSeesOnlyTheirOwnWorkplacesWeeks() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let otherBoss = try await server.createWorkplace()
            let carl = try await server.createEmployee(in: otherBoss, username: "carl")
            _ = try await server.createShift(by: boss, for: anna, inDays: 10)
            let monday = ISOWeek(containing: TestServer.localDate(in: 10)).monday
            #expect(try await Self.weeks(server, from: monday, to: monday, as: anna)[monday.description] != nil)
            #expect(try await Self.weeks(server, from: monday, to: monday, as: carl) == [monday.description: nil])
            #expect(try await Self.weeks(server, from: monday, to: monday, as: otherBoss) == [monday.description: nil])
            let anonymous = try await server.client.json(.GET, "/api/v1/schedule-weeks?from=\(monday)&to=\(monday)")
            #expect(anonymous.status == 401, "\(anonymous.text)")
        }
    }

    @Test func aBadRangeIsAValidationProblem() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            // A missing or malformed date is the query's fault (400, as every route's query); a range
            // backwards or over eight weeks is the range's (422, as the team schedule's).
            let answers: [(query: String, status: Int, code: String, detail: String)] = [
                ("to=2026-10-11", 400, "invalid_parameter", "from: is required (a date as YYYY-MM-DD)"),
                ("from=2026-10-05", 400, "invalid_parameter", "to: is required (a date as YYYY-MM-DD)"),
                ("from=5-10-2026&to=2026-10-11", 400, "invalid_parameter", "from: must be a date as YYYY-MM-DD"),
                ("from=2026-10-05&to=2026-10-04", 422, "validation_failed", "to: must not be before from"),
                ("from=2026-10-05&to=2026-11-30", 422, "validation_failed", "to: the range may span at most 56 days"),
            ]
            for answer in answers {
                let response = try await server.client.json(.GET, "/api/v1/schedule-weeks?\(answer.query)", token: anna.token)
                #expect(response.status == answer.status && response.problemCode == answer.code, "\(answer.query): \(response.text)")
                #expect(response.json["detail"] as? String == answer.detail, "\(answer.query): \(response.text)")
            }
            let eightWeeks = try await Self.weeks(server, from: LocalDate("2026-10-05")!, to: LocalDate("2026-11-29")!, as: anna)
            #expect(eightWeeks.count == 8)
        }
    }
}
