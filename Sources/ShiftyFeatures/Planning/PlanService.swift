import Foundation
import ShiftyAPI
import ShiftyDomain
import ShiftyEvents
import ShiftyLocalization
import ShiftyPostgres
import ShiftyServerCore

/// A manager's drafts of the schedule (docs/week-planning.md, slice 3): changes that nobody else
/// sees until the manager publishes them. A change is decided by ``DraftDecider`` and judged by
/// the rulebook against the other drafts (``PlanOverlay``); publishing turns the drafts into the
/// marketplace actions the immediate routes run (``WeekPublication``), each decided by
/// `Marketplace.apply` and written by `TransitionWriter`, all in one transaction.
package struct PlanService: Sendable {
    let pool: PostgresPool
    let executor: MarketplaceExecutor

    init(pool: PostgresPool, executor: MarketplaceExecutor) {
        self.pool = pool
        self.executor = executor
    }

    /// How far around a drafted shift the rule check looks for other drafts: the week it is in and
    /// the days the rest and days-in-a-row limits reach, as the loader's commitments do.
    static let overlayReach: TimeInterval = 9 * 86_400

    // MARK: Changes

    /// Applies one change to the plan (`POST /plan/changes`): the draft it leaves is stored once
    /// its shift passes the rulebook (or the manager overrides), and the managers' pages hear of it.
    package func change(_ caller: AuthenticatedUser, _ body: PlanChangeRequest) async throws -> PlanChangeResult {
        try caller.requireManager()
        let zone = try caller.workplaceTimeZone()
        let workplaceID = caller.workplaceID
        let marketCaller = MarketplaceCaller(caller)
        let actorID = caller.id
        return try await pool.transaction(planCaching: .genericPlans) { [clock = executor.clock] connection in
            let now = clock()
            let revision = try PlanDraftStore.bumpRevision(workplaceID: workplaceID, on: connection)
            let target = try Self.target(of: body, workplaceID: workplaceID, on: connection)
            let change = try Self.change(body, target: target, zone: zone, workplaceID: workplaceID, on: connection)
            let outcome = try DraftDecider.decide(
                change, published: target.published, draft: target.draft, newDraftID: DraftID(rawValue: 0), override: body.ruleOverride,
                now: now)
            var result = PlanChangeResult(revision: revision, draftId: nil, shiftId: nil)
            var dates = Set([target.draft?.date, target.published?.date].compactMap { $0 })
            switch outcome {
            case .unchanged:
                break
            case .delete(let id):
                _ = try PlanDraftStore.delete([id], workplaceID: workplaceID, on: connection)
            case .save(let drafted, let check):
                let (actor, context) = try Self.context(
                    for: check, drafted: drafted, replacing: target.draft?.id, published: target.published, caller: marketCaller, now: now, .forAction, on: connection)
                if case .failure(let refusal) = Marketplace.apply(check, actor: actor, context: context) { throw refusal }
                let id = try PlanDraftStore.save(
                    drafted, isNew: target.draft == nil, workplaceID: workplaceID, actorID: actorID, now: now, on: connection)
                result.draftId = id.rawValue
                result.shiftId = drafted.shiftID?.rawValue ?? -id.rawValue
                dates.insert(drafted.date)
            }
            try Self.announcePlanChanged(workplaceID: workplaceID, revision: revision, dates: dates, on: connection)
            return result
        }
    }

    /// What a change would meet (`POST /plan/changes/preview`): the rulebook's verdict on the
    /// drafted shift against the other drafts, in the shape of the immediate routes' previews.
    /// Nothing is written or locked.
    package func previewChange(_ caller: AuthenticatedUser, _ body: PlanChangeRequest) async throws -> ShiftyAPI.ActionPreview {
        try caller.requireManager()
        let action: ShiftyAPI.ActionPreview.Action
        switch body.op {
        case .create: action = .create
        case .edit: action = .edit
        case .assign: action = .assign
        case .move: action = .edit
        case .release, .remove, .revert: throw PlanRefusal.noPreview
        }
        let zone = try caller.workplaceTimeZone()
        let workplaceID = caller.workplaceID
        let marketCaller = MarketplaceCaller(caller)
        let language = RequestLanguage.resolved
        return try await pool.transaction(planCaching: .genericPlans) { [clock = executor.clock] connection in
            let now = clock()
            let target = try Self.target(of: body, workplaceID: workplaceID, on: connection)
            let change = try Self.change(body, target: target, zone: zone, workplaceID: workplaceID, on: connection)
            let shiftID = body.shiftId ?? 0
            let verdict: ActionVerdict
            do {
                let outcome = try DraftDecider.decide(
                    change, published: target.published, draft: target.draft, newDraftID: DraftID(rawValue: 0), override: nil, now: now)
                guard case .save(let drafted, let check) = outcome else {
                    // Back to the published shift: nothing to judge.
                    return ShiftyAPI.ActionPreview(
                        action: action, shiftId: shiftID, allowed: true, refusal: nil, overridable: false, rules: [], effects: [])
                }
                let (actor, context) = try Self.context(
                    for: check, drafted: drafted, replacing: target.draft?.id, published: target.published, caller: marketCaller, now: now, .forPreview, on: connection)
                var judged = Marketplace.preview(check, actor: actor, context: context)
                // The draft is checked as a new shift under its own id; what it owes is the change
                // from the published shift to the draft, as the publication will record it.
                judged.scheduleChanges = ScheduleLedger.entries(
                    for: ScheduleChange.of(draft: drafted, published: target.published, newID: nil), policy: context.settings.scheduleChanges,
                    now: now, schedules: context.commitments)
                verdict = judged
            } catch let refusal as MarketplaceRefusal {
                verdict = ActionVerdict(refusal: refusal, refusalWithOverride: refusal, acceptsOverride: false, findings: [], effects: [])
            }
            let view = try MarketplaceService.view(
                of: verdict, action: action, shiftID: shiftID, workplaceID: workplaceID, language: language, on: connection)
            let costed = try PreviewCost.adding(to: view, verdict: verdict, workplaceID: workplaceID, zone: zone, on: connection)
            return try PreviewPremiums.adding(to: costed, verdict: verdict, workplaceID: workplaceID, on: connection)
        }
    }

    /// Drops the drafts of local dates `from` through `to` (`DELETE /plan/drafts`): the plan is the
    /// published schedule again there.
    package func discard(_ caller: AuthenticatedUser, from: LocalDate, to: LocalDate) async throws -> PlanDiscardResult {
        try caller.requireManager()
        try ShiftRules.checkPlanningRange(from: from, to: to)
        let workplaceID = caller.workplaceID
        return try await pool.transaction { connection in
            let revision = try PlanDraftStore.bumpRevision(workplaceID: workplaceID, on: connection)
            let drafts = try PlanDraftStore.drafts(workplaceID: workplaceID, from: from, to: to, lock: true, on: connection)
            let discarded = try PlanDraftStore.delete(drafts.map(\.id), workplaceID: workplaceID, on: connection)
            try Self.announcePlanChanged(workplaceID: workplaceID, revision: revision, dates: Set(drafts.map(\.date)), on: connection)
            return PlanDiscardResult(discarded: discarded, revision: revision)
        }
    }

    // MARK: The change's parts

    /// The shift a change is about: its published version and its draft, each when it has one.
    struct Target {
        var published: PublishedShift?
        var draft: DraftedShift?

        /// The shift as planned now, and the start time and length `body` gives it (a field left
        /// out keeps the planned one): what an edit or a move starts from.
        func times(_ body: PlanChangeRequest, in zone: WorkplaceTimeZone) throws -> (planned: DraftedShift, startTime: String, minutes: Int) {
            guard let planned = draft ?? published.map({ DraftDecider.fresh($0, id: DraftID(rawValue: 0)) }) else {
                throw PlanRefusal.draftNotFound
            }
            return (
                planned, body.startTime ?? zone.localDateTime(of: planned.start).time.description,
                body.durationMinutes ?? Int(planned.end.timeIntervalSince(planned.start) / 60)
            )
        }
    }

    static func target(of body: PlanChangeRequest, workplaceID: Int64, on connection: PostgresConnection) throws -> Target {
        guard body.op != .create else { return Target() }
        let id = try body.required(body.shiftId, .shiftId)
        if id < 0 {
            guard id != .min, let draft = try PlanDraftStore.draft(id: DraftID(rawValue: -id), workplaceID: workplaceID, on: connection),
                draft.shiftID == nil
            else { throw PlanRefusal.draftNotFound }
            return Target(published: nil, draft: draft)
        }
        let shiftID = ShiftID(rawValue: id)
        guard let published = try PlanDraftStore.published([shiftID], workplaceID: workplaceID, on: connection)[shiftID] else {
            throw ShiftRefusal.shiftNotFound
        }
        return Target(published: published, draft: try PlanDraftStore.draft(shiftID: shiftID, workplaceID: workplaceID, on: connection))
    }

    /// The body as the domain's change, its fields read and checked as the immediate routes do.
    static func change(
        _ body: PlanChangeRequest, target: Target, zone: WorkplaceTimeZone, workplaceID: Int64, on connection: PostgresConnection
    ) throws -> PlanChange {
        switch body.op {
        case .create:
            let owner = try body.required(body.ownerId, .ownerId)
            let draft = ShiftDraft(
                date: try body.required(body.date, .date), startTime: try body.required(body.startTime, .startTime),
                durationMinutes: try body.required(body.durationMinutes, .durationMinutes), position: body.position)
            let new = try draft.shift(id: ShiftID(rawValue: 0), owner: UserID(rawValue: owner), in: zone)
            try ShiftService.requireMember(owner, workplaceID: workplaceID, on: connection)
            return .create(new)
        case .move:
            // To `date` at the same wall-clock time and length unless given, for the same person unless given.
            let (current, startTime, minutes) = try target.times(body, in: zone)
            if let owner = body.ownerId { try ShiftService.requireMember(owner, workplaceID: workplaceID, on: connection) }
            let moved = try ShiftDraft(date: try body.required(body.date, .date), startTime: startTime, durationMinutes: minutes, position: nil)
                .shift(id: current.plannedID, owner: body.ownerId.map(UserID.init(rawValue:)) ?? current.owner, in: zone)
            return .move(date: moved.date, start: moved.start, end: moved.end, owner: body.ownerId.map(UserID.init(rawValue:)))
        case .edit:
            let (current, startTime, minutes) = try target.times(body, in: zone)
            let edit = try ShiftDraft.edit(
                current.plannedID, on: current.date, startTime: startTime, durationMinutes: minutes, position: body.position,
                current: current.position, in: zone)
            return .edit(start: edit.start, end: edit.end, position: edit.position)
        case .assign:
            let owner = try body.required(body.ownerId, .ownerId)
            try ShiftService.requireMember(owner, workplaceID: workplaceID, on: connection)
            return .assign(UserID(rawValue: owner))
        case .release:
            return .release
        case .remove:
            return .remove
        case .revert:
            return .revert
        }
    }

    /// What the rulebook judges a drafted shift on: the loader's context for `check`, with every
    /// other draft around the shift applied (the one it replaces left out) and the published shift
    /// it changes known, so a preview counts its owner's hours with the shift once, at its new
    /// times (before: as published; after: as planned), never twice.
    static func context(
        for check: MarketplaceAction, drafted: DraftedShift, replacing: DraftID?, published: PublishedShift?, caller: MarketplaceCaller,
        now: Date, _ load: MarketplaceLoad, on connection: PostgresConnection
    ) throws -> (MarketplaceActor, MarketplaceContext) {
        let (actor, loaded) = try MarketplaceContextLoader.load(check, caller: caller, now: now, load, on: connection)
        var context = loaded
        if let published, context.shifts[published.shift.id] == nil { context.shifts[published.shift.id] = published.shift }
        let window = drafted.start.addingTimeInterval(-overlayReach)..<drafted.end.addingTimeInterval(overlayReach)
        let others = try PlanDraftStore.drafts(workplaceID: caller.workplaceID, around: window, on: connection)
            .filter { $0.id != replacing }
        return (actor, PlanOverlay.applying(others, to: context))
    }

    /// `schedule_plan.changed` to the workplace's managers: their plans reload those dates and the
    /// publish bar its count. Never a cost or a wage (managers only, but the payload stays small).
    static func announcePlanChanged(workplaceID: Int64, revision: Int64, dates: Set<LocalDate>, on connection: PostgresConnection) throws {
        let (_, drafts) = try PlanDraftStore.revision(workplaceID: workplaceID, on: connection)
        try ShiftAnnouncer.announce(
            [.planChanged(PlanChangedPayload(revision: revision, unpublishedChanges: drafts, dates: dates.sorted().map(\.description)))],
            workplaceID: workplaceID, on: connection)
    }
}

/// The `schedule_plan.changed` event's payload.
struct PlanChangedPayload: Encodable, Sendable {
    var revision: Int64
    var unpublishedChanges: Int
    var dates: [String]
}

extension ShiftService {
    /// The managers' drafts and publishing, on the same pool and clock.
    package var planning: PlanService { PlanService(pool: pool, executor: executor) }
}
