import Foundation
import ShiftyAPI
import ShiftyDomain
import ShiftyEvents
import ShiftyLocalization
import ShiftyPostgres
import ShiftyServerCore

/// Publishing a range of the plan: every draft becomes the marketplace actions of
/// ``WeekPublication/steps(drafts:published:newShiftID:)``, decided by `Marketplace.apply` against
/// the schedule as it will be (the drafts not yet published applied, ``PlanOverlay``) and written
/// by `TransitionWriter`, in one transaction. A draft the rules refuse now, or whose shift changed
/// since it was drafted (stale), stays a draft and is reported; the rest publish. Each person
/// whose schedule changed gets one `schedule.published` event listing their changes (one
/// notification, by their channels and in their language) instead of one event per action.
extension PlanService {
    /// What publishing `from` through `to` would do (`POST /plan/publish/preview`): the publication
    /// itself, run and rolled back, so the preview and the publication cannot disagree.
    package func previewPublication(_ caller: AuthenticatedUser, _ body: PublishPlanRequest) async throws -> PublicationPreviewView {
        try caller.requireManager()
        let (from, to) = try body.range()
        let language = RequestLanguage.resolved
        return try await pool.transaction { [clock = executor.clock] connection in
            let (revision, _) = try PlanDraftStore.revision(workplaceID: caller.workplaceID, on: connection)
            try connection.execute("SAVEPOINT publication_preview")
            let run = try Self.publish(from: from, to: to, caller: caller, now: clock(), language: language, on: connection)
            try connection.execute("ROLLBACK TO SAVEPOINT publication_preview")
            return PublicationPreviewView(
                revision: revision, publishable: run.published.count, kept: run.kept, people: run.people,
                premiums: try LedgerEntryView.views(of: run.ledger, workplaceID: caller.workplaceID, on: connection))
        }
    }

    /// Publishes `from` through `to` (`POST /plan/publish`) when the plan is still at the revision
    /// the manager reviewed; otherwise `plan_changed_since_preview`, and nothing is published.
    package func publish(_ caller: AuthenticatedUser, _ body: PublishPlanRequest) async throws -> PublicationView {
        try caller.requireManager()
        let (from, to) = try body.range()
        guard let reviewed = body.revision else { throw PlanRefusal.fieldRequired(.revision) }
        let language = RequestLanguage.resolved
        let workplaceID = caller.workplaceID
        return try await pool.transaction { [clock = executor.clock] connection in
            let now = clock()
            let (current, _) = try PlanDraftStore.revision(workplaceID: workplaceID, lock: true, on: connection)
            guard current == reviewed else { throw PlanRefusal.changedSincePreview }
            let revision = try PlanDraftStore.bumpRevision(workplaceID: workplaceID, on: connection)
            let run = try Self.publish(from: from, to: to, caller: caller, now: now, language: language, on: connection)
            _ = try PlanDraftStore.delete(run.published.map(\.id), workplaceID: workplaceID, on: connection)
            try ScheduleLedgerStore.record(run.ledger, actorID: caller.id, at: now, workplaceID: workplaceID, on: connection)
            if let publication = PublishedWeeks.publication(
                of: run.dates, by: UserID(rawValue: caller.id), at: now, changes: run.published.count)
            {
                try ScheduleWeeksStore.record(publication, workplaceID: workplaceID, on: connection)
            }
            let teamWide: [ShiftNews] = run.shifts.isEmpty ? [] : [
                .teamScheduleChanged(TeamScheduleAnnouncement.Payload(
                    shiftIds: run.shifts.sorted(), dates: run.dates.sorted().map(\.description), ownerIds: run.owners.sorted())),
            ]
            try ShiftAnnouncer.announce(
                teamWide + [
                    .published(Dictionary(uniqueKeysWithValues: run.people.map {
                        ($0.userId, SchedulePublishedPayload(publishedAt: now, changes: $0.changes, actorId: caller.id))
                    })),
                ],
                workplaceID: workplaceID, on: connection)
            try Self.announcePlanChanged(
                workplaceID: workplaceID, revision: revision, dates: Set(run.published.map(\.date)), on: connection)
            return PublicationView(publishedAt: now, published: run.published.count, kept: run.kept, revision: revision)
        }
    }

