import Foundation
import ShiftyDomain
@testable import ShiftyEvents
@testable import ShiftyLive
@testable import ShiftyServer
import Testing

/// The live layer's pure parts: message parsing, topics, and the per-connection delivery state machine.
@Suite struct LiveUnitTests {
    static let anna = LiveRecipient(userID: 7, workplaceID: 1, isManager: false, sessionID: 70)

    static func event(_ id: Int64, _ type: String = "shift.supplied", audience: OutboxEvent.Audience = .workplace, workplace: Int64 = 1) -> OutboxEvent {
        OutboxEvent(id: id, workplaceID: workplace, type: type, audience: audience, createdAt: Date(), payloadJSON: "{}")
    }

    @Test func clientMessagesParseOrExplainWhy() throws {
        #expect(try LiveClientMessage.parse(#"{"type":"subscribe","topics":["marketplace","now"]}"#, isManager: false).get()
            == .subscribe(LiveTopicSet([.marketplace, .now])))
        #expect(try LiveClientMessage.parse(#"{"type":"resume","after":12}"#, isManager: false).get() == .resume(after: 12))
        #expect(try LiveClientMessage.parse(#"{"type":"ping"}"#, isManager: false).get() == .ping)
        #expect(try LiveClientMessage.parse(#"{"type":"subscribe","topics":["approvals"]}"#, isManager: true).get() == .subscribe(LiveTopicSet([.approvals])))
        // Unsubscribing from a topic one may not have is harmless.
        #expect(try LiveClientMessage.parse(#"{"type":"unsubscribe","topics":["approvals"]}"#, isManager: false).get() == .unsubscribe(LiveTopicSet([.approvals])))
        let refusals: [(String, String)] = [
            ("", "malformed_message"), ("{", "malformed_message"), ("null", "malformed_message"),
            (#"{"type":5}"#, "malformed_message"), (#"{"type":"subscribe"}"#, "malformed_message"),
            (#"{"type":"resume","after":"12"}"#, "malformed_message"), (#"{"type":"resume","after":1e99}"#, "malformed_message"),
            (#"{"type":"subscribe","topics":["approvals"]}"#, "forbidden_topic"),
            (#"{"type":"subscribe","topics":["marketplace","x"]}"#, "unknown_topic"),
            (#"{"type":"hello"}"#, "unknown_message_type"),
        ]
        for (text, code) in refusals {
            guard case .failure(let refusal) = LiveClientMessage.parse(text, isManager: false) else {
                Issue.record("\(text) was accepted")
                continue
            }
            #expect(refusal.code.rawValue == code, "\(text)")
        }
    }

    @Test func everyEventTypeHasATopic() {
        for type in EventType.allCases {
            #expect(!type.topics.isEmpty, "\(type.rawValue)")
            #expect(LiveTopicSet.of(eventType: type.rawValue) == type.topics, "\(type.rawValue)")
        }
        // Every kind the domain can emit is a type with topics, under the domain's own name.
        for kind in MarketplaceEvent.Kind.allCases {
            #expect(EventType.marketplace(kind).rawValue == kind.rawValue)
            #expect(EventType.allCases.contains(.marketplace(kind)))
        }
        for event in TimeOffTransition.Event.allCases {
            #expect(EventType.timeOff(event).rawValue == "time_off.\(event.rawValue)")
            #expect(EventType.allCases.contains(.timeOff(event)))
        }
        // One name, one type: no domain kind is spelled like another type, and every name reads back.
        let names = EventType.allCases.map(\.rawValue)
        #expect(names.count == Set(names).count, "an event type name is used twice")
        for type in EventType.allCases { #expect(EventType(rawValue: type.rawValue) == type) }
        #expect(LiveTopicSet.of(eventType: "deal.approved").topics == [.deals, .notifications, .schedule])
        #expect(LiveTopicSet.of(eventType: "something.new").isEmpty)
    }

    @Test func managerOnlyEventsAreNeverForTheWholeWorkplace() {
        // The approval queue's events carry other members' deals: only managers may receive them.
        for type in EventType.allCases where type.topics.contains(.approvals) {
            #expect(type.audience == .managers, "\(type.rawValue)")
            #expect(!type.allows(.workplace) && !type.allows(.users), "\(type.rawValue)")
        }
        // Personal events never widen to the workplace; workplace-wide ones may narrow.
        #expect(!EventType.marketplace(.dealRejected).allows(.workplace))
        #expect(EventType.marketplace(.suggestionWithdrawn).allows(.users))
    }

    @Test func visibilityFollowsTheAudience() {
        let manager = LiveRecipient(userID: 1, workplaceID: 1, isManager: true, sessionID: 10)
        let outsider = LiveRecipient(userID: 7, workplaceID: 2, isManager: true, sessionID: 11)
        #expect(Self.event(1).isVisible(to: Self.anna))
        #expect(!Self.event(1).isVisible(to: outsider))
        #expect(!Self.event(1, audience: .managers).isVisible(to: Self.anna))
        #expect(Self.event(1, audience: .managers).isVisible(to: manager))
        #expect(Self.event(1, audience: .users([7])).isVisible(to: Self.anna))
        #expect(!Self.event(1, audience: .users([8])).isVisible(to: Self.anna))
        #expect(!Self.event(1, audience: .users([7])).isVisible(to: outsider))
    }

    @Test func liveEventsAreSentInOrderOnceAndOnlyWhenWanted() {
        var state = LiveConnectionState<Int>(recipient: Self.anna, subscriptions: LiveTopicSet([.marketplace]), startingAfter: 10)
        #expect(state.receive(Self.event(9), frame: 0) == .skip)  // before the connection
        #expect(state.receive(Self.event(11), frame: 0) == .send)
        #expect(state.receive(Self.event(11), frame: 0) == .skip)  // never twice
        #expect(state.receive(Self.event(12, "deal.approved", audience: .users([7])), frame: 0) == .skip)  // not subscribed
        #expect(state.receive(Self.event(13, audience: .managers), frame: 0) == .skip)  // not visible
        #expect(state.receive(Self.event(14, workplace: 2), frame: 0) == .skip)
        #expect(state.receive(Self.event(15), frame: 0) == .send)
    }

    @Test func replayAndLiveEventsMergeByID() {
        var state = LiveConnectionState<Int>(recipient: Self.anna, subscriptions: LiveTopicSet([.marketplace]), startingAfter: 10)
        let began1 = state.beginReplay(explicitAfter: 5)
        #expect(began1)
        let began2 = state.beginReplay(explicitAfter: 5)
        #expect(!began2)
        #expect(state.replayStart == 5)
        // Live events arrive while the replay query runs; some overlap with what it reads.
        #expect(state.receive(Self.event(12), frame: 12) == .buffered)
        #expect(state.receive(Self.event(13), frame: 13) == .buffered)
        #expect(state.receive(Self.event(13), frame: 13) == .skip)
        let replayed = state.replayed([6, 8, 11, 12].map { Self.event($0) })
        #expect(replayed.map(\.id) == [6, 8, 11, 12])
        #expect(state.finishReplay().map(\.event.id) == [13])
        #expect(state.receive(Self.event(13), frame: 13) == .skip)
        #expect(state.receive(Self.event(14), frame: 14) == .send)
        // A second resume from the same point sends nothing twice.
        let began3 = state.beginReplay(explicitAfter: 5)
        #expect(began3)
        #expect(state.replayed((6...14).map { Self.event($0) }).isEmpty)
        #expect(state.finishReplay().isEmpty)
    }

    @Test func aFullReplayBufferOverflows() {
        var state = LiveConnectionState<Int>(recipient: Self.anna, subscriptions: LiveTopicSet([.marketplace]), startingAfter: 0, bufferLimit: 3)
        let began4 = state.beginReplay(explicitAfter: nil)
        #expect(began4)
        for id in 1...3 { #expect(state.receive(Self.event(Int64(id)), frame: id) == .buffered) }
        #expect(state.receive(Self.event(4), frame: 4) == .overflow)
        #expect(state.receive(Self.event(5), frame: 5) == .skip)
    }

    @Test func notificationPayloadsNameWorkplaces() {
        #expect(LiveEventFeed.workplaces(inNotification: "12:345,13:346") == [12, 13])
        #expect(LiveEventFeed.workplaces(inNotification: "").isEmpty)
        #expect(LiveEventFeed.workplaces(inNotification: "x:1").isEmpty)
    }

    @Test func eventMessagesEmbedThePayloadVerbatim() throws {
        var event = Self.event(42, "shift.supplied")
        event.payloadJSON = #"{"shiftIds":[3],"note":"a \"quoted\" word"}"#
        let text = LiveMessageText.event(event)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let inner = try #require(object["event"] as? [String: Any])
        #expect(object["type"] as? String == "event")
        #expect(inner["id"] as? Int == 42)
        #expect(inner["topics"] as? [String] == ["marketplace"])
        #expect((inner["data"] as? [String: Any])?["note"] as? String == #"a "quoted" word"#)
        #expect(LiveMessageText.jsonString("a\"b\n") == #""a\"b\n""#)
    }
}
