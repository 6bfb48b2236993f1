import Foundation

/// The live marketplace as the terminal shows it: the offered shifts, which rows changed recently
/// (they flash for `flashDuration`), and rows that just left (kept until their flash ends).
///
/// A plain value with no I/O and an explicit `now`, so every update and every expiry is testable.
public struct MarketBoard: Sendable {
    public private(set) var rows: [Int64: MarketRow]
    /// Row id → the instant its flash ends.
    public private(set) var flashes: [Int64: Date]
    public var flashDuration: TimeInterval

    /// A board loaded from `GET /api/v1/marketplace`; nothing flashes on the first load.
    public init(shifts: [MarketShift] = [], flashDuration: TimeInterval = 3) {
        self.rows = [:]
        self.flashes = [:]
        self.flashDuration = flashDuration
        for shift in shifts where shift.status == .supplied {
            self.rows[shift.id] = MarketRow(shift: shift, state: .offered)
        }
    }

    /// Rows in table order: by date, start time, then id.
    public var orderedRows: [MarketRow] {
        self.rows.values.sorted { left, right in
            (left.shift.date, left.shift.startTime, left.shift.id) < (right.shift.date, right.shift.startTime, right.shift.id)
        }
    }

    /// Shifts still offered or waiting for approval (rows that are leaving do not count).
    public var activeCount: Int { self.rows.values.count(where: { !$0.state.isGone }) }

    public func isFlashing(_ id: Int64, at now: Date) -> Bool {
        guard let until = self.flashes[id] else { return false }
        return now < until
    }

    /// Replaces the board with a fresh HTTP load (after `resync_required` or a reload) and flashes
    /// what differs from before; rows no longer offered leave as "gone".
    @discardableResult
    public mutating func replace(with shifts: [MarketShift], at now: Date) -> Set<Int64> {
        var changed: Set<Int64> = []
        let fresh = Dictionary(shifts.filter { $0.status == .supplied }.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        for (id, row) in self.rows where fresh[id] == nil && !row.state.isGone {
            self.rows[id]?.state = .gone(TerminalLanguage.text("terminal.board.noLongerOffered"))
            changed.insert(id)
        }
        for (id, shift) in fresh {
            let row = MarketRow(shift: shift, state: .offered)
            if self.rows[id] != row {
                self.rows[id] = row
                changed.insert(id)
            }
        }
        self.flash(changed, at: now)
        return changed
    }

    /// Applies one live event using its shift snapshots; returns the ids of the rows it changed.
    @discardableResult
    public mutating func apply(_ event: LiveEvent, at now: Date) -> Set<Int64> {
        var changed: Set<Int64> = []
        for shift in event.data.shifts where self.apply(snapshot: shift, eventType: event.type) {
            changed.insert(shift.id)
        }
        // An event that names shifts without snapshots still tells us they left the marketplace.
        if event.type == .shiftRevoked {
            let snapshotIDs = Set(event.data.shifts.map(\.id))
            for id in event.data.shiftIds where !snapshotIDs.contains(id) {
                if let row = self.rows[id], !row.state.isGone {
                    self.rows[id]?.state = .gone("withdrawn")
                    changed.insert(id)
                }
            }
        }
        self.flash(changed, at: now)
        return changed
    }

    /// Ends flashes that are over, drops rows that left once their flash ended, and drops offers whose
    /// shift has started (the server stops listing them too).
    public mutating func expire(at now: Date) {
        for (id, until) in self.flashes where now >= until {
            self.flashes[id] = nil
            if self.rows[id]?.state.isGone == true { self.rows[id] = nil }
        }
        for (id, row) in self.rows where !self.isFlashing(id, at: now) {
            if row.shift.startsAt <= now { self.rows[id] = nil }
        }
    }

    private mutating func flash(_ ids: Set<Int64>, at now: Date) {
        for id in ids { self.flashes[id] = now.addingTimeInterval(self.flashDuration) }
    }

    /// Returns whether the row changed.
    private mutating func apply(snapshot shift: MarketShift, eventType: LiveEvent.Kind) -> Bool {
        let existing = self.rows[shift.id]
        let updated: MarketRow?
        switch shift.status {
        case .supplied:
            updated = MarketRow(shift: shift, state: .offered)
        case .inDeal:
            // A pick-up waiting for approval; shifts that were never on the board (swaps) stay off it.
            updated = existing == nil ? nil : MarketRow(shift: shift, state: .pendingApproval)
        case .scheduled, .suggested, .cancelled, .unknown:
            guard let existing, !existing.state.isGone else { return false }
            updated = MarketRow(shift: existing.shift, state: .gone(Self.departure(of: existing.shift, now: shift, eventType: eventType)))
        }
        guard let updated, updated != existing else { return false }
        self.rows[shift.id] = updated
        return true
    }

    /// Why a shift left the marketplace, in words for the status column.
    static func departure(of before: MarketShift, now after: MarketShift, eventType: LiveEvent.Kind) -> String {
        if after.status == .cancelled { return TerminalLanguage.text("terminal.board.cancelled") }
        if after.ownerId != before.ownerId { return TerminalLanguage.text("terminal.board.takenBy", ["name": after.ownerName]) }
        if after.status == .suggested { return TerminalLanguage.text("terminal.board.suggested") }
        if eventType == .dealRejected { return TerminalLanguage.text("terminal.board.pickUpRejected") }
        return TerminalLanguage.text("terminal.board.withdrawn")
    }
}
