import Foundation

/// Accumulates the rows one accepted action writes, so every change automatically gets its
/// history entry and no action can forget one.
struct TransitionBuilder {
    let actor: UserID?
    let now: Date
    private(set) var transition = Transition()

    init(actor: UserID?, now: Date) {
        self.actor = actor
        self.now = now
    }

    mutating func change(
        _ shift: OwnedShift, to newState: ShiftState, note: String? = nil, touches: Bool = false, unassigns: Bool = false,
        assigns: Bool = false
    ) {
        let oldState = shift.state
        transition.shiftChanges.append(ShiftChange(
            shiftID: shift.id, from: oldState, to: newState, touches: touches, unassigns: unassigns, assigns: assigns))
        var notes: [String] = []
        if oldState.owner != newState.owner { notes.append("owner \(oldState.owner) → \(newState.owner)") }
        if let note, !note.isEmpty { notes.append(note) }
        transition.history.append(HistoryEntry(
            subject: .shift(shift.id), actor: actor, at: now,
            from: oldState.status.rawValue, to: newState.status.rawValue,
            note: notes.isEmpty ? nil : notes.joined(separator: "; ")))
    }

    /// A new one-off shift, with its "created" history row.
    mutating func create(_ shift: NewShift, note: String? = nil) {
        transition.newShifts.append(shift)
        transition.history.append(HistoryEntry(
            subject: .shift(shift.id), actor: actor, at: now, from: nil, to: ShiftStatus.scheduled.rawValue, note: note))
    }

    /// A shift's new times or position, with a history row saying what changed ("09:00–17:00 → 10:00–18:00").
    mutating func retime(_ shift: OwnedShift, to edit: ShiftEdit, zone: WorkplaceTimeZone) {
        transition.timeChanges.append(ShiftTimeChange(shiftID: shift.id, from: shift.interval, to: edit.interval))
        func clock(_ instant: Date) -> String {
            let time = zone.localDateTime(of: instant).time
            return String(format: "%02d:%02d", time.hour, time.minute)
        }
        // "22:00–04:00 (+1)": the page's time format, so an overnight shift never reads backwards.
        func range(_ start: Date, _ end: Date) -> String {
            let days = zone.localDate(of: start).days(until: zone.localDate(of: end))
            return "\(clock(start))–\(clock(end))" + (days > 0 ? " (+\(days))" : "")
        }
        var notes: [String] = []
        if shift.start != edit.start || shift.end != edit.end {
            notes.append("time \(range(shift.start, shift.end)) → \(range(edit.start, edit.end))")
        }
        if shift.position != edit.position {
            notes.append("position \(shift.position ?? "none") → \(edit.position ?? "none")")
        }
        note(on: shift.id, status: shift.status, notes.isEmpty ? "edited (no change)" : notes.joined(separator: "; "))
    }

    /// A history row on a shift whose state does not change (such as an overridden rule).
    mutating func note(on shiftID: ShiftID, status: ShiftStatus, _ note: String) {
        transition.history.append(HistoryEntry(
            subject: .shift(shiftID), actor: actor, at: now, from: status.rawValue, to: status.rawValue, note: note))
    }

    mutating func record(deal: Deal, from previous: DealState?, note: String? = nil) {
        assert(previous.map { $0.canMove(to: deal.state) } ?? true, "\(String(describing: previous)) → \(deal.state)")
        transition.deal = deal
        transition.history.append(HistoryEntry(
            subject: .deal(deal.id), actor: actor, at: now,
            from: previous?.rawValue, to: deal.state.rawValue, note: note))
    }

    mutating func record(request: ExtraWorkRequest, from previous: ExtraWorkRequest?, note: String? = nil) {
        transition.requestChanges.append(RequestChange(from: previous, to: request))
        transition.history.append(HistoryEntry(
            subject: .request(request.id), actor: actor, at: now,
            from: previous?.status.rawValue, to: request.status.rawValue, note: note))
    }

    mutating func emit(_ event: MarketplaceEvent) {
        transition.events.append(event)
    }
}