    /// One run of a publication on an open transaction: what published, what was kept and why,
    /// the local dates it changed and each person's changes.
    struct Run {
        var published: [DraftedShift] = []
        var kept: [PublicationPreviewView.KeptDraft] = []
        var dates: Set<LocalDate> = []
        var people: [PublicationPreviewView.PersonChanges] = []
        /// The shifts the published drafts changed and their owners before and after (the one `team_schedule.changed`).
        var shifts: Set<Int64> = []
        var owners: Set<Int64> = []
        /// What the published changes owe under the workplace's schedule-change rule.
        var ledger: [LedgerEntry] = []
    }

    /// The personal events of the actions a publication runs: each person hears of the publication
    /// once (`schedule.published`), not of every action in it.
    static let personalKinds: Set<MarketplaceEvent.Kind> = [.shiftCreated, .shiftAssigned, .shiftEdited, .shiftUnassigned]

    static func publish(
        from: LocalDate, to: LocalDate, caller: AuthenticatedUser, now: Date, language: LanguageCode, on connection: PostgresConnection
    ) throws -> Run {
        let workplaceID = caller.workplaceID
        let marketCaller = MarketplaceCaller(caller)
        let drafts = try PlanDraftStore.drafts(workplaceID: workplaceID, from: from, to: to, lock: true, on: connection)
        guard !drafts.isEmpty else { return Run() }
        let publishedIDs = drafts.compactMap(\.shiftID)
        let published = try PlanDraftStore.published(publishedIDs, workplaceID: workplaceID, lock: true, on: connection)
        let before = try ShiftStore.shifts(ids: publishedIDs.map(\.rawValue), workplaceID: workplaceID, on: connection)
        var newIDs: [DraftID: ShiftID] = [:]
        for draft in drafts where WeekPublication.needsNewShift(draft, published: published) {
            newIDs[draft.id] = ShiftID(rawValue: try MarketplaceStore.reserveID(table: "shifts", on: connection))
        }
        let steps = WeekPublication.steps(drafts: drafts, published: published, newShiftID: { newIDs[$0.id] ?? ShiftID(rawValue: 0) })
        var run = Run()
        var pending = Dictionary(uniqueKeysWithValues: drafts.map { ($0.id, $0) })
        var refusals: [(DraftedShift, MarketplaceRefusal)] = []
        var policy = ScheduleChangePolicy.none
        for step in steps {
            pending[step.draft.id] = nil
            if step.stale {
                run.kept.append(.init(draftId: step.draft.id.rawValue, shiftId: step.draft.plannedID.rawValue, reason: "stale", detail: nil))
                continue
            }
            try connection.execute("SAVEPOINT publish_draft")
            var (stepDates, stepShifts, stepOwners) = (Set<LocalDate>(), Set<Int64>(), Set<Int64>())
            var schedules: [UserID: [ShiftInterval]] = [:]
            do {
                for action in step.actions {
                    let (actor, loaded) = try MarketplaceContextLoader.load(action, caller: marketCaller, now: now, .forAction, on: connection)
                    let context = PlanOverlay.applying(Array(pending.values), to: loaded)
                    policy = context.settings.scheduleChanges
                    schedules.merge(context.commitments) { _, new in new }
                    switch Marketplace.apply(action, actor: actor, context: context) {
                    case .failure(let refusal):
                        throw refusal
                    case .success(var transition):
                        transition.events.removeAll { personalKinds.contains($0.kind) }
                        try TransitionWriter.persist(
                            transition, action: action, previousDeal: context.deal, workplaceID: workplaceID, partOfPublication: true,
                            on: connection)
                        stepDates.formUnion(PublishedWeeks.changedDates(of: transition, shifts: context.shifts, in: context.timeZone))
                        stepShifts.formUnion(transition.changedShiftIDs.map(\.rawValue))
                        stepOwners.formUnion(
                            transition.newShifts.map(\.owner.rawValue) + transition.shiftChanges.flatMap { [$0.from.owner.rawValue, $0.to.owner.rawValue] }
                                + transition.timeChanges.compactMap { context.shifts[$0.shiftID]?.owner.rawValue })
                    }
                }
                try connection.execute("RELEASE SAVEPOINT publish_draft")
                run.ledger += ScheduleLedger.entries(
                    for: ScheduleChange.of(draft: step.draft, published: step.draft.shiftID.flatMap { published[$0] }, newID: newIDs[step.draft.id]),
                    policy: policy, now: now, schedules: schedules)
                run.published.append(step.draft)
                run.dates.formUnion(stepDates)
                run.shifts.formUnion(stepShifts)
                run.owners.formUnion(stepOwners)
            } catch let refusal as MarketplaceRefusal {
                try connection.execute("ROLLBACK TO SAVEPOINT publish_draft")
                refusals.append((step.draft, refusal))
            }
        }
        // Refusals in the caller's language, naming the members they are about.
        let names = try MemberNames.lookUp(
            Set(refusals.flatMap { $0.1.memberIDs } + drafts.map(\.owner.rawValue) + published.values.map(\.shift.owner.rawValue)),
            workplaceID: workplaceID, on: connection)
        for (draft, refusal) in refusals {
            let problem = ShiftyAPI.ActionPreview.Refusal(refusal, naming: names, in: language)
            run.kept.append(.init(draftId: draft.id.rawValue, shiftId: draft.plannedID.rawValue, reason: problem.code, detail: problem.detail))
        }
        run.kept.sort { $0.draftId < $1.draftId }
        run.people = try people(of: run.published, published: published, before: before, newIDs: newIDs, names: names, workplaceID: workplaceID, on: connection)
        return run
    }

