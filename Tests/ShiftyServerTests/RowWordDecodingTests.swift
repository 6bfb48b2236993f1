import Foundation
import ShiftyAPI
import ShiftyDomain
@testable import ShiftyFeatures
import ShiftyPostgres
@testable import ShiftyServer
import ShiftyTestSupport
import Testing

/// A row whose status, kind or role is a word the code does not know fails to read (a `.decoding`
/// error naming the column) instead of standing in a value the row does not have (a shift taken
/// for cancelled, a member for an employee, a punch for a check-in). The rows are made by a SELECT
/// of literals, since the tables' CHECK constraints keep such words out of stored rows.
@Suite struct RowWordDecodingTests {
    /// Reads the one row of `sql` with `read`, and returns the decoding error it fails with.
    static func decodingError<T>(_ sql: String, _ read: @escaping @Sendable (PostgresRow) throws -> T) async throws -> PostgresError? {
        let database = try await TestDatabase.create(migrations: nil)
        let outcome: Result<Bool, PostgresError> = try await database.pool.withConnection { connection in
            let row = try #require(try connection.query(sql, []).first)
            do {
                _ = try read(row)
                return .success(true)
            } catch let error as PostgresError {
                return .failure(error)
            }
        }
        await database.drop()
        guard case .failure(let error) = outcome else { return nil }
        return error
    }

    static let shiftColumns = """
        SELECT 1::bigint AS id, 2::bigint AS owner_id, now() AS starts_at, now() + interval '8 hours' AS ends_at,
               %@::text AS status, NULL::bigint AS deal_id, NULL::bigint AS request_id, false AS unassigned, NULL::text AS position,
               'Anna'::text AS owner_name, '2026-11-24'::text AS local_date, '09:00'::text AS local_start, '17:00'::text AS local_end,
               NULL::bigint AS fixed_shift_id
        """

    @Test func aShiftWithAnUnknownStatusIsNotTakenForCancelled() async throws {
        let unknown = Self.shiftColumns.replacingOccurrences(of: "%@", with: "'on_hold'")
        let forTheRules = try #require(try await Self.decodingError(unknown) { try MarketplaceStore.ownedShift(from: $0) })
        #expect(forTheRules.kind == .decoding && forTheRules.message.contains("status") && forTheRules.message.contains("on_hold"))
        let forTheAPI = try #require(try await Self.decodingError(unknown) { try ShiftyAPI.MarketShift(row: $0) })
        #expect(forTheAPI.kind == .decoding && forTheAPI.message.contains("on_hold"))
        // A known status reads as itself.
        let known = Self.shiftColumns.replacingOccurrences(of: "%@", with: "'in_deal'")
        #expect(try await Self.decodingError(known) { try MarketplaceStore.ownedShift(from: $0) } == nil)
        #expect(try await Self.decodingError(known) { try ShiftyAPI.MarketShift(row: $0) } == nil)
    }

    @Test func aMemberWithAnUnknownRoleIsNotTakenForAnEmployee() async throws {
        let member = """
            SELECT 1::bigint AS id, 1::bigint AS workplace_id, 'anna'::text AS username, 'Anna'::text AS display_name,
                   NULL::text AS email, %@::text AS role, 'normal'::text AS pay_type, true AS active
            """
        let error = try #require(try await Self.decodingError(member.replacingOccurrences(of: "%@", with: "'owner'")) { try AccountStore.user(from: $0) })
        #expect(error.kind == .decoding && error.message.contains("role") && error.message.contains("owner"))
        #expect(try await Self.decodingError(member.replacingOccurrences(of: "%@", with: "'manager'")) { try AccountStore.user(from: $0) } == nil)
    }

    @Test func aPunchOfAnUnknownKindIsNotTakenForACheckIn() async throws {
        let error = try #require(try await Self.decodingError("SELECT now() AS at, 'lunch'::text AS kind") { try PunchStore.punch(from: $0) })
        #expect(error.kind == .decoding && error.message.contains("lunch"))
        #expect(try await Self.decodingError("SELECT now() AS at, 'break_start'::text AS kind") { try PunchStore.punch(from: $0) } == nil)
    }

    /// Availability the rules cannot read fails the load rather than being skipped (which would let
    /// a shift through in time the member said they are unavailable).
    @Test func availabilityOfAnUnknownKindIsNotSkipped() throws {
        #expect(throws: PostgresError.self) { try MarketplaceStore.weeklyAvailability(packed: "1 09:00:00 17:00:00 maybe") }
        #expect(throws: PostgresError.self) { try MarketplaceStore.weeklyAvailability(packed: "9 09:00:00 17:00:00 unavailable") }
        #expect(try MarketplaceStore.weeklyAvailability(packed: "1 09:00:00 17:00:00 unavailable").kind == .unavailable)
    }
}
