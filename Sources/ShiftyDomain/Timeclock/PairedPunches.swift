import Foundation

/// A matched check-in/check-out pair: time actually worked, half-open `[start, end)`.
public struct WorkSession: Sendable, Hashable, Codable {
    public var start: Date
    public var end: Date

    public init(start: Date, end: Date) {
        self.start = start
        self.end = end
    }

    public var seconds: Int { Int(end.timeIntervalSince(start).rounded(.down)) }
}

/// The result of pairing punches: complete sessions, the punched breaks inside them, plus
/// punches without a partner.
public struct PairedPunches: Sendable, Hashable {
    /// Presence: each check-in to its check-out, breaks included.
    public var sessions: [WorkSession]
    /// Punched breaks (break start to break end, or to the check-out when the break was never
    /// ended), always inside a session.
    public var breaks: [WorkSession]
    /// Punches that have no partner (a check-in followed by another check-in, a check-out with
    /// no open check-in, a trailing check-in, a break punch outside a session or a second
    /// break start). Their local day gets the "odd punches" status.
    public var unmatched: [Punch]

    /// Pairs punches in time order: a check-in opens a session, the next check-out closes it;
    /// inside a session a break start opens a break that the next break end (or the check-out) closes.
    public init(_ punches: [Punch]) {
        let ordered = punches.enumerated().sorted { lhs, rhs in
            lhs.element.instant == rhs.element.instant ? lhs.offset < rhs.offset : lhs.element.instant < rhs.element.instant
        }.map(\.element)
        var sessions: [WorkSession] = []
        var breaks: [WorkSession] = []
        var unmatched: [Punch] = []
        var open: Punch?
        var openBreak: Punch?
        for punch in ordered {
            switch punch.kind {
            case .checkIn:
                if let dangling = open { unmatched.append(dangling) }
                if let dangling = openBreak { unmatched.append(dangling) }
                open = punch
                openBreak = nil
            case .checkOut:
                if let checkIn = open {
                    sessions.append(WorkSession(start: checkIn.instant, end: punch.instant))
                    if let breakStart = openBreak { breaks.append(WorkSession(start: breakStart.instant, end: punch.instant)) }
                    open = nil
                    openBreak = nil
                } else {
                    unmatched.append(punch)
                }
            case .breakStart:
                if open == nil || openBreak != nil { unmatched.append(punch) } else { openBreak = punch }
            case .breakEnd:
                if let breakStart = openBreak {
                    breaks.append(WorkSession(start: breakStart.instant, end: punch.instant))
                    openBreak = nil
                } else {
                    unmatched.append(punch)
                }
            }
        }
        if let dangling = open { unmatched.append(dangling) }
        if let dangling = openBreak { unmatched.append(dangling) }
        self.sessions = sessions
        self.breaks = breaks
        self.unmatched = unmatched
    }
}
