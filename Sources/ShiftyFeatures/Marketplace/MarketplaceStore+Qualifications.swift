import Foundation
import ShiftyDomain
import ShiftyPostgres

/// What the qualification and hour-limit rules read: the workplace's tracked positions and the
/// receivers' qualifications and own limits.
extension MarketplaceStore {
    static func trackedPositions(workplaceID: Int64, on connection: PostgresConnection) throws -> Set<String> {
        Set(try connection.query("SELECT name FROM workplace_positions WHERE workplace_id = \(workplaceID)")
            .map { try $0.decode("name") })
    }

    static func qualifications(of members: Set<UserID>, on connection: PostgresConnection) throws -> [UserID: Set<String>] {
        guard !members.isEmpty else { return [:] }
        var result: [UserID: Set<String>] = [:]
        for row in try connection.query(
            "SELECT user_id, position FROM member_qualifications WHERE user_id = ANY(\(members.map(\.rawValue).sorted()))") {
            result[UserID(rawValue: try row.decode("user_id")), default: []].insert(try row.decode("position"))
        }
        return result
    }

    static func memberHourLimits(from row: PostgresRow) throws -> MemberHourLimits {
        MemberHourLimits(
            maxWeeklyHours: try row.decode("max_weekly_hours", as: Int?.self),
            minRestHours: try row.decode("min_rest_hours", as: Int?.self),
            maxConsecutiveDays: try row.decode("max_consecutive_days", as: Int?.self),
            maxShiftHours: try row.decode("max_shift_hours", as: Int?.self))
    }
}
