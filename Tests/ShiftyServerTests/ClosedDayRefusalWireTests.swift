import Foundation
import ShiftyDomain
import ShiftyTestSupport
import Testing

/// The closed-day refusals as the wire shows them, in English and Dutch. The rules live in the
/// domain (`ClosedDayDecider`); this pins what the edge makes of them.
@Suite struct ClosedDayRefusalWireTests {
    @Test func everyClosedDayRefusalAnswersAsItAlwaysHas() async throws {
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            var wire = WireTranscript(server.client)
            func add(_ body: [String: Any], as account: TestServer.Account) -> WireTranscript.Request {
                .init(token: account.token) { try await server.client.json(.POST, "/api/v1/closed-days", body, token: account.token) }
            }
            func importing(_ csv: String, as account: TestServer.Account) -> WireTranscript.Request {
                .init(token: account.token) {
                    try await server.client.send(
                        .POST, "/api/v1/closed-days/import",
                        headers: [("Authorization", "Bearer \(account.token)"), ("Content-Type", "text/csv")], body: Data(csv.utf8))
                }
            }
            func remove(_ date: String, as account: TestServer.Account) -> WireTranscript.Request {
                .init(token: account.token) { try await server.client.json(.DELETE, "/api/v1/closed-days/\(date)", token: account.token) }
            }

            try await wire.record("add as employee", add(["date": "2030-12-24", "name": "Christmas Eve"], as: anna))
            try await wire.record("add unreadable date", add(["date": "24-12-2030", "name": "Christmas Eve"], as: boss))
            try await wire.record("add blank name", add(["date": "2030-12-24", "name": "   "], as: boss))
            try await wire.record("add long name", add(["date": "2030-12-24", "name": String(repeating: "x", count: 201)], as: boss))
            try await wire.record("add name with a tab", add(["date": "2030-12-24", "name": "Stock\ttaking"], as: boss))
            // An unreadable date is refused before the name.
            try await wire.record("add unreadable date and blank name", add(["date": "soon", "name": ""], as: boss))

            try await wire.record("import as employee", importing("2030-12-24,Christmas Eve\n", as: anna))
            let broken = [
                "date,name", "2030-01-01 Nieuwjaar", "1 januari,Nieuwjaar", "\(String(repeating: "9", count: 50)),Long",
                "2030-01-02,\"Open quote", "2030-01-03,", "2030-01-04,Stock\ttaking", "2030-01-05,Inventory", "", "2030-01-05,Again",
            ].joined(separator: "\n")
            try await wire.record("import broken rows", importing(broken, as: boss))
            try await wire.record("import no rows", importing("date,name\n\n", as: boss))
            let tooMany = (0...1000).map { "\(LocalDate("2030-01-01")!.adding(days: $0)),Day \($0)" }.joined(separator: "\n")
            try await wire.record("import too many rows", importing(tooMany, as: boss))

            try await wire.record("remove as employee", remove("2030-12-24", as: anna))
            try await wire.record("remove unreadable date", remove("junk", as: boss))
            try await wire.record("remove open day", remove("2030-12-24", as: boss))
            try await wire.record("preview as employee", .init(token: anna.token) {
                try await server.client.json(.GET, "/api/v1/closed-days/preview?date=2030-12-24", token: anna.token)
            })

            wire.expect(Self.expected)
            #expect(try await server.pool.query("SELECT 1 FROM closed_days").isEmpty, "nothing was closed")
        }
    }

    static let expected: [String] = [
        #"add as employee [en] 403 {"code":"manager_only","detail":"Only a manager of this workplace can do this.","status":403,"title":"Only for managers","type":"https:\/\/shifty.example\/problems\/manager_only"}"#,
        #"add as employee [nl] 403 {"code":"manager_only","detail":"Alleen een manager van deze werkplek kan dit doen.","status":403,"title":"Alleen voor managers","type":"https:\/\/shifty.example\/problems\/manager_only"}"#,
        #"add unreadable date [en] 422 {"code":"validation_failed","detail":"date: must be a date (YYYY-MM-DD)","errors":[{"detail":"must be a date (YYYY-MM-DD)","field":"date"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"add unreadable date [nl] 422 {"code":"validation_failed","detail":"date: moet een datum zijn (JJJJ-MM-DD)","errors":[{"detail":"moet een datum zijn (JJJJ-MM-DD)","field":"date"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"add blank name [en] 422 {"code":"validation_failed","detail":"name: must be 1 to 200 characters","errors":[{"detail":"must be 1 to 200 characters","field":"name"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"add blank name [nl] 422 {"code":"validation_failed","detail":"name: moet 1 tot 200 tekens lang zijn","errors":[{"detail":"moet 1 tot 200 tekens lang zijn","field":"name"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"add long name [en] 422 {"code":"validation_failed","detail":"name: must be 1 to 200 characters","errors":[{"detail":"must be 1 to 200 characters","field":"name"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"add long name [nl] 422 {"code":"validation_failed","detail":"name: moet 1 tot 200 tekens lang zijn","errors":[{"detail":"moet 1 tot 200 tekens lang zijn","field":"name"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"add name with a tab [en] 422 {"code":"validation_failed","detail":"name: must not contain control characters or line breaks","errors":[{"detail":"must not contain control characters or line breaks","field":"name"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"add name with a tab [nl] 422 {"code":"validation_failed","detail":"name: mag geen stuurtekens of regeleinden bevatten","errors":[{"detail":"mag geen stuurtekens of regeleinden bevatten","field":"name"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"add unreadable date and blank name [en] 422 {"code":"validation_failed","detail":"date: must be a date (YYYY-MM-DD)","errors":[{"detail":"must be a date (YYYY-MM-DD)","field":"date"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"add unreadable date and blank name [nl] 422 {"code":"validation_failed","detail":"date: moet een datum zijn (JJJJ-MM-DD)","errors":[{"detail":"moet een datum zijn (JJJJ-MM-DD)","field":"date"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"import as employee [en] 403 {"code":"manager_only","detail":"Only a manager of this workplace can do this.","status":403,"title":"Only for managers","type":"https:\/\/shifty.example\/problems\/manager_only"}"#,
        #"import as employee [nl] 403 {"code":"manager_only","detail":"Alleen een manager van deze werkplek kan dit doen.","status":403,"title":"Alleen voor managers","type":"https:\/\/shifty.example\/problems\/manager_only"}"#,
        #"import broken rows [en] 422 {"code":"invalid_csv","detail":"7 row(s) are invalid; nothing was imported.","errors":[{"detail":"expected 'date,name'","field":"line 2"},{"detail":"'1 januari' is not a date (YYYY-MM-DD)","field":"line 3"},{"detail":"'9999999999999999999999999999999999999999' is not a date (YYYY-MM-DD)","field":"line 4"},{"detail":"the name has an unterminated quote","field":"line 5"},{"detail":"the name must be 1 to 200 characters","field":"line 6"},{"detail":"the name must not contain control characters or line breaks","field":"line 7"},{"detail":"2030-01-05 appears twice","field":"line 10"}],"status":422,"title":"The CSV file is not right","type":"https:\/\/shifty.example\/problems\/invalid_csv"}"#,
        #"import broken rows [nl] 422 {"code":"invalid_csv","detail":"7 rij(en) kloppen niet; er is niets geïmporteerd.","errors":[{"detail":"verwacht 'datum,naam'","field":"line 2"},{"detail":"'1 januari' is geen datum (JJJJ-MM-DD)","field":"line 3"},{"detail":"'9999999999999999999999999999999999999999' is geen datum (JJJJ-MM-DD)","field":"line 4"},{"detail":"de naam heeft een aanhalingsteken dat niet wordt gesloten","field":"line 5"},{"detail":"de naam moet 1 tot 200 tekens lang zijn","field":"line 6"},{"detail":"de naam mag geen stuurtekens of regeleinden bevatten","field":"line 7"},{"detail":"2030-01-05 staat er twee keer in","field":"line 10"}],"status":422,"title":"Het CSV-bestand klopt niet","type":"https:\/\/shifty.example\/problems\/invalid_csv"}"#,
        #"import no rows [en] 422 {"code":"invalid_csv","detail":"1 row(s) are invalid; nothing was imported.","errors":[{"detail":"the file has no rows","field":"line 1"}],"status":422,"title":"The CSV file is not right","type":"https:\/\/shifty.example\/problems\/invalid_csv"}"#,
        #"import no rows [nl] 422 {"code":"invalid_csv","detail":"1 rij(en) kloppen niet; er is niets geïmporteerd.","errors":[{"detail":"het bestand heeft geen rijen","field":"line 1"}],"status":422,"title":"Het CSV-bestand klopt niet","type":"https:\/\/shifty.example\/problems\/invalid_csv"}"#,
        #"import too many rows [en] 422 {"code":"invalid_csv","detail":"1 row(s) are invalid; nothing was imported.","errors":[{"detail":"more than 1000 rows","field":"line 1001"}],"status":422,"title":"The CSV file is not right","type":"https:\/\/shifty.example\/problems\/invalid_csv"}"#,
        #"import too many rows [nl] 422 {"code":"invalid_csv","detail":"1 rij(en) kloppen niet; er is niets geïmporteerd.","errors":[{"detail":"meer dan 1000 rijen","field":"line 1001"}],"status":422,"title":"Het CSV-bestand klopt niet","type":"https:\/\/shifty.example\/problems\/invalid_csv"}"#,
        #"remove as employee [en] 403 {"code":"manager_only","detail":"Only a manager of this workplace can do this.","status":403,"title":"Only for managers","type":"https:\/\/shifty.example\/problems\/manager_only"}"#,
        #"remove as employee [nl] 403 {"code":"manager_only","detail":"Alleen een manager van deze werkplek kan dit doen.","status":403,"title":"Alleen voor managers","type":"https:\/\/shifty.example\/problems\/manager_only"}"#,
        #"remove unreadable date [en] 404 {"code":"not_found","detail":"No such closed day.","status":404,"title":"Not found","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"remove unreadable date [nl] 404 {"code":"not_found","detail":"Deze sluitingsdag bestaat niet.","status":404,"title":"Niet gevonden","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"remove open day [en] 404 {"code":"not_found","detail":"No such closed day.","status":404,"title":"Not found","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"remove open day [nl] 404 {"code":"not_found","detail":"Deze sluitingsdag bestaat niet.","status":404,"title":"Niet gevonden","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"preview as employee [en] 403 {"code":"manager_only","detail":"Only a manager of this workplace can do this.","status":403,"title":"Only for managers","type":"https:\/\/shifty.example\/problems\/manager_only"}"#,
        #"preview as employee [nl] 403 {"code":"manager_only","detail":"Alleen een manager van deze werkplek kan dit doen.","status":403,"title":"Alleen voor managers","type":"https:\/\/shifty.example\/problems\/manager_only"}"#,
    ]
}
