import Foundation
import ShiftyDomain
import ShiftyPostgres
import ShiftyServerCore

/// What the availability rule reads: members' recurring availability (the marketplace reads the
/// receivers' with their other facts, `lockedMemberFacts`; their approved time off comes with their
/// commitments, `commitmentsAndTimeOff`).
extension MarketplaceStore {
    static func availability(of members: Set<UserID>, on connection: PostgresConnection) throws -> [UserID: [WeeklyAvailability]] {
        guard !members.isEmpty else { return [:] }
        var result: [UserID: [WeeklyAvailability]] = [:]
        for row in try connection.query(
            """
            SELECT user_id, weekday, from_time::text AS from_time, to_time::text AS to_time, kind FROM member_availability
            WHERE user_id = ANY(\(members.map(\.rawValue).sorted())) ORDER BY user_id, weekday, from_time, id
            """) {
            let day = Int(try row.decode("weekday", as: Int32.self))
            guard let weekday = Weekday(rawValue: day) else {
                throw PostgresError(kind: .decoding, message: "column weekday: \(day) is not a weekday")
            }
            result[UserID(rawValue: try row.decode("user_id")), default: []].append(
                WeeklyAvailability(
                    weekday: weekday, from: try row.localTime("from_time"), to: try row.localTime("to_time"),
                    kind: try row.decode("kind", as: WeeklyAvailability.Kind.self)))
        }
        return result
    }
}
