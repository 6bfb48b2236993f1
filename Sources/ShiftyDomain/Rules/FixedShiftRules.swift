import Foundation

/// The rulebook applied to weekly fixed shifts: a fixed shift is a promise of one shift a week, so
/// saving one (an employee's own change, a manager's, or a manager approving an employee's request)
/// is checked occurrence by occurrence, each as the placement of that shift with its owner, against
/// the same `Rulebook` every trade and assignment passes. Generation decides its new occurrences
/// the same way and leaves out the ones the rules refuse.
///
/// Occurrences are not shifts yet, so they carry placeholder ids (negative, never a real shift's):
/// the fixed shift's own other weeks and the owner's other fixed shifts' weeks that are not
/// generated yet count as the owner's commitments too, under such ids.
public enum FixedShiftRules {
    /// Checks every occurrence in `occurrences` (one fixed shift's weeks in the generation
    /// horizon) for `actor`. `context.commitments[owner]` holds the owner's existing shifts, without
    /// the ones the change removes; `unmaterialized` the owner's other fixed shifts' occurrences
    /// that have no shift yet (``unmaterialized(of:from:weeks:in:closedDates:taken:)``).
    public static func review(
        _ occurrences: [ShiftOccurrence], owner: UserID, actor: MarketplaceActor, context: MarketplaceContext,
        unmaterialized: [ShiftOccurrence] = []
    ) -> FixedShiftVerdict {
        let (placed, placeholders, combined) = placements(occurrences, owner: owner, unmaterialized: unmaterialized, context: context)
        let checked = placed.map { item in
            CheckedOccurrence(
                occurrence: item.occurrence, shiftID: item.placement.incoming.shiftID,
                findings: Rulebook.findings(for: item.placement, context: combined))
        }
        let refusal = decision(placed, actor: actor, override: nil, context: combined).failure
        let overridden = decision(placed, actor: actor, override: RuleOverride(reason: "preview"), context: combined)
        return FixedShiftVerdict(
            occurrences: checked, placeholders: placeholders, refusal: refusal,
            refusalWithOverride: actor.role == .manager ? overridden.failure : refusal, acceptsOverride: actor.role == .manager)
    }

    /// The decision of saving: refuses like the verdict (the first refusing rule, naming its
    /// week) or returns the findings `override` sets aside, to record. Only a manager may
    /// override, with a reason; a rule nobody may break (an overlap) refuses even then.
    public static func check(
        _ occurrences: [ShiftOccurrence], owner: UserID, actor: MarketplaceActor, override: RuleOverride?,
        context: MarketplaceContext, unmaterialized: [ShiftOccurrence] = []
    ) throws(MarketplaceRefusal) -> [RuleFinding] {
        let (placed, _, combined) = placements(occurrences, owner: owner, unmaterialized: unmaterialized, context: context)
        return try decision(placed, actor: actor, override: override, context: combined).get()
    }

    /// Decides which `candidates` generation may create: in start order, each one the rules do not
    /// refuse is accepted and counts as a commitment for the ones after it; a refused one is
    /// skipped with the findings that refuse it. A finding whose rule a manager set aside for the
    /// fixed shift when saving it (`standingOverrides`) does not refuse; an overlap always does.
    public static func decideGeneration(_ candidates: [GenerationCandidate], context: MarketplaceContext) -> GenerationDecision {
        var context = context
        var decision = GenerationDecision()
        let ordered = candidates.sorted {
            ($0.occurrence.start, $0.occurrence.fixedShiftID, $0.occurrence.date) < ($1.occurrence.start, $1.occurrence.fixedShiftID, $1.occurrence.date)
        }
        for (index, candidate) in ordered.enumerated() {
            let occurrence = candidate.occurrence
            let interval = occurrence.interval(id: placeholderID(index))
            let refusing = Rulebook.findings(for: Placement(member: occurrence.owner, incoming: interval), context: context)
                .filter { $0.severity == .refuse && !($0.isOverridable && candidate.standingOverrides.contains($0.rule)) }
            if refusing.isEmpty {
                decision.accepted.append(occurrence)
                context.commitments[occurrence.owner, default: []].append(interval)
            } else {
                decision.skipped.append(SkippedOccurrence(occurrence: occurrence, findings: refusing))
            }
        }
        return decision
    }

    /// The occurrences of `rules` in the horizon that have no shift yet: their key is not in
    /// `taken` (a generated, traded, deleted or skipped week). These are commitments a check must
    /// see although no shift row exists for them.
    public static func unmaterialized(
        of rules: [FixedShift], from today: LocalDate, weeks: Int = FixedShift.generationWeeks, in timeZone: WorkplaceTimeZone,
        closedDates: Set<LocalDate> = [], taken: Set<OccurrenceKey>
    ) -> [ShiftOccurrence] {
        rules.flatMap { $0.occurrences(from: today, weeks: weeks, in: timeZone, closedDates: closedDates) }
            .filter { !taken.contains(OccurrenceKey(fixedShiftID: $0.fixedShiftID, date: $0.date)) }
    }

    /// Placeholder ids for occurrences: negative, so they never name a real shift.
    static func placeholderID(_ index: Int) -> ShiftID { ShiftID(rawValue: -Int64(index) - 1) }

    struct Placed {
        var occurrence: ShiftOccurrence
        var placement: Placement
    }

