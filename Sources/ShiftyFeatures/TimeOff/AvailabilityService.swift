import Foundation
import ShiftyAPI
import ShiftyDomain
import ShiftyEvents
import ShiftyPostgres
import ShiftyServerCore

/// Members' recurring availability: each member keeps their own (a manager may edit anyone's);
/// managers see everyone's (the team page and the assign picker). `unavailable` entries are the
/// `ScheduleRule.availability` rule; `preferred` ones are only shown.
package struct AvailabilityService: Sendable {
    let pool: PostgresPool

    package init(pool: PostgresPool) {
        self.pool = pool
    }

    package func list(_ caller: AuthenticatedUser) async throws -> [MemberAvailabilityView] {
        try await pool.withConnection { connection in
            let members: [Int64] = caller.isManager
                ? try connection.query("SELECT id FROM users WHERE workplace_id = \(caller.workplaceID) ORDER BY id").map { try $0.decode("id") }
                : [caller.id]
            let entries = try MarketplaceStore.availability(of: Set(members.map(UserID.init(rawValue:))), on: connection)
            return members.map { MemberAvailabilityView(userId: $0, availability: entries[UserID(rawValue: $0)] ?? []) }
        }
    }

    package func set(_ caller: AuthenticatedUser, userID: Int64, entries: [WeeklyAvailability]) async throws -> MemberAvailabilityView {
        try AvailabilityRules.check(entries, of: UserID(rawValue: userID), by: caller.workplaceActor)
        let sorted = entries.sorted { ($0.weekday, $0.from, $0.to) < ($1.weekday, $1.from, $1.to) }
        try await pool.transaction { connection in
            guard try PunchStore.lockMember(id: userID, workplaceID: caller.workplaceID, on: connection) != nil else {
                throw AvailabilityRefusal.memberNotFound
            }
            try connection.execute("DELETE FROM member_availability WHERE user_id = \(userID)")
            for entry in sorted {
                try connection.execute(
                    "INSERT INTO member_availability (user_id, weekday, from_time, to_time, kind) VALUES (\(userID), \(entry.weekday.rawValue), \(entry.from.description)::time, \(entry.to.description)::time, \(entry.kind.rawValue))")
            }
            let managers = try TimeOffStore.managerIDs(workplaceID: caller.workplaceID, on: connection)
            try EventWriter.insert(
                workplaceID: caller.workplaceID, type: .server(.availabilityChanged), userIDs: Array(Set(managers + [userID])),
                payload: MemberAvailabilityView(userId: userID, availability: sorted), on: connection)
        }
        return MemberAvailabilityView(userId: userID, availability: sorted)
    }
}

/// Body of PUT /users/{id}/availability: the member's complete list.
package struct SetAvailabilityBody: Decodable, Sendable {
    package var entries: [WeeklyAvailability]
}
