import Foundation
import NIOHTTP1
@testable import ShiftyServer
import ShiftySecurity
import ShiftyTestSupport
import Testing

/// The refusals routes make themselves from a query parameter or a body they read before any
/// service (a report's month, the hours' month, a list's status filter, a push subscription's
/// keys, a CSV upload with a NUL) as the wire shows them, in English and in Dutch: their sentences
/// come from the catalogue, so a Dutch reader gets Dutch, not the general sentence for the code.
@Suite struct RouteQueryRefusalWireTests {
    @Test func routeRefusalsAnswerInTheCallersLanguage() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            var wire = WireTranscript(server.client)
            func get(_ path: String, as account: TestServer.Account) -> WireTranscript.Request {
                .init(token: account.token) { try await server.client.json(.GET, "/api/v1\(path)", token: account.token) }
            }
            func subscribe(p256dh: String, auth: String) -> WireTranscript.Request {
                .init(token: anna.token) {
                    try await server.client.json(.POST, "/api/v1/push/subscriptions", [
                        "endpoint": "https://fcm.googleapis.com/fcm/send/anna-phone", "expirationTime": NSNull(),
                        "keys": ["p256dh": p256dh, "auth": auth],
                    ], token: anna.token)
                }
            }

            try await wire.record("report: not a month", get("/reports/monthly?month=2026-13", as: anna))
            try await wire.record("report: month missing", get("/reports/monthly", as: anna))
            try await wire.record("report: unknown format", get("/reports/monthly?month=2026-11&format=pdf", as: anna))
            try await wire.record("report chart: unknown range", get("/reports/chart?range=1y", as: anna))
            try await wire.record("hours: not a month", get("/timeclock/my-hours?month=november", as: anna))
            try await wire.record("time off: unknown status", get("/time-off?status=maybe", as: anna))
            try await wire.record("fixed-shift requests: unknown status", get("/fixed-shift-requests?status=maybe", as: boss))

            let browserKey = Base64URL.encode(try P256KeyPair.generate().publicKey)
            try await wire.record("push: not a browser key", subscribe(p256dh: "AAAA", auth: Base64URL.encode(SecureRandom.bytes(16))))
            try await wire.record("push: short secret", subscribe(p256dh: browserKey, auth: "AAAA"))

            try await wire.record("closed days import: NUL", .init(token: boss.token) {
                try await server.client.send(
                    .POST, "/api/v1/closed-days/import", headers: [("Content-Type", "text/csv"), ("Authorization", "Bearer \(boss.token)")],
                    body: Data("date,name\n2026-12-26,Boxing\u{0}Day\n".utf8))
            })