    /// The occurrences as placements with placeholder ids, every placeholder's occurrence, and the
    /// context they are checked in: the owner's commitments plus the fixed shift's other weeks and
    /// the owner's unmaterialized occurrences (the rulebook leaves a placement's own id out).
    static func placements(
        _ occurrences: [ShiftOccurrence], owner: UserID, unmaterialized: [ShiftOccurrence], context: MarketplaceContext
    ) -> ([Placed], [ShiftID: ShiftOccurrence], MarketplaceContext) {
        var placeholders: [ShiftID: ShiftOccurrence] = [:]
        var placed: [Placed] = []
        for (index, occurrence) in occurrences.enumerated() {
            let id = placeholderID(index)
            placeholders[id] = occurrence
            placed.append(Placed(occurrence: occurrence, placement: Placement(member: owner, incoming: occurrence.interval(id: id))))
        }
        var extra = placed.map(\.placement.incoming)
        for (offset, occurrence) in unmaterialized.enumerated() {
            let id = placeholderID(occurrences.count + offset)
            placeholders[id] = occurrence
            extra.append(occurrence.interval(id: id))
        }
        var combined = context
        combined.commitments[owner, default: []].append(contentsOf: extra)
        return (placed, placeholders, combined)
    }

    /// The save's answer for `placed`: who may override, the reason, then every occurrence through
    /// `Rulebook.check` (the refusal names the occurrence's date as its `fixedShiftWeek`).
    static func decision(
        _ placed: [Placed], actor: MarketplaceActor, override: RuleOverride?, context: MarketplaceContext
    ) -> Result<[RuleFinding], MarketplaceRefusal> {
        do throws(MarketplaceRefusal) {
            if override != nil, actor.role != .manager {
                throw MarketplaceRefusal(.notAManager, .overrideRules)
            }
            try Marketplace.requireOverrideReason(override)
            var overridden: [RuleFinding] = []
            for item in placed {
                do throws(MarketplaceRefusal) {
                    overridden += try Rulebook.check(item.placement, overriding: override, context: context)
                } catch {
                    var refusal = error
                    refusal.arguments.fixedShiftWeek = item.occurrence.date
                    throw refusal
                }
            }
            return .success(overridden)
        } catch {
            return .failure(error)
        }
    }
}

/// A fixed shift's occurrence by its generation key (the `shifts (fixed_shift_id, local_date)` key).
public struct OccurrenceKey: Sendable, Hashable, Codable {
    public var fixedShiftID: FixedShiftID
    public var date: LocalDate

    public init(fixedShiftID: FixedShiftID, date: LocalDate) {
        self.fixedShiftID = fixedShiftID
        self.date = date
    }
}

/// One occurrence of a fixed shift as the rulebook saw it.
public struct CheckedOccurrence: Sendable, Hashable {
    public var occurrence: ShiftOccurrence
    /// Its placeholder id in the findings (`RuleFinding.shiftID`).
    public var shiftID: ShiftID
    /// Every rule it breaks or warns about.
    public var findings: [RuleFinding]
}

/// What saving a fixed shift would answer, before anything is written: the preview of the save.
public struct FixedShiftVerdict: Sendable, Hashable {
    /// Every occurrence in the horizon, in date order, with its findings.
    public var occurrences: [CheckedOccurrence]
    /// The occurrence each placeholder id stands for (the saved fixed shift's weeks, and the
    /// owner's other fixed shifts' weeks not generated yet), to name conflicts that are not shifts.
    public var placeholders: [ShiftID: ShiftOccurrence]
    /// The refusal the save would answer with now; `nil` when it would be saved.
    public var refusal: MarketplaceRefusal?
    /// The answer with a manager's override: `nil` when an override lets it through.
    public var refusalWithOverride: MarketplaceRefusal?
    /// Whether the actor may override at all (a manager).
    public var acceptsOverride: Bool

    public init(
        occurrences: [CheckedOccurrence], placeholders: [ShiftID: ShiftOccurrence], refusal: MarketplaceRefusal?,
        refusalWithOverride: MarketplaceRefusal?, acceptsOverride: Bool
    ) {
        self.occurrences = occurrences
        self.placeholders = placeholders
        self.refusal = refusal
        self.refusalWithOverride = refusalWithOverride
        self.acceptsOverride = acceptsOverride
    }

    /// Every finding of every occurrence.
    public var findings: [RuleFinding] { occurrences.flatMap(\.findings) }
}

/// A new occurrence generation would create, with the rules a manager set aside for its fixed shift.
public struct GenerationCandidate: Sendable, Hashable {
    public var occurrence: ShiftOccurrence
    public var standingOverrides: Set<ScheduleRule>

    public init(occurrence: ShiftOccurrence, standingOverrides: Set<ScheduleRule> = []) {
        self.occurrence = occurrence
        self.standingOverrides = standingOverrides
    }
}

/// An occurrence generation left out, and the findings that refused it.
public struct SkippedOccurrence: Sendable, Hashable {
    public var occurrence: ShiftOccurrence
    public var findings: [RuleFinding]

    /// The codes of the rules that refused it, without repeats, in rulebook order.
    public var rules: [ScheduleRule] {
        ScheduleRule.allCases.filter { rule in findings.contains { $0.rule == rule } }
    }
}

/// Generation's decision on a batch of candidates.
public struct GenerationDecision: Sendable, Hashable {
    public var accepted: [ShiftOccurrence] = []
    public var skipped: [SkippedOccurrence] = []

    public init(accepted: [ShiftOccurrence] = [], skipped: [SkippedOccurrence] = []) {
        self.accepted = accepted
        self.skipped = skipped
    }
}

extension ShiftOccurrence {
    /// The occurrence as the rulebook sees a shift, under `id`.
    public func interval(id: ShiftID) -> ShiftInterval {
        ShiftInterval(shiftID: id, start: start, end: end, position: positionLabel)
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
