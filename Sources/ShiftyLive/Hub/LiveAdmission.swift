/// Counts live connections and running replays per session and per member, and decides who may open
/// one and whose replay runs next. No I/O and no locking: ``LiveHub`` holds it behind its lock.
struct LiveAdmission {
    /// Why a connection was refused.
    enum Refusal: Equatable {
        case sessionFull(limit: Int)
        case userFull(limit: Int)
    }

    /// A replay waiting for, or holding, a slot.
    struct Ticket: Hashable {
        var id: ObjectIdentifier
        var userID: Int64
        var sessionID: Int64
    }

    let limits: LiveLimits
    private(set) var connectionsPerSession: [Int64: Int] = [:]
    private(set) var connectionsPerUser: [Int64: Int] = [:]
    private(set) var replaysPerSession: [Int64: Int] = [:]
    private(set) var replaysPerUser: [Int64: Int] = [:]
    /// Replays waiting for a slot, first come first served (among those that fit).
    private(set) var waiting: [Ticket] = []

    init(limits: LiveLimits) {
        self.limits = limits
    }

    // MARK: Connections

    /// Why a new connection of this session and member would be refused now (`nil`: it would not).
    func refusal(userID: Int64, sessionID: Int64) -> Refusal? {
        if connectionsPerSession[sessionID, default: 0] >= limits.connectionsPerSession {
            return .sessionFull(limit: limits.connectionsPerSession)
        }
        if connectionsPerUser[userID, default: 0] >= limits.connectionsPerUser {
            return .userFull(limit: limits.connectionsPerUser)
        }
        return nil
    }

    /// Takes a place for a new connection, or says why there is none.
    mutating func admitConnection(userID: Int64, sessionID: Int64) -> Refusal? {
        if let refusal = refusal(userID: userID, sessionID: sessionID) { return refusal }
        connectionsPerSession[sessionID, default: 0] += 1
        connectionsPerUser[userID, default: 0] += 1
        return nil
    }

    /// Gives back the place of a connection that closed (or whose upgrade failed).
    mutating func connectionClosed(userID: Int64, sessionID: Int64) {
        Self.decrement(&connectionsPerSession, sessionID)
        Self.decrement(&connectionsPerUser, userID)
    }

    // MARK: Replays

    /// Starts a replay now (true) or queues it until ``replayFinished(_:)`` hands it a slot (false).
    mutating func requestReplay(_ ticket: Ticket) -> Bool {
        guard !waiting.contains(where: { $0.userID == ticket.userID }), fits(ticket) else {
            waiting.append(ticket)
            return false
        }
        take(ticket)
        return true
    }

    /// A replay ended: frees its slot and returns the waiting replays that start now.
    mutating func replayFinished(_ ticket: Ticket) -> [Ticket] {
        Self.decrement(&replaysPerSession, ticket.sessionID)
        Self.decrement(&replaysPerUser, ticket.userID)
        var started: [Ticket] = []
        var index = 0
        while index < waiting.count {
            let next = waiting[index]
            if fits(next) {
                waiting.remove(at: index)
                take(next)
                started.append(next)
            } else {
                index += 1
            }
        }
        return started
    }

    /// A waiting replay's connection closed: it no longer waits.
    mutating func cancelWaiting(_ ticket: Ticket) {
        waiting.removeAll { $0 == ticket }
    }

    private func fits(_ ticket: Ticket) -> Bool {
        replaysPerSession[ticket.sessionID, default: 0] < limits.replaysPerSession
            && replaysPerUser[ticket.userID, default: 0] < limits.replaysPerUser
    }

    private mutating func take(_ ticket: Ticket) {
        replaysPerSession[ticket.sessionID, default: 0] += 1
        replaysPerUser[ticket.userID, default: 0] += 1
    }

    private static func decrement(_ counts: inout [Int64: Int], _ key: Int64) {
        guard let count = counts[key] else { return }
        counts[key] = count > 1 ? count - 1 : nil
    }
}