    /// Each person's changes: what ``WeekPublication/changes(of:published:)`` tells them, with the
    /// shift as published now (as it was, for one they lose) and, for a changed one, as it was.
    static func people(
        of drafts: [DraftedShift], published: [ShiftID: PublishedShift], before: [Int64: ShiftyAPI.MarketShift],
        newIDs: [DraftID: ShiftID], names: [Int64: String], workplaceID: Int64, on connection: PostgresConnection
    ) throws -> [PublicationPreviewView.PersonChanges] {
        let ids = drafts.map { (newIDs[$0.id] ?? $0.shiftID ?? ShiftID(rawValue: 0)).rawValue }
        let after = try ShiftStore.shifts(ids: ids, workplaceID: workplaceID, on: connection)
        var changes: [Int64: [ScheduleChangeView]] = [:]
        for (draft, id) in zip(drafts, ids) {
            let old = draft.shiftID.flatMap { before[$0.rawValue] }
            for change in WeekPublication.changes(of: draft, published: draft.shiftID.flatMap { published[$0]?.shift }) {
                let losing = change.kind == .removed
                guard let shift = losing ? old : after[id] else { continue }
                changes[change.member.rawValue, default: []].append(
                    ScheduleChangeView(kind: ScheduleChangeView.Kind(rawValue: change.kind.rawValue), shift: shift, before: change.kind == .changed ? old : nil))
            }
        }
        return changes.keys.sorted { (names[$0] ?? "", $0) < (names[$1] ?? "", $1) }.map { member in
            PublicationPreviewView.PersonChanges(
                userId: member, name: names[member] ?? "",
                changes: (changes[member] ?? []).sorted { ($0.shift.startsAt, $0.shift.id) < ($1.shift.startsAt, $1.shift.id) })
        }
    }
}

/// The `schedule.published` event's payload: one person's changes in a publication. `actorId`
/// is the publishing manager (the notification fan-out does not tell them about their own shifts).
struct SchedulePublishedPayload: Encodable, Sendable {
    @ISO8601Date var publishedAt: Date
    var changes: [ScheduleChangeView]
    var actorId: Int64
}
