import Foundation
import Testing
@testable import ShiftyDomain

/// A manager's drafts: which draft a change leaves (a draft holds the shift as planned, so changes
/// coalesce and a change back leaves none), what it is checked as, and that the rulebook judges a
/// draft against the other drafts (``PlanOverlay``).
@Suite struct DraftDeciderTests {
    typealias W = MarketplaceWorld
    let carol = MarketplaceActor(userID: W.carol, role: .manager)

    func published(_ shift: OwnedShift, sequence: Int = 1) -> PublishedShift {
        PublishedShift(shift: shift, date: W.amsterdam.localDate(of: shift.start), sequence: sequence)
    }

    func new(_ owner: UserID, _ date: String, _ from: String, _ to: String) -> NewShift {
        let shift = W.shift(0, owner: owner, date, from, to)
        return NewShift(id: ShiftID(rawValue: 0), owner: owner, date: LocalDate(date)!, start: shift.start, end: shift.end, position: nil)
    }

    func decide(_ change: PlanChange, _ published: PublishedShift?, draft: DraftedShift? = nil, override: RuleOverride? = nil) throws -> DraftOutcome {
        try DraftDecider.decide(change, published: published, draft: draft, newDraftID: DraftID(rawValue: 7), override: override, now: W.now)
    }

    func saved(_ outcome: DraftOutcome) -> (DraftedShift, MarketplaceAction)? {
        if case .save(let draft, let check) = outcome { return (draft, check) }
        return nil
    }

    @Test func aNewShiftIsADraftCheckedAsACreateAndRemovingItLeavesNothing() throws {
        let outcome = try decide(.create(new(W.alice, "2026-06-03", "09:00", "17:00")), nil)
        let (draft, check) = try #require(saved(outcome))
        #expect(draft.shiftID == nil && draft.plannedID == ShiftID(rawValue: -7) && draft.owner == W.alice)
        guard case .createShift(let planned, nil) = check else { Issue.record("checked as \(check.name)"); return }
        #expect(planned.id == ShiftID(rawValue: -7) && planned.start == W.at("2026-06-03", "09:00"))
        #expect(try decide(.remove, nil, draft: draft) == .delete(draft.id))
        #expect(try decide(.revert, nil, draft: draft) == .delete(draft.id))
        // A change of a draft that is gone names no shift.
        #expect(throws: PlanRefusal.draftNotFound) { try decide(.release, nil) }
    }

    @Test func changesOfAPublishedShiftCoalesceAndAChangeBackLeavesNoDraft() throws {
        let shift = W.shift(1, owner: W.alice, "2026-06-03", "09:00", "17:00")
        let base = published(shift, sequence: 4)
        let later = W.shift(1, owner: W.alice, "2026-06-03", "10:00", "18:00")
        let (edited, check) = try #require(saved(try decide(.edit(start: later.start, end: later.end, position: nil), base)))
        #expect(edited.shiftID == shift.id && edited.baseSequence == 4 && edited.start == later.start)
        guard case .createShift(let planned, _) = check else { Issue.record("checked as \(check.name)"); return }
        #expect(planned.id == shift.id, "the published shift's own id: its old times never clash with the new")
        // Assigning the edited draft keeps the new times: one draft holds the whole shift.
        let (assigned, _) = try #require(saved(try decide(.assign(W.bob), base, draft: edited)))
        #expect(assigned.id == edited.id && assigned.owner == W.bob && assigned.start == later.start)
        // Back to Alice at the old times: nothing left to publish.
        let (back, _) = try #require(saved(try decide(.assign(W.alice), base, draft: assigned)))
        #expect(try decide(.edit(start: shift.start, end: shift.end, position: nil), base, draft: back) == .delete(edited.id))
        #expect(try decide(.edit(start: shift.start, end: shift.end, position: nil), base) == .unchanged)
    }

