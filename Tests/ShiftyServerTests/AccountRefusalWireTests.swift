import Foundation
import NIOHTTP1
@testable import ShiftyFeatures
import ShiftyNotifications
@testable import ShiftyServer
import ShiftyTestSupport
import Testing

/// The refusals of onboarding, login, members, the workplace, invites and password resets as the
/// wire shows them, in English and Dutch. The rules live in the domain (`AccountRefusal`,
/// `PasswordResetRefusal`); this pins what the edge makes of them.
@Suite struct AccountRefusalWireTests {
    static func send(_ server: TestServer, _ method: HTTPMethod, _ path: String, _ body: [String: Any]? = nil, as account: TestServer.Account) -> WireTranscript.Request {
        .init(token: account.token) { try await server.client.json(method, "/api/v1\(path)", body, token: account.token) }
    }

    static func anonymous(_ server: TestServer, _ method: HTTPMethod, _ path: String, _ body: [String: Any]) -> (String) async throws -> TestHTTPClient.Response {
        { language in try await server.client.json(method, "/api/v1\(path)", body, headers: [("Accept-Language", language)]) }
    }

    /// Seconds left on a throttle depend on the database's clock; the transcript names them.
    static func withoutSeconds(_ line: String) -> String {
        line.replacing(#/\d+ (seconds|seconden)/#) { "{n} \($0.1)" }
    }

    @Test func everyAccountRefusalAnswersAsItAlwaysHas() async throws {
        // Every workplace and signup attempt counts against the address's signup budget, refused or not.
        try await TestServer.with(configure: { $0.loginThrottle.maxSignupsPerAddress = 1000 }) { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let other = try await server.createWorkplace(slug: "elsewhere")
            let olga = try await server.createEmployee(in: other, username: "olga")
            var wire = WireTranscript(server.client)
            func send(_ method: HTTPMethod, _ path: String, _ body: [String: Any]? = nil, as account: TestServer.Account) -> WireTranscript.Request {
                Self.send(server, method, path, body, as: account)
            }
            func anonymous(_ method: HTTPMethod, _ path: String, _ body: [String: Any]) -> (String) async throws -> TestHTTPClient.Response {
                Self.anonymous(server, method, path, body)
            }
            let manager: [String: Any] = ["username": "ceo", "displayName": "The CEO", "password": TestServer.password]
            func workplace(_ changes: [String: Any], manager changed: [String: Any] = [:]) -> [String: Any] {
                ["name": "Bakery", "slug": "bakery", "timeZone": "Europe/Amsterdam", "client": "bearer", "manager": manager.merging(changed) { $1 }]
                    .merging(changes) { $1 }
            }

            try await wire.record("workplace: blank name", accepting: anonymous(.POST, "/workplaces", workplace(["name": " "])))
            try await wire.record("workplace: long name", accepting: anonymous(.POST, "/workplaces", workplace(["name": String(repeating: "n", count: 201)])))
            try await wire.record("workplace: unknown time zone", accepting: anonymous(.POST, "/workplaces", workplace(["timeZone": "Mars/Olympus"])))
            try await wire.record("workplace: bad username", accepting: anonymous(.POST, "/workplaces", workplace([:], manager: ["username": "-x"])))
            try await wire.record("workplace: name with a line break", accepting: anonymous(.POST, "/workplaces", workplace([:], manager: ["displayName": "The\nCEO"])))
            try await wire.record("workplace: bad e-mail", accepting: anonymous(.POST, "/workplaces", workplace([:], manager: ["email": "ceo@"])))
            try await wire.record("workplace: bad slug", accepting: anonymous(.POST, "/workplaces", workplace(["slug": "-bakery"])))
            try await wire.record("workplace: slug taken", accepting: anonymous(.POST, "/workplaces", workplace(["slug": "elsewhere"])))

            let signup: [String: Any] = ["workplace": boss.slug, "inviteCode": "nonsense", "username": "newbie", "displayName": "Newbie", "password": TestServer.password]
            try await wire.record("signup: unknown invite", accepting: anonymous(.POST, "/signup", signup))
            try await wire.record("signup: bad username", accepting: anonymous(.POST, "/signup", signup.merging(["username": "a"]) { $1 }))
            try await wire.record("signup: bad e-mail", accepting: anonymous(.POST, "/signup", signup.merging(["email": "no at sign"]) { $1 }))

            try await wire.record("login: wrong password", accepting: anonymous(.POST, "/sessions", ["workplace": other.slug, "username": "olga", "password": "wrong", "client": "bearer"]))
            for _ in 0..<3 {
                _ = try await server.client.json(.POST, "/api/v1/sessions", ["workplace": other.slug, "username": "olga", "password": "wrong", "client": "bearer"])
            }
            try await wire.record("login: throttled", accepting: anonymous(.POST, "/sessions", ["workplace": other.slug, "username": "olga", "password": "wrong", "client": "bearer"]))

            try await wire.record("password: wrong current", send(.PUT, "/me/password", ["currentPassword": "wrong", "newPassword": "a brand new password"], as: anna))
            for _ in 0..<3 {
                _ = try await server.client.json(.PUT, "/api/v1/me/password", ["currentPassword": "wrong", "newPassword": "a brand new password"], token: anna.token)
            }
            try await wire.record("password: throttled", send(.PUT, "/me/password", ["currentPassword": "wrong", "newPassword": "a brand new password"], as: anna))

            try await wire.record("member: bad username", send(.POST, "/users", ["username": "Ünïcode", "displayName": "U", "password": TestServer.password], as: boss))
            try await wire.record("member: blank name", send(.POST, "/users", ["username": "bea", "displayName": "", "password": TestServer.password], as: boss))
            try await wire.record("member: bad e-mail", send(.POST, "/users", ["username": "bea", "displayName": "Bea", "email": "bea@@x", "password": TestServer.password], as: boss))
            try await wire.record("member: username taken", send(.POST, "/users", ["username": "anna", "displayName": "Anna", "password": TestServer.password], as: boss))
            try await wire.record("member: another workplace's", send(.GET, "/users/\(olga.userID)", as: boss))
            try await wire.record("member: change another workplace's", send(.PATCH, "/users/\(olga.userID)", ["displayName": "Olga"], as: boss))
            try await wire.record("member: name with a tab", send(.PATCH, "/users/\(anna.userID)", ["displayName": "An\tna"], as: boss))
            try await wire.record("member: the last manager steps down", send(.PATCH, "/users/\(boss.userID)", ["role": "employee"], as: boss))

            try await wire.record("workplace: rename blank", send(.PATCH, "/workplace", ["name": ""], as: boss))
            try await wire.record("workplace: move to no time zone", send(.PATCH, "/workplace", ["timeZone": "Europe/Atlantis"], as: boss))
            try await wire.record("workplace: deal expiry too long", send(.PATCH, "/workplace", ["settings": ["dealExpiryHours": 100_000]], as: boss))
            try await wire.record("workplace: reminder lead time", send(.PATCH, "/workplace", ["settings": ["reminderMinutesBefore": 100_000]], as: boss))

            try await wire.record("invite: valid for no hours", send(.POST, "/invites", ["validForHours": 0], as: boss))
            try await wire.record("invite: too many uses", send(.POST, "/invites", ["maxUses": 1001], as: boss))
            try await wire.record("invite: bad e-mail", send(.POST, "/invites", ["email": "x"], as: boss))
            try await wire.record("invite: e-mail without a mail server", send(.POST, "/invites", ["email": "new@example.com"], as: boss))
            try await wire.record("invite: revoke unknown", send(.DELETE, "/invites/999999", as: boss))

            try await wire.record("reset: link for another workplace's member", send(.POST, "/password-resets", ["userId": olga.userID], as: boss))
            try await wire.record("reset: by e-mail without a mail server", accepting: anonymous(.POST, "/password-resets/email", ["workplace": boss.slug, "identifier": "anna"]))
            try await wire.record("reset: unknown link", accepting: anonymous(.POST, "/password-resets/redeem", ["token": "nonsense", "newPassword": "a brand new password"]))

            wire.rewrite(Self.withoutSeconds)
            wire.expect(Self.expected)
        }
    }

    @Test func closedSignupAndThrottledResetsAnswerAsTheyAlwaysHave() async throws {
        let smtp = try SMTPSettings(url: "smtp://127.0.0.1:9", from: "shifty@shifty.test")
        try await TestServer.with(configure: {
            $0.allowSignup = false
            $0.smtp = smtp
            $0.notificationInterval = .seconds(3600)
            $0.notificationWakesOnEvents = false
        }) { server in
            var wire = WireTranscript(server.client)
            try await wire.record("workplace: signup closed", accepting: Self.anonymous(server, .POST, "/workplaces", [
                "name": "Bakery", "timeZone": "Europe/Amsterdam", "manager": ["username": "ceo", "displayName": "CEO", "password": TestServer.password],
            ]))
            for _ in 0..<PasswordResetService.requestsPerAddress {
                _ = try await server.client.json(.POST, "/api/v1/password-resets/email", ["workplace": "nowhere", "identifier": "anna"])
            }
            try await wire.record("reset: throttled", accepting: Self.anonymous(server, .POST, "/password-resets/email", ["workplace": "nowhere", "identifier": "anna"]))
            wire.rewrite(Self.withoutSeconds)
            wire.expect(Self.expectedClosed)
        }
    }

    static let expected: [String] = [
        #"workplace: blank name [en] 422 {"code":"validation_failed","detail":"name: must be 1 to 200 characters","errors":[{"detail":"must be 1 to 200 characters","field":"name"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"workplace: blank name [nl] 422 {"code":"validation_failed","detail":"name: moet 1 tot 200 tekens lang zijn","errors":[{"detail":"moet 1 tot 200 tekens lang zijn","field":"name"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"workplace: long name [en] 422 {"code":"validation_failed","detail":"name: must be 1 to 200 characters","errors":[{"detail":"must be 1 to 200 characters","field":"name"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"workplace: long name [nl] 422 {"code":"validation_failed","detail":"name: moet 1 tot 200 tekens lang zijn","errors":[{"detail":"moet 1 tot 200 tekens lang zijn","field":"name"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"workplace: unknown time zone [en] 422 {"code":"validation_failed","detail":"timeZone: 'Mars\/Olympus' is not an IANA time zone such as Europe\/Amsterdam","errors":[{"detail":"'Mars\/Olympus' is not an IANA time zone such as Europe\/Amsterdam","field":"timeZone"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"workplace: unknown time zone [nl] 422 {"code":"validation_failed","detail":"timeZone: 'Mars\/Olympus' is geen IANA-tijdzone zoals Europe\/Amsterdam","errors":[{"detail":"'Mars\/Olympus' is geen IANA-tijdzone zoals Europe\/Amsterdam","field":"timeZone"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"workplace: bad username [en] 422 {"code":"validation_failed","detail":"manager.username: use 2 to 40 characters: letters a-z, digits, '.', '_' or '-', starting with a letter or digit","errors":[{"detail":"use 2 to 40 characters: letters a-z, digits, '.', '_' or '-', starting with a letter or digit","field":"manager.username"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"workplace: bad username [nl] 422 {"code":"validation_failed","detail":"manager.username: gebruik 2 tot 40 tekens: letters a-z, cijfers, '.', '_' of '-', beginnend met een letter of cijfer","errors":[{"detail":"gebruik 2 tot 40 tekens: letters a-z, cijfers, '.', '_' of '-', beginnend met een letter of cijfer","field":"manager.username"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"workplace: name with a line break [en] 422 {"code":"validation_failed","detail":"manager.displayName: must not contain control characters or line breaks","errors":[{"detail":"must not contain control characters or line breaks","field":"manager.displayName"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"workplace: name with a line break [nl] 422 {"code":"validation_failed","detail":"manager.displayName: mag geen stuurtekens of regeleinden bevatten","errors":[{"detail":"mag geen stuurtekens of regeleinden bevatten","field":"manager.displayName"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"workplace: bad e-mail [en] 422 {"code":"validation_failed","detail":"manager.email: has a domain after the @ that is not a valid host name","errors":[{"detail":"has a domain after the @ that is not a valid host name","field":"manager.email"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"workplace: bad e-mail [nl] 422 {"code":"validation_failed","detail":"manager.email: deze waarde klopt niet.","errors":[{"detail":"has a domain after the @ that is not a valid host name","field":"manager.email"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"workplace: bad slug [en] 422 {"code":"validation_failed","detail":"slug: use 2 to 63 characters: letters a-z, digits or '-'","errors":[{"detail":"use 2 to 63 characters: letters a-z, digits or '-'","field":"slug"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"workplace: bad slug [nl] 422 {"code":"validation_failed","detail":"slug: gebruik 2 tot 63 tekens: letters a-z, cijfers of '-'","errors":[{"detail":"gebruik 2 tot 63 tekens: letters a-z, cijfers of '-'","field":"slug"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"workplace: slug taken [en] 409 {"code":"workplace_slug_taken","detail":"The workplace address 'elsewhere' is taken; choose another.","status":409,"title":"Workplace address taken","type":"https:\/\/shifty.example\/problems\/workplace_slug_taken"}"#,
        #"workplace: slug taken [nl] 409 {"code":"workplace_slug_taken","detail":"Het werkplekadres 'elsewhere' is al bezet; kies een ander.","status":409,"title":"Adres van de werkplek is al bezet","type":"https:\/\/shifty.example\/problems\/workplace_slug_taken"}"#,
        #"signup: unknown invite [en] 422 {"code":"invite_invalid","detail":"This invite code is not valid for that workplace, has expired or has been used up. Ask your manager for a new one.","status":422,"title":"This invite code does not work","type":"https:\/\/shifty.example\/problems\/invite_invalid"}"#,
        #"signup: unknown invite [nl] 422 {"code":"invite_invalid","detail":"Deze uitnodigingscode hoort niet bij die werkplek, is verlopen of al opgebruikt. Vraag je manager om een nieuwe.","status":422,"title":"Deze uitnodigingscode werkt niet","type":"https:\/\/shifty.example\/problems\/invite_invalid"}"#,
        #"signup: bad username [en] 422 {"code":"validation_failed","detail":"username: use 2 to 40 characters: letters a-z, digits, '.', '_' or '-', starting with a letter or digit","errors":[{"detail":"use 2 to 40 characters: letters a-z, digits, '.', '_' or '-', starting with a letter or digit","field":"username"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"signup: bad username [nl] 422 {"code":"validation_failed","detail":"username: gebruik 2 tot 40 tekens: letters a-z, cijfers, '.', '_' of '-', beginnend met een letter of cijfer","errors":[{"detail":"gebruik 2 tot 40 tekens: letters a-z, cijfers, '.', '_' of '-', beginnend met een letter of cijfer","field":"username"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"signup: bad e-mail [en] 422 {"code":"validation_failed","detail":"email: is not an email address (name@example.com)","errors":[{"detail":"is not an email address (name@example.com)","field":"email"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"signup: bad e-mail [nl] 422 {"code":"validation_failed","detail":"email: deze waarde klopt niet.","errors":[{"detail":"is not an email address (name@example.com)","field":"email"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"login: wrong password [en] 401 {"code":"invalid_credentials","detail":"The workplace, username or password is not right.","status":401,"title":"Wrong login","type":"https:\/\/shifty.example\/problems\/invalid_credentials"}"#,
        #"login: wrong password [nl] 401 {"code":"invalid_credentials","detail":"De werkplek, gebruikersnaam of het wachtwoord klopt niet.","status":401,"title":"Inloggen mislukt","type":"https:\/\/shifty.example\/problems\/invalid_credentials"}"#,
        #"login: throttled [en] 429 {"code":"login_throttled","detail":"Too many failed logins. Try again in {n} seconds.","status":429,"title":"Too many login attempts","type":"https:\/\/shifty.example\/problems\/login_throttled"}"#,
        #"login: throttled [nl] 429 {"code":"login_throttled","detail":"Te vaak verkeerd ingelogd. Probeer het over {n} seconden opnieuw.","status":429,"title":"Te veel inlogpogingen","type":"https:\/\/shifty.example\/problems\/login_throttled"}"#,
        #"password: wrong current [en] 403 {"code":"wrong_password","detail":"The current password is not right.","status":403,"title":"Wrong password","type":"https:\/\/shifty.example\/problems\/wrong_password"}"#,
        #"password: wrong current [nl] 403 {"code":"wrong_password","detail":"Je huidige wachtwoord klopt niet.","status":403,"title":"Verkeerd wachtwoord","type":"https:\/\/shifty.example\/problems\/wrong_password"}"#,
        #"password: throttled [en] 429 {"code":"password_change_throttled","detail":"Too many wrong current passwords. Try again in {n} seconds.","status":429,"title":"Too many password attempts","type":"https:\/\/shifty.example\/problems\/password_change_throttled"}"#,
        #"password: throttled [nl] 429 {"code":"password_change_throttled","detail":"Te vaak een verkeerd huidig wachtwoord. Probeer het over {n} seconden opnieuw.","status":429,"title":"Te veel wachtwoordpogingen","type":"https:\/\/shifty.example\/problems\/password_change_throttled"}"#,
        #"member: bad username [en] 422 {"code":"validation_failed","detail":"username: use 2 to 40 characters: letters a-z, digits, '.', '_' or '-', starting with a letter or digit","errors":[{"detail":"use 2 to 40 characters: letters a-z, digits, '.', '_' or '-', starting with a letter or digit","field":"username"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"member: bad username [nl] 422 {"code":"validation_failed","detail":"username: gebruik 2 tot 40 tekens: letters a-z, cijfers, '.', '_' of '-', beginnend met een letter of cijfer","errors":[{"detail":"gebruik 2 tot 40 tekens: letters a-z, cijfers, '.', '_' of '-', beginnend met een letter of cijfer","field":"username"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"member: blank name [en] 422 {"code":"validation_failed","detail":"displayName: must be 1 to 200 characters","errors":[{"detail":"must be 1 to 200 characters","field":"displayName"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"member: blank name [nl] 422 {"code":"validation_failed","detail":"displayName: moet 1 tot 200 tekens lang zijn","errors":[{"detail":"moet 1 tot 200 tekens lang zijn","field":"displayName"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"member: bad e-mail [en] 422 {"code":"validation_failed","detail":"email: has a part before the @ that is not allowed in an email address","errors":[{"detail":"has a part before the @ that is not allowed in an email address","field":"email"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"member: bad e-mail [nl] 422 {"code":"validation_failed","detail":"email: deze waarde klopt niet.","errors":[{"detail":"has a part before the @ that is not allowed in an email address","field":"email"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"member: username taken [en] 409 {"code":"username_taken","detail":"The username 'anna' is already used in this workplace.","status":409,"title":"Username taken","type":"https:\/\/shifty.example\/problems\/username_taken"}"#,
        #"member: username taken [nl] 409 {"code":"username_taken","detail":"De gebruikersnaam 'anna' bestaat al in deze werkplek.","status":409,"title":"Gebruikersnaam bestaat al","type":"https:\/\/shifty.example\/problems\/username_taken"}"#,
        #"member: another workplace's [en] 404 {"code":"not_found","detail":"No such user.","status":404,"title":"Not found","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"member: another workplace's [nl] 404 {"code":"not_found","detail":"Deze gebruiker bestaat niet.","status":404,"title":"Niet gevonden","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"member: change another workplace's [en] 404 {"code":"not_found","detail":"No such user.","status":404,"title":"Not found","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"member: change another workplace's [nl] 404 {"code":"not_found","detail":"Deze gebruiker bestaat niet.","status":404,"title":"Niet gevonden","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"member: name with a tab [en] 422 {"code":"validation_failed","detail":"displayName: must not contain control characters or line breaks","errors":[{"detail":"must not contain control characters or line breaks","field":"displayName"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"member: name with a tab [nl] 422 {"code":"validation_failed","detail":"displayName: mag geen stuurtekens of regeleinden bevatten","errors":[{"detail":"mag geen stuurtekens of regeleinden bevatten","field":"displayName"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"member: the last manager steps down [en] 409 {"code":"last_manager","detail":"A workplace needs at least one active manager. Promote someone else first.","status":409,"title":"The last manager must stay","type":"https:\/\/shifty.example\/problems\/last_manager"}"#,
        #"member: the last manager steps down [nl] 409 {"code":"last_manager","detail":"Een werkplek heeft minstens één actieve manager nodig. Maak eerst iemand anders manager.","status":409,"title":"De laatste manager moet blijven","type":"https:\/\/shifty.example\/problems\/last_manager"}"#,
        #"workplace: rename blank [en] 422 {"code":"validation_failed","detail":"name: must be 1 to 200 characters","errors":[{"detail":"must be 1 to 200 characters","field":"name"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"workplace: rename blank [nl] 422 {"code":"validation_failed","detail":"name: moet 1 tot 200 tekens lang zijn","errors":[{"detail":"moet 1 tot 200 tekens lang zijn","field":"name"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"workplace: move to no time zone [en] 422 {"code":"validation_failed","detail":"timeZone: 'Europe\/Atlantis' is not an IANA time zone such as Europe\/Amsterdam","errors":[{"detail":"'Europe\/Atlantis' is not an IANA time zone such as Europe\/Amsterdam","field":"timeZone"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"workplace: move to no time zone [nl] 422 {"code":"validation_failed","detail":"timeZone: 'Europe\/Atlantis' is geen IANA-tijdzone zoals Europe\/Amsterdam","errors":[{"detail":"'Europe\/Atlantis' is geen IANA-tijdzone zoals Europe\/Amsterdam","field":"timeZone"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"workplace: deal expiry too long [en] 422 {"code":"validation_failed","detail":"settings.dealExpiryHours: must be 0 (at the shift's start) to 168 hours","errors":[{"detail":"must be 0 (at the shift's start) to 168 hours","field":"settings.dealExpiryHours"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"workplace: deal expiry too long [nl] 422 {"code":"validation_failed","detail":"settings.dealExpiryHours: moet 0 (bij het begin van de dienst) tot 168 uur zijn","errors":[{"detail":"moet 0 (bij het begin van de dienst) tot 168 uur zijn","field":"settings.dealExpiryHours"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"workplace: reminder lead time [en] 422 {"code":"validation_failed","detail":"settings.reminderMinutesBefore: must be 0 (no reminders) or 5 to 1440 minutes","errors":[{"detail":"must be 0 (no reminders) or 5 to 1440 minutes","field":"settings.reminderMinutesBefore"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"workplace: reminder lead time [nl] 422 {"code":"validation_failed","detail":"settings.reminderMinutesBefore: moet 0 (geen herinneringen) of 5 tot 1440 minuten zijn","errors":[{"detail":"moet 0 (geen herinneringen) of 5 tot 1440 minuten zijn","field":"settings.reminderMinutesBefore"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"invite: valid for no hours [en] 422 {"code":"validation_failed","detail":"validForHours: must be between 1 and 720","errors":[{"detail":"must be between 1 and 720","field":"validForHours"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"invite: valid for no hours [nl] 422 {"code":"validation_failed","detail":"validForHours: moet tussen 1 en 720 liggen","errors":[{"detail":"moet tussen 1 en 720 liggen","field":"validForHours"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"invite: too many uses [en] 422 {"code":"validation_failed","detail":"maxUses: must be between 1 and 1000","errors":[{"detail":"must be between 1 and 1000","field":"maxUses"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"invite: too many uses [nl] 422 {"code":"validation_failed","detail":"maxUses: moet tussen 1 en 1000 liggen","errors":[{"detail":"moet tussen 1 en 1000 liggen","field":"maxUses"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"invite: bad e-mail [en] 422 {"code":"validation_failed","detail":"email: is not an email address (name@example.com)","errors":[{"detail":"is not an email address (name@example.com)","field":"email"}],"status":422,"title":"A field is not right","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"invite: bad e-mail [nl] 422 {"code":"validation_failed","detail":"email: deze waarde klopt niet.","errors":[{"detail":"is not an email address (name@example.com)","field":"email"}],"status":422,"title":"Een veld klopt niet","type":"https:\/\/shifty.example\/problems\/validation_failed"}"#,
        #"invite: e-mail without a mail server [en] 409 {"code":"email_disabled","detail":"This server does not send e-mail. Hand the code over yourself.","status":409,"title":"E-mail is off","type":"https:\/\/shifty.example\/problems\/email_disabled"}"#,
        #"invite: e-mail without a mail server [nl] 409 {"code":"email_disabled","detail":"Deze server verstuurt geen e-mail. Geef de code zelf door.","status":409,"title":"E-mail staat uit","type":"https:\/\/shifty.example\/problems\/email_disabled"}"#,
        #"invite: revoke unknown [en] 404 {"code":"not_found","detail":"No such invite.","status":404,"title":"Not found","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"invite: revoke unknown [nl] 404 {"code":"not_found","detail":"Deze uitnodiging bestaat niet.","status":404,"title":"Niet gevonden","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"reset: link for another workplace's member [en] 404 {"code":"not_found","detail":"No such user.","status":404,"title":"Not found","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"reset: link for another workplace's member [nl] 404 {"code":"not_found","detail":"Deze gebruiker bestaat niet.","status":404,"title":"Niet gevonden","type":"https:\/\/shifty.example\/problems\/not_found"}"#,
        #"reset: by e-mail without a mail server [en] 409 {"code":"email_disabled","detail":"This server does not send e-mail. Ask your manager for a reset link.","status":409,"title":"E-mail is off","type":"https:\/\/shifty.example\/problems\/email_disabled"}"#,
        #"reset: by e-mail without a mail server [nl] 409 {"code":"email_disabled","detail":"Deze server verstuurt geen e-mail. Vraag je manager om een resetlink.","status":409,"title":"E-mail staat uit","type":"https:\/\/shifty.example\/problems\/email_disabled"}"#,
        #"reset: unknown link [en] 422 {"code":"reset_link_invalid","detail":"This reset link has been used, has expired or is not complete. Ask for a new one.","status":422,"title":"This reset link does not work","type":"https:\/\/shifty.example\/problems\/reset_link_invalid"}"#,
        #"reset: unknown link [nl] 422 {"code":"reset_link_invalid","detail":"Deze resetlink is al gebruikt, verlopen of niet compleet. Vraag een nieuwe aan.","status":422,"title":"Deze resetlink werkt niet","type":"https:\/\/shifty.example\/problems\/reset_link_invalid"}"#,
    ]

    static let expectedClosed: [String] = [
        #"workplace: signup closed [en] 403 {"code":"signup_disabled","detail":"This server does not allow creating new workplaces. Ask its administrator.","status":403,"title":"Creating workplaces is off","type":"https:\/\/shifty.example\/problems\/signup_disabled"}"#,
        #"workplace: signup closed [nl] 403 {"code":"signup_disabled","detail":"Op deze server kun je geen nieuwe werkplekken aanmaken. Vraag het de beheerder.","status":403,"title":"Werkplekken aanmaken staat uit","type":"https:\/\/shifty.example\/problems\/signup_disabled"}"#,
        #"reset: throttled [en] 429 {"code":"reset_throttled","detail":"Too many reset requests from this address. Try again in {n} seconds.","status":429,"title":"Too many reset requests","type":"https:\/\/shifty.example\/problems\/reset_throttled"}"#,
        #"reset: throttled [nl] 429 {"code":"reset_throttled","detail":"Te veel resetverzoeken vanaf dit adres. Probeer het over {n} seconden opnieuw.","status":429,"title":"Te veel resetverzoeken","type":"https:\/\/shifty.example\/problems\/reset_throttled"}"#,
    ]
}
