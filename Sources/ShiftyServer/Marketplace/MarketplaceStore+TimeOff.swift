import Foundation
import ShiftyDomain
import ShiftyPostgres

/// What the time-off and availability rules read: the receivers' approved time off in a window
/// and their recurring availability.
extension MarketplaceStore {
    static func approvedTimeOff(
        of members: Set<UserID>, window: Range<Date>, on connection: PostgresConnection
    ) throws -> [UserID: [TimeOffInterval]] {
        guard !members.isEmpty else { return [:] }
        var result: [UserID: [TimeOffInterval]] = [:]
        for row in try connection.query(
            """
            SELECT id, user_id, starts_at, ends_at FROM time_off_requests
            WHERE user_id = ANY($1) AND status = 'approved' AND starts_at < $3 AND ends_at > $2
            ORDER BY starts_at, id
            """, [members.map(\.rawValue).sorted(), window.lowerBound, window.upperBound]
        ) {
            result[UserID(rawValue: try row.decode("user_id")), default: []].append(
                TimeOffInterval(requestID: try row.decode("id"), start: try row.decode("starts_at"), end: try row.decode("ends_at")))
        }
        return result
    }

    static func availability(of members: Set<UserID>, on connection: PostgresConnection) throws -> [UserID: [WeeklyAvailability]] {
        guard !members.isEmpty else { return [:] }
        var result: [UserID: [WeeklyAvailability]] = [:]
        for row in try connection.query(
            """
            SELECT user_id, weekday, from_time::text AS from_time, to_time::text AS to_time, kind FROM member_availability
            WHERE user_id = ANY($1) ORDER BY user_id, weekday, from_time, id
            """, [members.map(\.rawValue).sorted()]
        ) {
            guard let weekday = Weekday(rawValue: Int(try row.decode("weekday", as: Int32.self))),
                  let kind = WeeklyAvailability.Kind(rawValue: try row.decode("kind"))
            else { continue }
            result[UserID(rawValue: try row.decode("user_id")), default: []].append(
                WeeklyAvailability(weekday: weekday, from: try row.localTime("from_time"), to: try row.localTime("to_time"), kind: kind))
        }
        return result
    }
}