    @Test func removalsAndReleasesAreCheckedAsTheMarketplaceWouldRunThem() throws {
        let shift = W.shift(1, owner: W.alice, "2026-06-03", "09:00", "17:00")
        let (removed, removal) = try #require(saved(try decide(.remove, published(shift))))
        #expect(removed.removed && removal == .cancelShift(shift.id, note: nil))
        #expect(throws: PlanRefusal.removedInDraft) { try decide(.assign(W.bob), published(shift), draft: removed) }
        #expect(try decide(.revert, published(shift), draft: removed) == .delete(removed.id))
        let (released, release) = try #require(saved(try decide(.release, published(shift))))
        #expect(released.released && release == .unassign(shift.id, note: nil))
    }

    @Test func aShiftADealHoldsOrThatStartedCannotBeDrafted() throws {
        let held = W.shift(1, owner: W.alice, "2026-06-03", "09:00", "17:00", status: .inDeal, dealID: W.id(5))
        #expect(throws: MarketplaceRefusal.self) { try decide(.release, published(held)) }
        let started = W.shift(2, owner: W.alice, "2026-06-01", "09:00", "17:00")
        #expect((try? decide(.release, published(started))) == nil)
        #expect(throws: MarketplaceRefusal.self) {
            try decide(.release, published(W.shift(3, owner: W.alice, "2026-06-04", "09:00", "17:00")), override: RuleOverride(reason: " "))
        }
    }

    @Test func aDraftIsJudgedAgainstTheOtherDrafts() throws {
        var world = MarketplaceWorld()
        // Two new shifts for Bob on the same evening, each fine against the published schedule alone.
        let (first, _) = try #require(saved(try decide(.create(new(W.bob, "2026-06-03", "17:00", "22:00")), nil)))
        let (second, check) = try #require(saved(try DraftDecider.decide(
            .create(new(W.bob, "2026-06-03", "20:00", "23:00")), published: nil, draft: nil, newDraftID: DraftID(rawValue: 8),
            override: nil, now: W.now)))
        #expect(Marketplace.apply(check, actor: carol, context: world.context()).outcome == "ok")
        let planned = PlanOverlay.applying([first], to: world.context())
        #expect(Marketplace.apply(check, actor: carol, context: planned).outcome == "overlapping_shift")
        // A draft that takes Alice's evening shift away frees her for another shift then.
        world.add(W.shift(1, owner: W.alice, "2026-06-03", "17:00", "22:00"))
        let evening = try #require(world.shifts[W.id(1)])
        let (moved, _) = try #require(saved(try decide(.assign(W.bob), published(evening))))
        let (extra, aliceCheck) = try #require(saved(try decide(.create(new(W.alice, "2026-06-03", "18:00", "23:00")), nil)))
        #expect(Marketplace.apply(aliceCheck, actor: carol, context: world.context()).outcome == "overlapping_shift")
        #expect(Marketplace.apply(aliceCheck, actor: carol, context: PlanOverlay.applying([moved], to: world.context())).outcome == "ok")
        _ = (second, extra)
    }
    @Test func aMoveTakesTheShiftToAnotherDayAndPersonAsOneChange() throws {
        let shift = W.shift(1, owner: W.alice, "2026-06-03", "09:00", "17:00")
        let thursday = W.shift(1, owner: W.alice, "2026-06-04", "10:00", "18:00")
        let (moved, check) = try #require(saved(try decide(
            .move(date: LocalDate("2026-06-04")!, start: thursday.start, end: thursday.end, owner: W.bob), published(shift))))
        #expect(moved.date == LocalDate("2026-06-04")! && moved.start == thursday.start && moved.owner == W.bob && moved.shiftID == shift.id)
        guard case .createShift(let planned, _) = check else { Issue.record("checked as \(check.name)"); return }
        #expect(planned.owner == W.bob && planned.date == LocalDate("2026-06-04")!)
        // Back to its day, time and person: nothing left to publish.
        #expect(try decide(.move(date: LocalDate("2026-06-03")!, start: shift.start, end: shift.end, owner: W.alice), published(shift), draft: moved)
            == .delete(moved.id))
    }
}
