import Foundation
import Logging
import ShiftyDomain
import ShiftyPostgres

/// Demo staffing needs, so the team week's staffing row has something to say: the bar needs two
/// on Friday and Saturday evenings (chloe alone on Friday leaves it one short; finn joins her late
/// on Saturday), and one person covers each of the other fixed stretches.
extension DemoSeeder {
    static let demoCoverageNeeds: [CoverageNeedDraft] = [
        CoverageNeedDraft(weekday: 1, startTime: "09:00", endTime: "17:00", position: "bar", headcount: 1),
        CoverageNeedDraft(weekday: 2, startTime: "10:00", endTime: "17:00", position: "kitchen", headcount: 1),
        CoverageNeedDraft(weekday: 4, startTime: "10:00", endTime: "17:00", position: "kitchen", headcount: 1),
        CoverageNeedDraft(weekday: 5, startTime: "17:00", endTime: "23:00", position: "bar", headcount: 2),
        CoverageNeedDraft(weekday: 6, startTime: "17:00", endTime: "23:00", position: "bar", headcount: 2),
        CoverageNeedDraft(weekday: 7, startTime: "11:00", endTime: "17:00", position: "floor", headcount: 1),
    ]

    /// Seeds the needs once, while the workplace has none (a manager's own list stays).
    func seedCoverageNeeds(logger: Logger) async throws {
        let needs = try CoverageNeed.checkedList(Self.demoCoverageNeeds)
        try await pool.transaction { connection in
            guard let row = try connection.query("SELECT id FROM workplaces WHERE slug = \(Self.workplaceSlug)").first else { return }
            let workplaceID: Int64 = try row.decode("id")
            guard try CoverageNeedStore.needs(workplaceID: workplaceID, on: connection).isEmpty else { return }
            try CoverageNeedStore.replace(workplaceID: workplaceID, with: needs, on: connection)
            logger.info("demo staffing needs seeded", metadata: ["needs": "\(needs.count)"])
        }
    }
}
