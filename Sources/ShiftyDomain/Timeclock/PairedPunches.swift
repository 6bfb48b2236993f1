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

/// The result of pairing punches: complete sessions plus punches without a partner.
public struct PairedPunches: Sendable, Hashable {
    public var sessions: [WorkSession]
    /// Punches that have no partner (a check-in followed by another check-in, a check-out with
    /// no open check-in, or a trailing check-in). Their local day gets the "odd punches" status.
    public var unmatched: [Punch]

    /// Pairs punches in time order: a check-in opens a session, the next check-out closes it.
    public init(_ punches: [Punch]) {
        let ordered = punches.enumerated().sorted { lhs, rhs in
            lhs.element.instant == rhs.element.instant ? lhs.offset < rhs.offset : lhs.element.instant < rhs.element.instant
        }.map(\.element)
        var sessions: [WorkSession] = []
        var unmatched: [Punch] = []
        var open: Punch?
        for punch in ordered {
            switch punch.kind {
            case .checkIn:
                if let dangling = open { unmatched.append(dangling) }
                open = punch
            case .checkOut:
                if let checkIn = open {
                    sessions.append(WorkSession(start: checkIn.instant, end: punch.instant))
                    open = nil
                } else {
                    unmatched.append(punch)
                }
            }
        }
        if let dangling = open { unmatched.append(dangling) }
        self.sessions = sessions
        self.unmatched = unmatched
    }
}
