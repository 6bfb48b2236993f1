import Foundation
import Testing
@testable import ShiftyDomain

/// Publishing drafts: the order the steps run in, the actions each draft becomes, stale drafts
/// kept, and what each person is told. The steps are run here as the server runs them: each
/// action through `Marketplace.apply` against the world with the drafts not yet published applied.
@Suite struct WeekPublicationTests {
    typealias W = MarketplaceWorld
    let carol = MarketplaceActor(userID: W.carol, role: .manager)

    func draft(_ id: Int64, of shift: OwnedShift, sequence: Int = 1, owner: UserID? = nil, removed: Bool = false, released: Bool = false) -> DraftedShift {
        DraftedShift(
            id: DraftID(rawValue: id), shiftID: shift.id, baseSequence: sequence, owner: owner ?? shift.owner,
            date: W.amsterdam.localDate(of: shift.start), start: shift.start, end: shift.end, position: shift.position, removed: removed,
            released: released)
    }

    func published(_ world: MarketplaceWorld, sequence: Int = 1) -> [ShiftID: PublishedShift] {
        world.shifts.mapValues { PublishedShift(shift: $0, date: W.amsterdam.localDate(of: $0.start), sequence: sequence) }
    }

    /// Runs the steps as `PlanService.publish` does; answers the drafts refused, by id.
    func run(_ steps: [WeekPublication.Step], in world: inout MarketplaceWorld) -> [DraftID: String] {
        var pending = steps.map(\.draft)
        var refused: [DraftID: String] = [:]
        for step in steps where !step.stale {
            pending.removeAll { $0.id == step.draft.id }
            var trial = world
            for action in step.actions {
                let context = PlanOverlay.applying(pending, to: trial.context(for: action))
                switch Marketplace.apply(action, actor: carol, context: context) {
                case .success(let transition): trial.persist(transition)
                case .failure(let refusal): refused[step.draft.id] = refusal.code.rawValue
                }
                if refused[step.draft.id] != nil { break }
            }
            if refused[step.draft.id] == nil { world = trial }
        }
        return refused
    }