            wire.expect(Self.expected)
        }
    }

    static let expected: [String] = [
        #"report: not a month [en] 400 {"code":"invalid_parameter","detail":"month: must be a month as YYYY-MM","errors":[{"detail":"must be a month as YYYY-MM","field":"month"}],"status":400,"title":"A query parameter is not right","type":"https:\/\/shifty.example\/problems\/invalid_parameter"}"#,
        #"report: not a month [nl] 400 {"code":"invalid_parameter","detail":"month: moet een maand zijn als JJJJ-MM","errors":[{"detail":"moet een maand zijn als JJJJ-MM","field":"month"}],"status":400,"title":"Een parameter in het adres klopt niet","type":"https:\/\/shifty.example\/problems\/invalid_parameter"}"#,
        #"report: month missing [en] 400 {"code":"invalid_parameter","detail":"month: is required (YYYY-MM)","errors":[{"detail":"is required (YYYY-MM)","field":"month"}],"status":400,"title":"A query parameter is not right","type":"https:\/\/shifty.example\/problems\/invalid_parameter"}"#,
        #"report: month missing [nl] 400 {"code":"invalid_parameter","detail":"month: is verplicht (JJJJ-MM)","errors":[{"detail":"is verplicht (JJJJ-MM)","field":"month"}],"status":400,"title":"Een parameter in het adres klopt niet","type":"https:\/\/shifty.example\/problems\/invalid_parameter"}"#,
        #"report: unknown format [en] 400 {"code":"invalid_parameter","detail":"format: must be one of json, csv, payroll, html","errors":[{"detail":"must be one of json, csv, payroll, html","field":"format"}],"status":400,"title":"A query parameter is not right","type":"https:\/\/shifty.example\/problems\/invalid_parameter"}"#,
        #"report: unknown format [nl] 400 {"code":"invalid_parameter","detail":"format: moet een van deze zijn: json, csv, payroll, html","errors":[{"detail":"moet een van deze zijn: json, csv, payroll, html","field":"format"}],"status":400,"title":"Een parameter in het adres klopt niet","type":"https:\/\/shifty.example\/problems\/invalid_parameter"}"#,
        #"report chart: unknown range [en] 400 {"code":"invalid_parameter","detail":"range: must be 7d, 30d, all, or month with month=YYYY-MM","errors":[{"detail":"must be 7d, 30d, all, or month with month=YYYY-MM","field":"range"}],"status":400,"title":"A query parameter is not right","type":"https:\/\/shifty.example\/problems\/invalid_parameter"}"#,
        #"report chart: unknown range [nl] 400 {"code":"invalid_parameter","detail":"range: moet 7d, 30d, all of month zijn (met month=JJJJ-MM)","errors":[{"detail":"moet 7d, 30d, all of month zijn (met month=JJJJ-MM)","field":"range"}],"status":400,"title":"Een parameter in het adres klopt niet","type":"https:\/\/shifty.example\/problems\/invalid_parameter"}"#,
        #"hours: not a month [en] 400 {"code":"invalid_parameter","detail":"month: must be a month as YYYY-MM","errors":[{"detail":"must be a month as YYYY-MM","field":"month"}],"status":400,"title":"A query parameter is not right","type":"https:\/\/shifty.example\/problems\/invalid_parameter"}"#,
        #"hours: not a month [nl] 400 {"code":"invalid_parameter","detail":"month: moet een maand zijn als JJJJ-MM","errors":[{"detail":"moet een maand zijn als JJJJ-MM","field":"month"}],"status":400,"title":"Een parameter in het adres klopt niet","type":"https:\/\/shifty.example\/problems\/invalid_parameter"}"#,
        #"time off: unknown status [en] 400 {"code":"invalid_parameter","detail":"status: must be one of pending, approved, declined, withdrawn","errors":[{"detail":"must be one of pending, approved, declined, withdrawn","field":"status"}],"status":400,"title":"A query parameter is not right","type":"https:\/\/shifty.example\/problems\/invalid_parameter"}"#,
        #"time off: unknown status [nl] 400 {"code":"invalid_parameter","detail":"status: moet een van deze zijn: pending, approved, declined, withdrawn","errors":[{"detail":"moet een van deze zijn: pending, approved, declined, withdrawn","field":"status"}],"status":400,"title":"Een parameter in het adres klopt niet","type":"https:\/\/shifty.example\/problems\/invalid_parameter"}"#,
        #"fixed-shift requests: unknown status [en] 400 {"code":"invalid_parameter","detail":"status: must be one of pending, approved, declined, withdrawn","errors":[{"detail":"must be one of pending, approved, declined, withdrawn","field":"status"}],"status":400,"title":"A query parameter is not right","type":"https:\/\/shifty.example\/problems\/invalid_parameter"}"#,
        #"fixed-shift requests: unknown status [nl] 400 {"code":"invalid_parameter","detail":"status: moet een van deze zijn: pending, approved, declined, withdrawn","errors":[{"detail":"moet een van deze zijn: pending, approved, declined, withdrawn","field":"status"}],"status":400,"title":"Een parameter in het adres klopt niet","type":"https:\/\/shifty.example\/problems\/invalid_parameter"}"#,
        #"push: not a browser key [en] 422 {"code":"validation_failed","detail":"keys.p256dh: must be the browser's P-256 public key (65 bytes, base64url)","errors":[{"detail":"must be the browser's P-256 public key (65 bytes, base64url)","field":"keys.p256dh"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"push: not a browser key [nl] 422 {"code":"validation_failed","detail":"keys.p256dh: moet de publieke P-256-sleutel van de browser zijn (65 bytes, base64url)","errors":[{"detail":"moet de publieke P-256-sleutel van de browser zijn (65 bytes, base64url)","field":"keys.p256dh"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"push: short secret [en] 422 {"code":"validation_failed","detail":"keys.auth: must be the browser's 16-byte authentication secret (base64url)","errors":[{"detail":"must be the browser's 16-byte authentication secret (base64url)","field":"keys.auth"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"push: short secret [nl] 422 {"code":"validation_failed","detail":"keys.auth: moet het authenticatiegeheim van 16 bytes van de browser zijn (base64url)","errors":[{"detail":"moet het authenticatiegeheim van 16 bytes van de browser zijn (base64url)","field":"keys.auth"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"closed days import: NUL [en] 422 {"code":"validation_failed","detail":"body: must not contain a NUL character","errors":[{"detail":"must not contain a NUL character","field":"body"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"closed days import: NUL [nl] 422 {"code":"validation_failed","detail":"body: mag geen NUL-teken bevatten","errors":[{"detail":"mag geen NUL-teken bevatten","field":"body"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
    ]
}
