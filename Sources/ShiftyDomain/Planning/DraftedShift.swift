import Foundation

/// One unpublished version of a shift in a manager's plan (`schedule_drafts`).
public struct DraftID: DomainIdentifier {
    public let rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }
}

/// A manager's unpublished version of one shift: what the shift will be once the week is
/// published. A draft holds the whole shift as planned (not the steps that led there), so a
/// second change of the same shift replaces the first and a change back to the published shift
/// leaves no draft at all. `shifts` keeps the published schedule; drafts are an overlay only the
/// manager's plan reads (docs/week-planning.md).
public struct DraftedShift: Sendable, Hashable, Codable {
    public var id: DraftID
    /// The published shift this draft changes; `nil`: a shift new in the draft.
    public var shiftID: ShiftID?
    /// The published shift's `sequence` when the draft was made: a different one at publish
    /// means someone changed the shift since (a trade, an immediate edit), so the draft is stale.
    public var baseSequence: Int?
    public var owner: UserID
    public var date: LocalDate
    public var start: Date
    public var end: Date
    public var position: String?
    /// The shift leaves the schedule at publish.
    public var removed: Bool
    /// The shift goes to the marketplace at publish (its owner covers it until a pick-up).
    public var released: Bool
    /// The reason a manager gave for setting rules aside when drafting: publishing decides again
    /// with the same override, so the rules are set aside by the one who knew why.
    public var overrideReason: String?

    public init(
        id: DraftID, shiftID: ShiftID?, baseSequence: Int?, owner: UserID, date: LocalDate, start: Date, end: Date,
        position: String?, removed: Bool = false, released: Bool = false, overrideReason: String? = nil
    ) {
        self.id = id
        self.shiftID = shiftID
        self.baseSequence = baseSequence
        self.owner = owner
        self.date = date
        self.start = start
        self.end = end
        self.position = position
        self.removed = removed
        self.released = released
        self.overrideReason = overrideReason
    }

    /// The id checks and the overlay use: the published shift's, or a negative placeholder for
    /// a new shift (ids of stored shifts are positive), as `FixedShiftRules` names its occurrences.
    public var plannedID: ShiftID { shiftID ?? ShiftID(rawValue: -id.rawValue) }

    public var interval: ShiftInterval { ShiftInterval(shiftID: plannedID, start: start, end: end, position: position) }

    /// Whether this draft plans exactly what is published (nothing left to publish).
    public func matches(_ published: PublishedShift) -> Bool {
        !removed && owner == published.shift.owner && start == published.shift.start && end == published.shift.end
            && position == published.shift.position && released == published.shift.isUnassigned
    }
}

/// A published shift as the plan starts from: the marketplace's view of it, its local date and
/// its `sequence` (bumped by every change anyone can see).
public struct PublishedShift: Sendable, Hashable, Codable {
    public var shift: OwnedShift
    public var date: LocalDate
    public var sequence: Int

    public init(shift: OwnedShift, date: LocalDate, sequence: Int) {
        self.shift = shift
        self.date = date
        self.sequence = sequence
    }
}
