import Foundation
import ShiftyDomain
import ShiftyTestSupport
import Testing

/// Helpers for schedule and marketplace tests: shifts are created through the API as a manager would.
extension TestServer {
    static let amsterdam = try! WorkplaceTimeZone(identifier: "Europe/Amsterdam")

    /// The Amsterdam date `days` from today.
    static func localDate(in days: Int) -> LocalDate {
        amsterdam.localDate(of: Date()).adding(days: days)
    }

    /// A manager's one-off shift for `owner` on the date `days` from today; returns its id.
    func createShift(
        by manager: Account, for owner: Account, inDays days: Int, at time: String = "10:00", minutes: Int = 240
    ) async throws -> Int64 {
        try await createShift(by: manager, ownerID: owner.userID, on: TestServer.localDate(in: days).description, at: time, minutes: minutes)
    }

    func createShift(by manager: Account, ownerID: Int64, on date: String, at time: String, minutes: Int, position: String? = nil) async throws -> Int64 {
        var body: [String: Any] = ["ownerId": ownerID, "date": date, "startTime": time, "durationMinutes": minutes]
        if let position { body["position"] = position }
        let response = try await client.json(.POST, "/api/v1/shifts", body, token: manager.token)
        try #require(response.status == 201, "create shift: \(response.status) \(response.text)")
        return Int64(try #require(response.json["id"] as? Int))
    }

    func shift(_ id: Int64, as account: Account) async throws -> [String: Any] {
        let response = try await client.json(.GET, "/api/v1/shifts/\(id)", token: account.token)
        try #require(response.status == 200, "get shift: \(response.status) \(response.text)")
        return response.json
    }

    /// A new workplace where anna offers a shift three days ahead and bram may take it.
    func shiftOnOffer() async throws -> (boss: Account, anna: Account, bram: Account, shift: Int64) {
        let boss = try await createWorkplace()
        let anna = try await createEmployee(in: boss, username: "anna")
        let bram = try await createEmployee(in: boss, username: "bram")
        let shift = try await createShift(by: boss, for: anna, inDays: 3)
        let supplied = try await act("/shifts/\(shift)/supply", as: anna)
        try #require(supplied.status == 200, "supply: \(supplied.status) \(supplied.text)")
        return (boss, anna, bram, shift)
    }

    /// Posts an action and returns the response.
    func act(_ path: String, _ body: Any? = nil, as account: Account) async throws -> TestHTTPClient.Response {
        try await client.json(.POST, "/api/v1\(path)", body, token: account.token)
    }
}

extension TestHTTPClient.Response {
    /// The id of the deal a marketplace action answered with.
    var dealID: Int? { (json["deal"] as? [String: Any])?["id"] as? Int }
}
