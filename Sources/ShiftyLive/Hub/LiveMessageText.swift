import Foundation
import ShiftyAPI
import ShiftyEvents
import ShiftyServerCore

/// Encodes the server's messages (docs/live-protocol.md, "Server → client").
///
/// Events are built as text around the payload exactly as stored, so the JSON is written once per
/// event and shared by every recipient's frame.
package enum LiveMessageText {
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    static func hello(_ caller: LiveCaller, newestEventID: Int64, retentionDays: Int, subscribed: LiveTopicSet) -> String {
        encode(ShiftyAPI.LiveHello(
            user: caller.user, workplace: caller.workplace,
            newestEventId: newestEventID, retentionDays: retentionDays,
            topics: LiveTopic.allowed(isManager: caller.recipient.isManager).map(\.rawValue),
            subscribed: subscribed.topics.map(\.rawValue)))
    }

    static func event(_ event: OutboxEvent) -> String {
        #"{"type":"event","event":\#(eventObject(event))}"#
    }

    /// The `event` object itself: `{"id","type","topics","at","data"}` (also the items of GET /notifications).
    package static func eventObject(_ event: OutboxEvent) -> String {
        let at = event.createdAt.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        let topics = event.topics.topics.map { "\"\($0.rawValue)\"" }.joined(separator: ",")
        let data = event.payloadJSON.isEmpty ? "{}" : event.payloadJSON
        return #"{"id":\#(event.id),"type":\#(jsonString(event.type)),"topics":[\#(topics)],"at":"\#(at)","data":\#(data)}"#
    }

    static func subscribed(_ topics: LiveTopicSet) -> String {
        encode(ShiftyAPI.LiveSubscribed(topics: topics.topics.map(\.rawValue)))
    }

    static func resumed(after: Int64, through: Int64, replayed: Int) -> String {
        ShiftyAPI.LiveResumed(after: after, through: through, replayed: replayed).text
    }

    static func resyncRequired(after: Int64, oldestAvailableID: Int64, newestEventID: Int64) -> String {
        ShiftyAPI.LiveResyncRequired(after: after, oldestAvailableId: oldestAvailableID, newestEventId: newestEventID).text
    }

    static func error(code: ProblemCode.Server, message: String) -> String {
        encode(ShiftyAPI.LiveErrorMessage(code: code.rawValue, message: message))
    }

    static let pong = #"{"type":"pong"}"#

    static func encode(_ value: some Encodable) -> String {
        // Our message structs only hold strings and numbers: encoding cannot fail.
        (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// A JSON string literal for `text`.
    static func jsonString(_ text: String) -> String {
        encode([text]).dropFirst().dropLast().description
    }
}