    @Test func aSwapDraftedAsTwoAssignmentsPublishesBecauseEachIsJudgedWithTheOtherApplied() throws {
        var world = MarketplaceWorld()
        world.add(W.shift(1, owner: W.alice, "2026-06-03", "09:00", "17:00"))
        world.add(W.shift(2, owner: W.bob, "2026-06-03", "10:00", "18:00"))
        let drafts = [
            draft(1, of: world.shifts[W.id(1)]!, owner: W.bob),
            draft(2, of: world.shifts[W.id(2)]!, owner: W.alice),
        ]
        let steps = WeekPublication.steps(drafts: drafts, published: published(world), newShiftID: { _ in ShiftID(rawValue: 99) })
        #expect(steps.map(\.actions) == [
            [.assign(W.id(1), to: W.bob, override: nil)], [.assign(W.id(2), to: W.alice, override: nil)],
        ])
        // Without the other draft applied the first assignment overlaps Bob's own shift.
        #expect(Marketplace.apply(steps[0].actions[0], actor: carol, context: world.context()).outcome == "overlapping_shift")
        #expect(run(steps, in: &world).isEmpty)
        #expect(world.shifts[W.id(1)]?.owner == W.bob && world.shifts[W.id(2)]?.owner == W.alice)
    }

    @Test func removalsAndReleasesRunFirstNewShiftsLastAndAStaleDraftIsKept() throws {
        var world = MarketplaceWorld()
        world.add(W.shift(1, owner: W.alice, "2026-06-04", "09:00", "17:00"))
        world.add(W.shift(2, owner: W.alice, "2026-06-03", "09:00", "17:00"))
        world.add(W.shift(3, owner: W.bob, "2026-06-05", "09:00", "17:00"))
        let evening = W.shift(0, owner: W.alice, "2026-06-02", "18:00", "22:00")
        let new = DraftedShift(
            id: DraftID(rawValue: 9), shiftID: nil, baseSequence: nil, owner: W.alice, date: LocalDate("2026-06-02")!, start: evening.start,
            end: evening.end, position: nil)
        let later = W.shift(2, owner: W.alice, "2026-06-03", "12:00", "20:00")
        var edited = draft(2, of: world.shifts[W.id(2)]!)
        (edited.start, edited.end) = (later.start, later.end)
        let drafts = [new, edited, draft(3, of: world.shifts[W.id(1)]!, removed: true), draft(4, of: world.shifts[W.id(3)]!, sequence: 0, released: true)]
        var current = published(world)
        current[W.id(3)]?.sequence = 2  // someone traded or edited Bob's shift since
        let steps = WeekPublication.steps(drafts: drafts, published: current, newShiftID: { _ in ShiftID(rawValue: 99) })
        #expect(steps.map(\.draft.id.rawValue) == [3, 4, 2, 9])
        #expect(steps[1].stale && steps[1].actions.isEmpty)
        #expect(steps[0].actions == [.cancelShift(W.id(1), note: nil)])
        #expect(steps[2].actions == [.editShift(ShiftEdit(id: W.id(2), start: later.start, end: later.end, position: nil), override: nil)])
        guard case .createShift(let created, nil) = steps[3].actions.first else { Issue.record("not a create"); return }
        #expect(created.id == ShiftID(rawValue: 99) && created.owner == W.alice)
        #expect(run(steps, in: &world).isEmpty)
        #expect(world.shifts[W.id(1)]?.status == .cancelled && world.shifts[ShiftID(rawValue: 99)] != nil)
        #expect(world.shifts[W.id(3)]?.status == .scheduled, "the stale draft changed nothing")
    }

    @Test func aDraftTheRulesRefuseNowIsKeptAndTheRestPublish() throws {
        var world = MarketplaceWorld()
        world.add(W.shift(1, owner: W.alice, "2026-06-03", "09:00", "17:00"))
        world.add(W.shift(2, owner: W.alice, "2026-06-04", "09:00", "17:00"))
        // Since drafting, Bob got a shift at the same time (published by someone else).
        world.add(W.shift(3, owner: W.bob, "2026-06-03", "08:00", "12:00"))
        let drafts = [draft(1, of: world.shifts[W.id(1)]!, owner: W.bob), draft(2, of: world.shifts[W.id(2)]!, owner: W.bob)]
        let steps = WeekPublication.steps(drafts: drafts, published: published(world), newShiftID: { _ in ShiftID(rawValue: 99) })
        #expect(run(steps, in: &world) == [DraftID(rawValue: 1): "overlapping_shift"])
        #expect(world.shifts[W.id(1)]?.owner == W.alice && world.shifts[W.id(2)]?.owner == W.bob)
    }

    @Test func eachPersonIsToldWhatChangesForThem() throws {
        let shift = W.shift(1, owner: W.alice, "2026-06-03", "09:00", "17:00")
        let kinds = { (draft: DraftedShift, published: OwnedShift?) in
            WeekPublication.changes(of: draft, published: published).map { "\($0.member == W.alice ? "alice" : "bob") \($0.kind.rawValue)" }
        }
        #expect(kinds(draft(1, of: shift, owner: W.bob), shift) == ["alice removed", "bob added"])
        #expect(kinds(draft(1, of: shift, removed: true), shift) == ["alice removed"])
        #expect(kinds(draft(1, of: shift, released: true), shift) == ["alice released"])
        var later = draft(1, of: shift, released: true)
        later.start = later.start.addingTimeInterval(3600)
        #expect(kinds(later, shift) == ["alice changed", "alice released"])
        var new = draft(1, of: shift)
        new.shiftID = nil
        #expect(kinds(new, nil) == ["alice added"])
    }
    @Test func aShiftMovedToAnotherDayIsRemovedThereAndCreatedOnItsNewDay() throws {
        var world = MarketplaceWorld()
        world.add(W.shift(1, owner: W.alice, "2026-06-03", "09:00", "17:00"))
        let friday = W.shift(0, owner: W.alice, "2026-06-05", "09:00", "17:00")
        var moved = draft(1, of: world.shifts[W.id(1)]!)
        (moved.date, moved.start, moved.end) = (LocalDate("2026-06-05")!, friday.start, friday.end)
        let current = published(world)
        #expect(WeekPublication.needsNewShift(moved, published: current))
        #expect(!WeekPublication.needsNewShift(draft(1, of: world.shifts[W.id(1)]!, owner: W.bob), published: current))
        let steps = WeekPublication.steps(drafts: [moved], published: current, newShiftID: { _ in ShiftID(rawValue: 99) })
        guard steps.count == 1, steps[0].actions.count == 2, case .createShift(let created, nil) = steps[0].actions[1] else {
            Issue.record("\(steps)"); return
        }
        #expect(steps[0].actions[0] == .cancelShift(W.id(1), note: nil))
        #expect(created.id == ShiftID(rawValue: 99) && created.date == LocalDate("2026-06-05")! && created.owner == W.alice)
        #expect(run(steps, in: &world).isEmpty)
        #expect(world.shifts[W.id(1)]?.status == .cancelled && world.shifts[ShiftID(rawValue: 99)]?.start == friday.start)
        #expect(WeekPublication.changes(of: moved, published: current[W.id(1)]?.shift).map(\.kind) == [.changed])
    }
}
