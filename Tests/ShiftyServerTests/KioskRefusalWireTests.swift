import Foundation
import NIOHTTP1
import ShiftyTestSupport
import Testing

/// The refusals of kiosk devices, PINs and a member identifying at a kiosk as the wire shows them,
/// in English and Dutch (the punch decision itself is `KioskPunchRefusalWireTests`'). The rules
/// live in the domain (`KioskRules`); this pins what the edge makes of them. A secret that matches
/// nobody reads in Dutch too (it fell back to the login's sentence before).
@Suite struct KioskRefusalWireTests {
    @Test func everyKioskRefusalAnswersAsItAlwaysHas() async throws {
        let frozen = Date()
        try await TestServer.with(configure: { $0.clock = { frozen } }) { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let bram = try await server.createEmployee(in: boss, username: "bram")
            let other = try await server.createWorkplace(slug: "elsewhere")
            let olga = try await server.createEmployee(in: other, username: "olga")
            let kiosk = try await server.createKiosk(boss)
            var wire = WireTranscript(server.client)
            func send(_ method: HTTPMethod, _ path: String, _ body: [String: Any]? = nil, as account: TestServer.Account) -> WireTranscript.Request {
                .init(token: account.token) { try await server.client.json(method, "/api/v1\(path)", body, token: account.token) }
            }
            func punch(_ label: String, _ body: [String: Any]) async throws {
                try await wire.record(label) { language in
                    try await server.client.json(
                        .POST, "/api/v1/kiosk/punches", body, cookie: kiosk.cookie, headers: server.sameOrigin + [("Accept-Language", language)])
                }
            }

            try await wire.record("create with a blank name", send(.POST, "/kiosks", ["name": "  "], as: boss))
            try await wire.record("create with a long name", send(.POST, "/kiosks", ["name": String(repeating: "k", count: 101)], as: boss))
            try await wire.record("create with a tab in the name", send(.POST, "/kiosks", ["name": "Front\tdesk"], as: boss))
            try await wire.record("revoke unknown", send(.DELETE, "/kiosks/999999", as: boss))
            try await wire.record("revoke another workplace's", send(.DELETE, "/kiosks/\(kiosk.id)", as: other))
            try await wire.record("networks: too many", send(.PUT, "/kiosks/\(kiosk.id)/networks", ["networks": (0...20).map { "10.0.\($0).0/24" }], as: boss))
            try await wire.record("networks: not a range", send(.PUT, "/kiosks/\(kiosk.id)/networks", ["networks": ["10.0.0.0/8", "the shop wifi"]], as: boss))
            try await wire.record("networks: unknown kiosk", send(.PUT, "/kiosks/999999/networks", ["networks": ["10.0.0.0/8"]], as: boss))
            try await wire.record("networks: not an address", send(.PUT, "/kiosks/\(kiosk.id)/networks", ["networks": ["999.1.1.1/8"]], as: boss))

            try await wire.record("pin with letters", send(.PUT, "/users/\(anna.userID)/pin", ["pin": "48a1"], as: boss))
            try await wire.record("pin too short", send(.PUT, "/users/\(anna.userID)/pin", ["pin": "123"], as: boss))
            try await wire.record("pin too long", send(.PUT, "/users/\(anna.userID)/pin", ["pin": "1234567890123"], as: boss))
            try await wire.record("pin for another workplace's member", send(.PUT, "/users/\(olga.userID)/pin", ["pin": "4821"], as: boss))
            let set = try await server.client.json(.PUT, "/api/v1/users/\(anna.userID)/pin", ["pin": "4821"], token: boss.token)
            try #require(set.status == 204, "\(set.text)")
            try await wire.record("pin taken", send(.PUT, "/users/\(bram.userID)/pin", ["pin": "4821"], as: boss))
            try await wire.record("remove a pin never set", send(.DELETE, "/users/\(bram.userID)/pin", as: boss))
            try await wire.record("remove another workplace's pin", send(.DELETE, "/users/\(olga.userID)/pin", as: boss))

            try await punch("password without a name", ["password": TestServer.password])
            try await punch("neither pin nor password", ["username": "anna"])
            try await punch("pin and password", ["username": "anna", "pin": "4821", "password": TestServer.password])
            try await punch("check in as an action", ["username": "anna", "pin": "4821", "action": "in"])
            try await punch("wrong password", ["username": "bram", "password": "not it at all"])
            try await punch("wrong pin", ["username": "bram", "pin": "0000"])
            try await punch("unknown member", ["username": "ghost", "pin": "0000"])
            try await punch("pin nobody has", ["pin": "0000"])
            // Five wrong PINs lock Cas out at this kiosk.
            _ = try await server.createEmployee(in: boss, username: "cas")
            for _ in 0..<5 { _ = try await server.kioskPunch(kiosk, username: "cas", pin: "0000") }
            try await punch("throttled", ["username": "cas", "password": TestServer.password])

            // The seconds left depend on the database's clock; the transcript names them.
            wire.rewrite { $0.replacing(#/\d+ (seconds|seconden)/#) { "{n} \($0.1)" } }
            wire.expect(Self.expected)
        }
    }

    static let expected: [String] = [
        #"create with a blank name [en] 422 {"code":"validation_failed","detail":"name: must be 1 to 100 characters","errors":[{"detail":"must be 1 to 100 characters","field":"name"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"create with a blank name [nl] 422 {"code":"validation_failed","detail":"name: moet 1 tot 100 tekens lang zijn","errors":[{"detail":"moet 1 tot 100 tekens lang zijn","field":"name"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"create with a long name [en] 422 {"code":"validation_failed","detail":"name: must be 1 to 100 characters","errors":[{"detail":"must be 1 to 100 characters","field":"name"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"create with a long name [nl] 422 {"code":"validation_failed","detail":"name: moet 1 tot 100 tekens lang zijn","errors":[{"detail":"moet 1 tot 100 tekens lang zijn","field":"name"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"create with a tab in the name [en] 422 {"code":"validation_failed","detail":"name: must not contain control characters or line breaks","errors":[{"detail":"must not contain control characters or line breaks","field":"name"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"create with a tab in the name [nl] 422 {"code":"validation_failed","detail":"name: mag geen stuurtekens of regeleinden bevatten","errors":[{"detail":"mag geen stuurtekens of regeleinden bevatten","field":"name"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"revoke unknown [en] 404 {"code":"not_found","detail":"No such kiosk.","status":404,"title":"Not found","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"revoke unknown [nl] 404 {"code":"not_found","detail":"Deze prikklok bestaat niet.","status":404,"title":"Niet gevonden","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"revoke another workplace's [en] 404 {"code":"not_found","detail":"No such kiosk.","status":404,"title":"Not found","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"revoke another workplace's [nl] 404 {"code":"not_found","detail":"Deze prikklok bestaat niet.","status":404,"title":"Niet gevonden","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"networks: too many [en] 422 {"code":"validation_failed","detail":"networks: at most 20 ranges","errors":[{"detail":"at most 20 ranges","field":"networks"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"networks: too many [nl] 422 {"code":"validation_failed","detail":"networks: hoogstens 20 adresbereiken","errors":[{"detail":"hoogstens 20 adresbereiken","field":"networks"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"networks: not a range [en] 422 {"code":"validation_failed","detail":"networks: the shop wifi is not an address range like 192.168.1.0\/24","errors":[{"detail":"the shop wifi is not an address range like 192.168.1.0\/24","field":"networks"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"networks: not a range [nl] 422 {"code":"validation_failed","detail":"networks: the shop wifi is geen adresbereik zoals 192.168.1.0\/24","errors":[{"detail":"the shop wifi is geen adresbereik zoals 192.168.1.0\/24","field":"networks"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"networks: unknown kiosk [en] 404 {"code":"not_found","detail":"No such kiosk.","status":404,"title":"Not found","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"networks: unknown kiosk [nl] 404 {"code":"not_found","detail":"Deze prikklok bestaat niet.","status":404,"title":"Niet gevonden","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"networks: not an address [en] 422 {"code":"validation_failed","detail":"networks: each range must be an address or CIDR range like 192.168.1.0\/24 or 2001:db8::\/32","errors":[{"detail":"each range must be an address or CIDR range like 192.168.1.0\/24 or 2001:db8::\/32","field":"networks"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"networks: not an address [nl] 422 {"code":"validation_failed","detail":"networks: elk bereik moet een adres of CIDR-bereik zijn, zoals 192.168.1.0\/24 of 2001:db8::\/32","errors":[{"detail":"elk bereik moet een adres of CIDR-bereik zijn, zoals 192.168.1.0\/24 of 2001:db8::\/32","field":"networks"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"pin with letters [en] 422 {"code":"validation_failed","detail":"pin: must be 4 to 12 digits","errors":[{"detail":"must be 4 to 12 digits","field":"pin"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"pin with letters [nl] 422 {"code":"validation_failed","detail":"pin: moet 4 tot 12 cijfers lang zijn","errors":[{"detail":"moet 4 tot 12 cijfers lang zijn","field":"pin"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"pin too short [en] 422 {"code":"validation_failed","detail":"pin: must be 4 to 12 digits","errors":[{"detail":"must be 4 to 12 digits","field":"pin"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"pin too short [nl] 422 {"code":"validation_failed","detail":"pin: moet 4 tot 12 cijfers lang zijn","errors":[{"detail":"moet 4 tot 12 cijfers lang zijn","field":"pin"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"pin too long [en] 422 {"code":"validation_failed","detail":"pin: must be 4 to 12 digits","errors":[{"detail":"must be 4 to 12 digits","field":"pin"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"pin too long [nl] 422 {"code":"validation_failed","detail":"pin: moet 4 tot 12 cijfers lang zijn","errors":[{"detail":"moet 4 tot 12 cijfers lang zijn","field":"pin"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"pin for another workplace's member [en] 404 {"code":"not_found","detail":"No such user.","status":404,"title":"Not found","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"pin for another workplace's member [nl] 404 {"code":"not_found","detail":"Deze gebruiker bestaat niet.","status":404,"title":"Niet gevonden","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"pin taken [en] 409 {"code":"pin_taken","detail":"Another member of this workplace already has that PIN. Choose a different one.","status":409,"title":"PIN already in use","type":"https:\/\/shifty.example\/problems\/pin_taken"}"#,
        #"pin taken [nl] 409 {"code":"pin_taken","detail":"Een collega in deze werkplek heeft die pincode al. Kies een andere.","status":409,"title":"Pincode is al in gebruik","type":"https:\/\/shifty.example\/problems\/pin_taken"}"#,
        #"remove a pin never set [en] 404 {"code":"not_found","detail":"No such PIN.","status":404,"title":"Not found","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"remove a pin never set [nl] 404 {"code":"not_found","detail":"Deze pincode bestaat niet.","status":404,"title":"Niet gevonden","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"remove another workplace's pin [en] 404 {"code":"not_found","detail":"No such PIN.","status":404,"title":"Not found","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"remove another workplace's pin [nl] 404 {"code":"not_found","detail":"Deze pincode bestaat niet.","status":404,"title":"Niet gevonden","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"password without a name [en] 422 {"code":"validation_failed","detail":"username: is required with a password; a PIN alone is enough","errors":[{"detail":"is required with a password; a PIN alone is enough","field":"username"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"password without a name [nl] 422 {"code":"validation_failed","detail":"username: is nodig bij een wachtwoord; alleen een pincode is ook genoeg","errors":[{"detail":"is nodig bij een wachtwoord; alleen een pincode is ook genoeg","field":"username"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"neither pin nor password [en] 422 {"code":"validation_failed","detail":"pin: send either a pin or a password","errors":[{"detail":"send either a pin or a password","field":"pin"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"neither pin nor password [nl] 422 {"code":"validation_failed","detail":"pin: stuur een pincode of een wachtwoord","errors":[{"detail":"stuur een pincode of een wachtwoord","field":"pin"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"pin and password [en] 422 {"code":"validation_failed","detail":"pin: send either a pin or a password","errors":[{"detail":"send either a pin or a password","field":"pin"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"pin and password [nl] 422 {"code":"validation_failed","detail":"pin: stuur een pincode of een wachtwoord","errors":[{"detail":"stuur een pincode of een wachtwoord","field":"pin"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"check in as an action [en] 422 {"code":"validation_failed","detail":"action: must be break_start or break_end (leave it out to check in or out)","errors":[{"detail":"must be break_start or break_end (leave it out to check in or out)","field":"action"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"check in as an action [nl] 422 {"code":"validation_failed","detail":"action: moet break_start of break_end zijn (laat het weg om in of uit te klokken)","errors":[{"detail":"moet break_start of break_end zijn (laat het weg om in of uit te klokken)","field":"action"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"wrong password [en] 401 {"code":"invalid_credentials","detail":"That username and password do not match.","status":401,"title":"Wrong login","type":"https:\/\/shifty.example\/problems\/invalid_credentials"}"#,
        #"wrong password [nl] 401 {"code":"invalid_credentials","detail":"Die gebruikersnaam en dat wachtwoord horen niet bij elkaar.","status":401,"title":"Inloggen mislukt","type":"https:\/\/shifty.example\/problems\/invalid_credentials"}"#,
        #"wrong pin [en] 401 {"code":"invalid_credentials","detail":"That username and PIN do not match.","status":401,"title":"Wrong login","type":"https:\/\/shifty.example\/problems\/invalid_credentials"}"#,
        #"wrong pin [nl] 401 {"code":"invalid_credentials","detail":"Die gebruikersnaam en die pincode horen niet bij elkaar.","status":401,"title":"Inloggen mislukt","type":"https:\/\/shifty.example\/problems\/invalid_credentials"}"#,
        #"unknown member [en] 401 {"code":"invalid_credentials","detail":"That username and PIN do not match.","status":401,"title":"Wrong login","type":"https:\/\/shifty.example\/problems\/invalid_credentials"}"#,
        #"unknown member [nl] 401 {"code":"invalid_credentials","detail":"Die gebruikersnaam en die pincode horen niet bij elkaar.","status":401,"title":"Inloggen mislukt","type":"https:\/\/shifty.example\/problems\/invalid_credentials"}"#,
        #"pin nobody has [en] 401 {"code":"invalid_credentials","detail":"That PIN does not belong to anybody here.","status":401,"title":"Wrong login","type":"https:\/\/shifty.example\/problems\/invalid_credentials"}"#,
        #"pin nobody has [nl] 401 {"code":"invalid_credentials","detail":"Die pincode is van niemand hier.","status":401,"title":"Inloggen mislukt","type":"https:\/\/shifty.example\/problems\/invalid_credentials"}"#,
        #"throttled [en] 429 {"code":"kiosk_throttled","detail":"Too many wrong attempts. Try again in {n} seconds.","status":429,"title":"Too many wrong PINs","type":"https:\/\/shifty.example\/problems\/kiosk_throttled"}"#,
        #"throttled [nl] 429 {"code":"kiosk_throttled","detail":"Te veel verkeerde pogingen. Probeer het over {n} seconden opnieuw.","status":429,"title":"Te veel verkeerde pincodes","type":"https:\/\/shifty.example\/problems\/kiosk_throttled"}"#,
    ]
}
