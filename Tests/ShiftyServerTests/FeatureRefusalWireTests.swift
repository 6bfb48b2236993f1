import Foundation
import NIOHTTP1
@testable import ShiftyServer
import ShiftyTestSupport
import Testing

/// The refusals the features used to build as problems themselves (the password policy, notification
/// preferences, languages, a workplace's settings patch) as the wire shows them, in English and in
/// Dutch: they are typed errors now, worded at the edge from the catalogue.
@Suite struct FeatureRefusalWireTests {
    @Test func featureRefusalsAnswerInTheCallersLanguage() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            var wire = WireTranscript(server.client)
            func send(_ method: HTTPMethod, _ path: String, _ body: [String: Any], as account: TestServer.Account) -> WireTranscript.Request {
                .init(token: account.token) { try await server.client.json(method, "/api/v1\(path)", body, token: account.token) }
            }

            try await wire.record("password: new one too short", send(.PUT, "/me/password", ["currentPassword": TestServer.password, "newPassword": "short"], as: anna))
            try await wire.record("password: new member's too long", send(.POST, "/users", [
                "username": "bea", "displayName": "Bea", "password": String(repeating: "p", count: 1025),
            ], as: boss))

            try await wire.record("notifications: unknown kind", send(.PUT, "/me/notification-preferences", ["channels": ["gossip": ["email"]]], as: anna))
            try await wire.record("notifications: unknown channel", send(.PUT, "/me/notification-preferences", ["channels": ["decision": ["pigeon"]]], as: anna))
            try await wire.record("notifications: empty quiet hours", send(.PUT, "/me/notification-preferences", ["quietHours": ["start": "22:00", "end": "22:00"]], as: anna))
            try await wire.record("notifications: not a time", send(.PUT, "/me/notification-preferences", ["digest": true, "digestTime": "25:00"], as: anna))

            try await wire.record("language: no catalogue", send(.PUT, "/me/language", ["language": "xx"], as: anna))
            try await wire.record("language: key missing", send(.PUT, "/me/language", [:], as: anna))
            try await wire.record("workplace: settings of the wrong type", send(.PATCH, "/workplace", ["settings": ["onePerDay": "yes"]], as: boss))
            try await wire.record("workplace: settings in no language", send(.PATCH, "/workplace", ["settings": ["language": "xx"]], as: boss))

            wire.expect(Self.expected)
        }
    }

    static let expected: [String] = [
        #"password: new one too short [en] 422 {"code":"validation_failed","detail":"newPassword: must be at least 8 characters","errors":[{"detail":"must be at least 8 characters","field":"newPassword"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"password: new one too short [nl] 422 {"code":"validation_failed","detail":"newPassword: moet minstens 8 tekens lang zijn","errors":[{"detail":"moet minstens 8 tekens lang zijn","field":"newPassword"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"password: new member's too long [en] 422 {"code":"validation_failed","detail":"password: must be at most 1024 bytes","errors":[{"detail":"must be at most 1024 bytes","field":"password"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"password: new member's too long [nl] 422 {"code":"validation_failed","detail":"password: mag maximaal 1024 bytes lang zijn","errors":[{"detail":"mag maximaal 1024 bytes lang zijn","field":"password"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"notifications: unknown kind [en] 422 {"code":"validation_failed","detail":"channels.gossip: is not a kind of notification (decision, suggestion, shiftChange, reminder, offer, timeOff, fixedShiftRequest)","errors":[{"detail":"is not a kind of notification (decision, suggestion, shiftChange, reminder, offer, timeOff, fixedShiftRequest)","field":"channels.gossip"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"notifications: unknown kind [nl] 422 {"code":"validation_failed","detail":"channels.gossip: is geen soort melding (decision, suggestion, shiftChange, reminder, offer, timeOff, fixedShiftRequest)","errors":[{"detail":"is geen soort melding (decision, suggestion, shiftChange, reminder, offer, timeOff, fixedShiftRequest)","field":"channels.gossip"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"notifications: unknown channel [en] 422 {"code":"validation_failed","detail":"channels.decision: 'pigeon' is not a channel (inApp, email, push)","errors":[{"detail":"'pigeon' is not a channel (inApp, email, push)","field":"channels.decision"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"notifications: unknown channel [nl] 422 {"code":"validation_failed","detail":"channels.decision: 'pigeon' is geen kanaal (inApp, email, push)","errors":[{"detail":"'pigeon' is geen kanaal (inApp, email, push)","field":"channels.decision"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"notifications: empty quiet hours [en] 422 {"code":"validation_failed","detail":"quietHours: must start and end at different times","errors":[{"detail":"must start and end at different times","field":"quietHours"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"notifications: empty quiet hours [nl] 422 {"code":"validation_failed","detail":"quietHours: moet op een ander tijdstip beginnen dan eindigen","errors":[{"detail":"moet op een ander tijdstip beginnen dan eindigen","field":"quietHours"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"notifications: not a time [en] 422 {"code":"validation_failed","detail":"digestTime: must be a time like 22:00","errors":[{"detail":"must be a time like 22:00","field":"digestTime"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"notifications: not a time [nl] 422 {"code":"validation_failed","detail":"digestTime: moet een tijd zijn zoals 22:00","errors":[{"detail":"moet een tijd zijn zoals 22:00","field":"digestTime"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"language: no catalogue [en] 422 {"code":"unknown_language","detail":"There is no language 'xx' on this server.","errors":[{"detail":"unknown language","field":"language"}],"status":422,"title":"Unknown language","type":"https:\/\/shifty.example\/problems\/unknown_language"}"#,
        #"language: no catalogue [nl] 422 {"code":"unknown_language","detail":"De taal 'xx' is er niet op deze server.","errors":[{"detail":"onbekende taal","field":"language"}],"status":422,"title":"Onbekende taal","type":"https:\/\/shifty.example\/problems\/unknown_language"}"#,
        #"language: key missing [en] 422 {"code":"validation_failed","detail":"language: is required","errors":[{"detail":"is required","field":"language"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"language: key missing [nl] 422 {"code":"validation_failed","detail":"language: is verplicht","errors":[{"detail":"is verplicht","field":"language"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"workplace: settings of the wrong type [en] 422 {"code":"validation_failed","detail":"settings.onePerDay: must be true or false","errors":[{"detail":"must be true or false","field":"settings.onePerDay"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"workplace: settings of the wrong type [nl] 422 {"code":"validation_failed","detail":"settings.onePerDay: moet true of false zijn","errors":[{"detail":"moet true of false zijn","field":"settings.onePerDay"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"workplace: settings in no language [en] 422 {"code":"unknown_language","detail":"There is no language 'xx' on this server.","errors":[{"detail":"unknown language","field":"settings.language"}],"status":422,"title":"Unknown language","type":"https:\/\/shifty.example\/problems\/unknown_language"}"#,
        #"workplace: settings in no language [nl] 422 {"code":"unknown_language","detail":"De taal 'xx' is er niet op deze server.","errors":[{"detail":"onbekende taal","field":"settings.language"}],"status":422,"title":"Onbekende taal","type":"https:\/\/shifty.example\/problems\/unknown_language"}"#,
    ]
}
