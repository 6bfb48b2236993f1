import Foundation
import ShiftyDomain
import ShiftyPostgres

/// Loads what the rulebook needs to check a fixed shift about to be saved (the domain's
/// `FixedShiftRules` decides): the weeks it would generate in the horizon, and the owner's
/// commitments, qualifications, limits, time off and availability around them. A handful of
/// statements per save, whatever the number of weeks.
struct FixedShiftCheck: Sendable {
    /// The weeks saving would generate (the fixed shift's new occurrences), in date order.
    var occurrences: [ShiftOccurrence]
    /// The owner's other fixed shifts' weeks that have no shift yet.
    var unmaterialized: [ShiftOccurrence]
    var owner: UserID
    var actor: MarketplaceActor
    var context: MarketplaceContext

    /// Loads the check of `rule` (as it would be saved; `replacing` is the id of the fixed shift it
    /// changes, whose future weeks nobody touched are removed and generated again, so they do not
    /// count against it, while the weeks that stay keep their dates). `lock` locks the owner's row
    /// for the rest of the transaction, as a marketplace action locks its receivers, so a pick-up
    /// and a fixed shift for the same member are decided one after the other.
    static func load(
        _ rule: FixedShift, replacing: Int64?, workplaceID: Int64, actor: MarketplaceActor, now: Date, lock: Bool,
        on connection: PostgresConnection
    ) throws -> FixedShiftCheck {
        let owner = rule.owner
        let (zone, settings, positions) = try MarketplaceStore.workplaceWithPositions(workplaceID, on: connection)
        let today = zone.localDate(of: now)
        let horizonEnd = today.adding(days: FixedShift.generationWeeks * 7)
        let closed = Set(try connection.query(
            "SELECT day::text AS day FROM closed_days WHERE workplace_id = \(workplaceID) AND day >= \(today.description)::date AND day < \(horizonEnd.description)::date").map { try $0.localDate("day") })

        // The owner's fixed shifts and which of their weeks exist (or were skipped) already.
        let others = try FixedShiftStore.list(workplaceID: workplaceID, ownerID: owner.rawValue, on: connection)
            .filter { $0.id != replacing }.map(FixedShiftStore.rule(from:))
        let ids = others.map(\.id.rawValue) + (replacing.map { [$0] } ?? [])
        var taken: Set<OccurrenceKey> = []
        var kept: Set<LocalDate> = []
        var removed: Set<ShiftID> = []
        for row in try connection.query(
            """
            SELECT s.id, s.fixed_shift_id, s.local_date::text AS local_date,
                   COALESCE(s.fixed_shift_id = \(replacing) AND NOT s.touched AND s.status = 'scheduled' AND s.starts_at > \(now), false) AS removed
            FROM shifts s WHERE s.fixed_shift_id = ANY(\(ids)) AND s.local_date >= \(today.description)::date AND s.local_date < \(horizonEnd.description)::date
            UNION ALL
            SELECT NULL, k.fixed_shift_id, k.local_date::text, false
            FROM fixed_shift_skips k WHERE k.fixed_shift_id = ANY(\(ids)) AND k.fixed_shift_id IS DISTINCT FROM \(replacing)
              AND k.local_date >= \(today.description)::date AND k.local_date < \(horizonEnd.description)::date
            """) {
            let fixedShiftID = FixedShiftID(rawValue: try row.decode("fixed_shift_id"))
            let date = try row.localDate("local_date")
            if fixedShiftID.rawValue == replacing {
                if try row.decode("removed", as: Bool.self) {
                    removed.insert(ShiftID(rawValue: try row.decode("id")))
                } else {
                    kept.insert(date)
                }
            } else {
                taken.insert(OccurrenceKey(fixedShiftID: fixedShiftID, date: date))
            }
        }
        let occurrences = rule.occurrences(from: today, in: zone, closedDates: closed).filter { !kept.contains($0.date) }
        let unmaterialized = FixedShiftRules.unmaterialized(of: others, from: today, in: zone, closedDates: closed, taken: taken)

        let facts = try MarketplaceStore.lockedMemberFacts(
            receivers: [owner], members: [owner], workplaceID: workplaceID, lock: lock, on: connection)
        var commitments: [UserID: [ShiftInterval]] = [:]
        var timeOff: [UserID: [TimeOffInterval]] = [:]
        if let first = occurrences.first, let last = occurrences.last {
            // Whole weeks (the weekly hours) and the days the rest and days-in-a-row limits reach.
            let reach = Double(settings.marketplace.hourLimits.overridden(by: facts.hourLimits[owner]).reachInDays) * 86_400
            let lower = Marketplace.previewWindow(for: first.interval(id: ShiftID(rawValue: 0)), in: zone).lowerBound
            let upper = Marketplace.previewWindow(for: last.interval(id: ShiftID(rawValue: 0)), in: zone).upperBound
            (commitments, timeOff) = try MarketplaceStore.commitmentsAndTimeOff(
                of: [owner], window: lower.addingTimeInterval(-reach)..<upper.addingTimeInterval(reach), on: connection)
            commitments[owner] = commitments[owner]?.filter { !removed.contains($0.shiftID) }
        }
        let context = MarketplaceContext(
            now: now, timeZone: zone, settings: settings.marketplace, commitments: commitments, inactiveUsers: facts.inactive,
            trackedPositions: positions, qualifications: facts.qualifications, memberHourLimits: facts.hourLimits,
            timeOff: timeOff, availability: facts.availability)
        return FixedShiftCheck(occurrences: occurrences, unmaterialized: unmaterialized, owner: owner, actor: actor, context: context)
    }

    /// What saving would answer (the preview).
    var verdict: FixedShiftVerdict {
        FixedShiftRules.review(occurrences, owner: owner, actor: actor, context: context, unmaterialized: unmaterialized)
    }

    /// Refuses like the save, or returns the findings `override` sets aside.
    func check(overriding override: RuleOverride?) throws(MarketplaceRefusal) -> [RuleFinding] {
        try FixedShiftRules.check(
            occurrences, owner: owner, actor: actor, override: override, context: context, unmaterialized: unmaterialized)
    }
}
