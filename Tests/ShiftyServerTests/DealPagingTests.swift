import Foundation
import ShiftyTestSupport
import Testing

/// Deal lists are paged with a cursor (`Link: <…>; rel="next"`) instead of stopping silently.
@Suite struct DealPagingTests {
    /// Follows `Link` headers from `path`, returning every page's deal ids.
    func allPages(_ server: TestServer, _ path: String, as account: TestServer.Account) async throws -> [[Int]] {
        var pages: [[Int]] = []
        var next: String? = path
        while let current = next, pages.count < 20 {
            let response = try await server.client.json(.GET, current, token: account.token)
            #expect(response.status == 200, "\(current): \(response.text)")
            pages.append(response.jsonArray.compactMap { $0["id"] as? Int })
            next = response.header("Link").flatMap { link -> String? in
                guard let start = link.firstIndex(of: "<"), let end = link.firstIndex(of: ">"), link.contains("rel=\"next\"") else { return nil }
                return String(link[link.index(after: start)..<end])
            }
        }
        return pages
    }

    @Test func tradesMyDealsAndTheApprovalQueueArePagedWithoutGapsOrRepeats() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            var dealIDs: [Int] = []
            for day in 1...5 {
                let shift = try await server.createShift(by: boss, for: anna, inDays: day)
                #expect(try await server.act("/shifts/\(shift)/supply", as: anna).status == 200)
                dealIDs.append(try #require(try await server.act("/shifts/\(shift)/pick-up", as: bram).dealID))
            }
            // Earliest expiry first: the shifts' order.
            let queue = try await allPages(server, "/api/v1/deals/approvals?limit=2", as: boss)
            #expect(queue.map(\.count) == [2, 2, 1])
            #expect(queue.flatMap { $0 } == dealIDs)
            let mine = try await allPages(server, "/api/v1/deals/mine?limit=3", as: bram)
            #expect(mine.map(\.count) == [3, 2])
            #expect(mine.flatMap { $0 } == dealIDs)
            let from = TestServer.localDate(in: -1).description
            let to = TestServer.localDate(in: 30).description
            let trades = try await allPages(server, "/api/v1/trades?from=\(from)&to=\(to)&state=pending_approval&limit=4", as: boss)
            #expect(trades.map(\.count) == [4, 1])
            #expect(trades.flatMap { $0 } == dealIDs)
            // One page when everything fits, and no Link.
            let whole = try await server.client.json(.GET, "/api/v1/deals/approvals", token: boss.token)
            #expect(whole.jsonArray.count == 5)
            #expect(whole.header("Link") == nil)

            for bad in ["limit=0", "limit=501", "limit=x", "limit=99999999999999999999", "cursor=nope", "cursor=1.", "cursor=.5", "limit=2&limit=3"] {
                let response = try await server.client.json(.GET, "/api/v1/deals/approvals?\(bad)", token: boss.token)
                #expect(response.status == 400, "\(bad): \(response.status)")
                #expect(response.problemCode == "invalid_parameter", "\(bad)")
            }
        }
    }
}
