import Foundation

/// Every message the server sends on `/api/v1/live` (docs/live-protocol.md), decoded from one text frame.
public enum LiveServerMessage: Sendable, Hashable {
    case hello(LiveHello)
    case event(LiveEvent)
    case subscribed(topics: [String])
    /// The replay asked for is complete: events in `(after, through]` were sent before this.
    case resumed(after: Int64, through: Int64, replayed: Int)
    /// The events after `after` are gone: reload over HTTP; live delivery continues after `newestEventId`.
    case resyncRequired(after: Int64, oldestAvailableId: Int64, newestEventId: Int64)
    /// The "now" board; the terminal does not show it yet.
    case now
    case error(code: String, message: String)
    case pong
    /// A message type this client does not know (later protocol versions may add some).
    case unknown(type: String)

    /// Decodes one frame; `nil` when it is not a JSON object with a string `type`. Each message is
    /// read into the ShiftyAPI type the server writes it from (``LiveHello``, ``LiveSubscribed``,
    /// ``LiveResumed``, ``LiveResyncRequired``, ``LiveErrorMessage``).
    public static func decode(_ text: String) -> LiveServerMessage? {
        let data = Data(text.utf8)
        let decoder = JSONDecoder()
        guard let envelope = try? decoder.decode(Envelope.self, from: data) else { return nil }
        switch envelope.type {
        case "hello":
            return (try? decoder.decode(LiveHello.self, from: data)).map(LiveServerMessage.hello)
        case "event":
            return (try? decoder.decode(EventMessage.self, from: data)).map { .event($0.event) }
        case "subscribed":
            return .subscribed(topics: (try? decoder.decode(LiveSubscribed.self, from: data))?.topics ?? [])
        case "resumed":
            guard let message = try? decoder.decode(LiveResumed.self, from: data) else { return nil }
            return .resumed(after: message.after, through: message.through, replayed: message.replayed)
        case "resync_required":
            guard let message = try? decoder.decode(LiveResyncRequired.self, from: data) else { return nil }
            return .resyncRequired(
                after: message.after, oldestAvailableId: message.oldestAvailableId, newestEventId: message.newestEventId)
        case "now":
            return .now
        case "error":
            // A refusal is reported even when it is malformed: the user should see that something failed.
            let message = try? decoder.decode(LiveErrorMessage.self, from: data)
            return .error(code: message?.code ?? "unknown", message: message?.message ?? "")
        case "pong":
            return .pong
        default:
            return .unknown(type: envelope.type)
        }
    }

    private struct Envelope: Decodable { var type: String }
    private struct EventMessage: Decodable { var event: LiveEvent }
}
