import Foundation

/// Every message the server sends on `/api/v1/live` (docs/live-protocol.md), decoded from one text frame.
public enum LiveServerMessage: Sendable, Hashable {
    case hello(LiveHello)
    case event(LiveEvent)
    case subscribed(topics: [String])
    /// The replay asked for is complete: events in `(after, through]` were sent before this.
    case resumed(after: Int64, through: Int64, replayed: Int)
    /// The events after `after` are gone: reload over HTTP; live delivery continues after `newestEventId`.
    case resyncRequired(after: Int64, oldestAvailableId: Int64?, newestEventId: Int64)
    /// The "now" board; the terminal does not show it yet.
    case now
    case error(code: String, message: String)
    case pong
    /// A message type this client does not know (later protocol versions may add some).
    case unknown(type: String)

    /// Decodes one frame; `nil` when it is not a JSON object with a string `type`.
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
            return .subscribed(topics: (try? decoder.decode(SubscribedMessage.self, from: data))?.topics ?? [])
        case "resumed":
            guard let message = try? decoder.decode(ResumedMessage.self, from: data) else { return nil }
            return .resumed(after: message.after, through: message.through, replayed: message.replayed ?? 0)
        case "resync_required":
            guard let message = try? decoder.decode(ResyncMessage.self, from: data) else { return nil }
            return .resyncRequired(
                after: message.after, oldestAvailableId: message.oldestAvailableId, newestEventId: message.newestEventId)
        case "now":
            return .now
        case "error":
            let message = try? decoder.decode(ErrorMessage.self, from: data)
            return .error(code: message?.code ?? "unknown", message: message?.message ?? "")
        case "pong":
            return .pong
        default:
            return .unknown(type: envelope.type)
        }
    }

    private struct Envelope: Decodable { var type: String }
    private struct EventMessage: Decodable { var event: LiveEvent }
    private struct SubscribedMessage: Decodable { var topics: [String] }
    private struct ResumedMessage: Decodable { var after: Int64; var through: Int64; var replayed: Int? }
    private struct ResyncMessage: Decodable { var after: Int64; var oldestAvailableId: Int64?; var newestEventId: Int64 }
    private struct ErrorMessage: Decodable { var code: String?; var message: String? }
}
