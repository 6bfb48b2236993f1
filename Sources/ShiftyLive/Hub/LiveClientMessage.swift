import Foundation
import ShiftyEvents
import ShiftyServerCore

/// A message from a live client, parsed and validated (docs/live-protocol.md, "Client → server").
package enum LiveClientMessage: Sendable, Equatable {
    case subscribe(LiveTopicSet)
    case unsubscribe(LiveTopicSet)
    case resume(after: Int64)
    case ping

    /// Why a client message was refused: answered with an `error` message, the connection stays open.
    package struct Refusal: Error, Sendable, Equatable {
        package var code: ProblemCode.Server
        package var message: String
    }

    private struct Envelope: Decodable {
        var type: String
        var topics: [String]?
        var after: Int64?
    }

    /// Parses one text message of a member (`isManager` decides whether `approvals` may be subscribed).
    static func parse(_ text: String, isManager: Bool) -> Result<LiveClientMessage, Refusal> {
        let envelope: Envelope
        do {
            envelope = try JSONDecoder().decode(Envelope.self, from: Data(text.utf8))
        } catch {
            return .failure(Refusal(
                code: .malformedMessage,
                message: "Messages are JSON objects with a string \"type\" (and \"topics\": [strings] or \"after\": integer)."))
        }
        switch envelope.type {
        case "subscribe", "unsubscribe":
            guard let names = envelope.topics else {
                return .failure(Refusal(code: .malformedMessage, message: "\"\(envelope.type)\" needs \"topics\": a list of topic names."))
            }
            switch topics(names, isManager: isManager, checkingPermission: envelope.type == "subscribe") {
            case .success(let set): return .success(envelope.type == "subscribe" ? .subscribe(set) : .unsubscribe(set))
            case .failure(let refusal): return .failure(refusal)
            }
        case "resume":
            guard let after = envelope.after, after >= 0 else {
                return .failure(Refusal(code: .invalidResume, message: "\"resume\" needs \"after\": the id of the last event you received (0 or more)."))
            }
            return .success(.resume(after: after))
        case "ping":
            return .success(.ping)
        default:
            return .failure(Refusal(
                code: .unknownMessageType,
                message: "Unknown message type \"\(envelope.type.prefix(40))\". Known: subscribe, unsubscribe, resume, ping."))
        }
    }

    /// Topic names to a set; unknown names and (when subscribing) forbidden ones are refused as a whole.
    package static func topics(_ names: [String], isManager: Bool, checkingPermission: Bool = true) -> Result<LiveTopicSet, Refusal> {
        var set = LiveTopicSet.none
        for name in names {
            guard let topic = LiveTopic(rawValue: name) else {
                let known = LiveTopic.allCases.map(\.rawValue).joined(separator: ", ")
                return .failure(Refusal(code: .unknownTopic, message: "Unknown topic \"\(name.prefix(40))\". Topics: \(known)."))
            }
            if checkingPermission, !topic.isAllowed(isManager: isManager) {
                return .failure(Refusal(code: .forbiddenTopic, message: "Only managers may subscribe to \"\(name)\"."))
            }
            set.formUnion(LiveTopicSet([topic]))
        }
        return .success(set)
    }
}
