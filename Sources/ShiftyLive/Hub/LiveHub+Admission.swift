import NIOConcurrencyHelpers
import NIOCore
import ShiftyServerCore

extension LiveHub {
    /// ``LiveAdmission`` and the connections whose replays wait for a slot.
    struct AdmissionState {
        var counts: LiveAdmission
        var waiting: [ObjectIdentifier: LiveConnection] = [:]
    }

    /// Takes a place for a new connection of this session and member, or answers the problem to refuse
    /// the upgrade with (429 before the 101). The place is given back by ``connectionEnded(userID:sessionID:)``.
    package func admitConnection(userID: Int64, sessionID: Int64) -> Problem? {
        Self.problem(for: admission.withLockedValue { $0.counts.admitConnection(userID: userID, sessionID: sessionID) })
    }

    /// The problem a new connection would be refused with now, without taking a place (the plain
    /// `GET /api/v1/live` tells a browser, which cannot read a refused handshake, why it failed).
    package func connectionRefusal(userID: Int64, sessionID: Int64) -> Problem? {
        Self.problem(for: admission.withLockedValue { $0.counts.refusal(userID: userID, sessionID: sessionID) })
    }

    static func problem(for refusal: LiveAdmission.Refusal?) -> Problem? {
        switch refusal {
        case nil:
            return nil
        case .sessionFull(let limit):
            return Problem(
                .tooManyRequests, code: .tooManyLiveConnections,
                text: .init("server.problem.too_many_live_connections.session", ["limit": String(limit)]),
                retryAfterSeconds: 30)
        case .userFull(let limit):
            return Problem(
                .tooManyRequests, code: .tooManyLiveConnections,
                text: .init("server.problem.too_many_live_connections.account", ["limit": String(limit)]),
                retryAfterSeconds: 30)
        }
    }

    package func connectionEnded(userID: Int64, sessionID: Int64) {
        admission.withLockedValue { $0.counts.connectionClosed(userID: userID, sessionID: sessionID) }
    }

    /// Asks for a replay slot for `connection`: true when its replay may read now; otherwise
    /// `connection.replaySlotGranted()` runs on its event loop when a slot frees up.
    func requestReplaySlot(for connection: LiveConnection) -> Bool {
        let ticket = connection.replayTicket
        return admission.withLockedValue { state in
            if state.counts.requestReplay(ticket) { return true }
            state.waiting[ticket.id] = connection
            return false
        }
    }

    /// The connection's replay ended (finished, failed, or the connection closed): the next waiting
    /// replays of the member start.
    func releaseReplaySlot(for connection: LiveConnection) {
        let started = admission.withLockedValue { state -> [LiveConnection] in
            state.counts.replayFinished(connection.replayTicket).compactMap { state.waiting.removeValue(forKey: $0.id) }
        }
        for next in started {
            next.eventLoop.execute { next.replaySlotGranted() }
        }
    }

    /// A connection that waited for a slot closed.
    func cancelReplaySlot(for connection: LiveConnection) {
        admission.withLockedValue { state in
            state.counts.cancelWaiting(connection.replayTicket)
            state.waiting.removeValue(forKey: connection.replayTicket.id)
        }
    }
}
