import Foundation
import ShiftySecurity
import ShiftyTestSupport
import Testing

import ShiftyConnections
@testable import ShiftyServer
@testable import ShiftyNotifications
@testable import ShiftyFeatures

/// The throttles under concurrency: every attempt is counted before its Argon2id verification, so
/// however many arrive at once (and at however many instances) no more than the limit are verified.
/// A 401 is an attempt whose secret was verified and found wrong; a 429 was refused before any work.
@Suite struct ThrottleRaceTests {
    /// Sends `count` requests at once and returns their statuses and problem codes.
    static func burst(
        _ count: Int, _ send: @escaping @Sendable (Int) async throws -> TestHTTPClient.Response
    ) async throws -> [(status: Int, code: String?)] {
        try await withThrowingTaskGroup(of: (Int, String?).self) { group in
            for index in 0..<count {
                group.addTask {
                    let response = try await send(index)
                    return (response.status, response.problemCode)
                }
            }
            var answers: [(status: Int, code: String?)] = []
            for try await answer in group { answers.append(answer) }
            return answers
        }
    }

    /// A verification that takes a few milliseconds, as a real one does (a fraction of the OWASP
    /// cost): with the free test parameters an attempt is verified almost as soon as it is
    /// checked, which would hide a limit that is only counted after the verification.
    static func realisticHashing(_ configuration: inout ServerConfiguration) {
        configuration.argon2 = Argon2idParameters(memoryKiB: 4096, iterations: 2, parallelism: 1)
        // A burst of forty connections from this process: on a loaded machine a client's task may
        // not get to write its request within the 30 s idle limit (the server then answers 408 to
        // an empty connection, read here as an end of file). The limits are not what these tests
        // are about; here they only guard against a hang.
        configuration.httpTimeouts = HTTPConnectionTimeouts(
            idle: .seconds(600), header: .seconds(600), body: .seconds(600), request: .seconds(600))
    }

    static func tally(_ answers: [(status: Int, code: String?)]) -> [Int: Int] {
        answers.reduce(into: [:]) { $0[$1.status, default: 0] += 1 }
    }

    /// Answers shed before anything was verified: on a loaded machine a request of the burst may
    /// wait longer than the pool's acquire timeout and get 503 `database_unavailable`, which is
    /// neither a verification nor a pause. What these tests hold the server to is the number of
    /// verifications (the 401s); every other answer must be a pause or such a shed request.
    static func shed(_ answers: [(status: Int, code: String?)]) -> Int {
        answers.filter { $0.status == 503 && $0.code == "database_unavailable" }.count
    }

    static func wrongLogin(_ slug: String, _ username: String) -> [String: Any] {
        ["workplace": slug, "username": username, "password": "wrong password"]
    }

    @Test func oneHundredFiftyConcurrentWrongLoginsForOneAccountVerifyOnlyTheLimit() async throws {
        try await TestServer.with(configure: Self.realisticHashing) { server in
            let boss = try await server.createWorkplace()
            let answers = try await Self.burst(150) { _ in
                try await server.client.json(.POST, "/api/v1/sessions", Self.wrongLogin(boss.slug, "boss"))
            }
            let tally = Self.tally(answers)
            #expect(tally[401] == 5, "only maxFailuresPerAccount attempts may be verified: \(tally)")
            #expect(tally[429, default: 0] + Self.shed(answers) == 145, "\(tally)")
            #expect(answers.allSatisfy { $0.status != 429 || $0.code == "login_throttled" })
            // Refused attempts grew no counter: the stored count is the limit.
            let failures: [Int32] = try await server.pool.query("SELECT failures FROM login_throttle WHERE key LIKE 'user:%'").map { try $0.decode("failures") }
            #expect(failures == [5])
        }
    }

    /// Forty coworkers behind the shop's one address log in at once with their right passwords: none
    /// is refused, although the address allows only ten failures. Only the checks running on a hashing
    /// thread hold a slot (``VerificationTurns``), and each gives it back.
    @Test func aRushOfRightPasswordsFromOneAddressIsNeverThrottled() async throws {
        try await TestServer.with(configure: {
            Self.realisticHashing(&$0)
            $0.loginThrottle.maxFailuresPerAddress = 10
        }) { server in
            let boss = try await server.createWorkplace()
            for index in 0..<40 { _ = try await server.createEmployee(in: boss, username: "coworker\(index)") }
            let answers = try await Self.burst(40) { index in
                try await server.client.json(.POST, "/api/v1/sessions", [
                    "workplace": boss.slug, "username": "coworker\(index)", "password": TestServer.password, "client": "bearer",
                ])
            }
            #expect(Self.tally(answers) == [201: 40])
        }
    }

    @Test func oneHundredFiftyConcurrentWrongLoginsFromOneAddressVerifyOnlyTheAddressLimit() async throws {
        try await TestServer.with(configure: {
            Self.realisticHashing(&$0)
            $0.trustedProxies = ["127.0.0.1"]
        }) { server in
            let boss = try await server.createWorkplace()
            let from = [("X-Forwarded-For", "203.0.113.77")]
            // A different account each time: only the address counter stands between them.
            let answers = try await Self.burst(150) { index in
                try await server.client.json(.POST, "/api/v1/sessions", Self.wrongLogin(boss.slug, "guess\(index)"), headers: from)
            }
            let tally = Self.tally(answers)
            #expect(tally[401] == 30, "only maxFailuresPerAddress attempts may be verified: \(tally)")
            #expect(tally[429, default: 0] + Self.shed(answers) == 120, "\(tally)")
            let right = ["workplace": boss.slug, "username": "boss", "password": TestServer.password, "client": "bearer"]
            #expect(try await server.client.json(.POST, "/api/v1/sessions", right, headers: from).status == 429)
            #expect(try await server.client.json(.POST, "/api/v1/sessions", right, headers: [("X-Forwarded-For", "198.51.100.8")]).status == 201)
        }
    }

    /// Two instances on one database: the slots are rows both instances lock, so the limit is the
    /// same as on one instance.
    @Test func theLimitHoldsAcrossTwoInstances() async throws {
        try await TestServer.with(configure: Self.realisticHashing) { a in
            let boss = try await a.createWorkplace()
            try await a.withAnotherInstance(named: "B") { b in
                let answers = try await Self.burst(150) { index in
                    try await (index.isMultiple(of: 2) ? a : b).client.json(.POST, "/api/v1/sessions", Self.wrongLogin(boss.slug, "boss"))
                }
                let tally = Self.tally(answers)
                #expect(tally[401] == 5, "\(tally)")
                #expect(tally[429, default: 0] + Self.shed(answers) == 145, "\(tally)")
            }
        }
    }

    /// Successful logins take a slot while they are verified and give it back: an office behind one
    /// address does not use up its budget by logging in.
    @Test func successfulLoginsGiveTheAddressSlotBack() async throws {
        try await TestServer.with(configure: { $0.loginThrottle.maxFailuresPerAddress = 3 }) { server in
            let boss = try await server.createWorkplace()
            for _ in 0..<6 { _ = try await server.login(workplace: boss.slug, username: "boss") }
            for index in 0..<3 {
                #expect(try await server.client.json(.POST, "/api/v1/sessions", Self.wrongLogin(boss.slug, "nobody\(index)")).status == 401)
            }
            #expect(try await server.client.json(.POST, "/api/v1/sessions", Self.wrongLogin(boss.slug, "nobody")).status == 429)
        }
    }

    @Test func sixtyParallelSignupsAgainstALimitOfTwentyLetExactlyTwentyThrough() async throws {
        try await TestServer.with(configure: { $0.loginThrottle.maxSignupsPerAddress = 20 }) { server in
            try await server.withAnotherInstance(named: "B") { other in
                let answers = try await Self.burst(60) { index in
                    try await (index.isMultiple(of: 2) ? server : other).client.json(.POST, "/api/v1/workplaces", [
                        "name": "Place \(index) \(UUID().uuidString.prefix(6))", "timeZone": "UTC", "client": "bearer",
                        "manager": ["username": "boss", "displayName": "Boss", "password": TestServer.password],
                    ])
                }
                let tally = Self.tally(answers)
                #expect(tally[201] == 20, "\(tally)")
                #expect(tally[429] == 40, "\(tally)")
                let workplaces: Int = try await server.pool.query("SELECT count(*)::int AS n FROM workplaces")[0].decode("n")
                #expect(workplaces == 20)
            }
        }
    }

    @Test func parallelPasswordResetRequestsStopAtTheAddressLimit() async throws {
        let smtp = try SMTPSettings(url: "smtp://127.0.0.1:9", from: "shifty@shifty.test")
        try await TestServer.with(configure: {
            $0.smtp = smtp
            $0.notificationInterval = .seconds(3600)
            $0.notificationWakesOnEvents = false
        }) { server in
            let boss = try await server.createWorkplace()
            try await server.withAnotherInstance(named: "B") { other in
                let answers = try await Self.burst(40) { index in
                    try await (index.isMultiple(of: 2) ? server : other).client.json(
                        .POST, "/api/v1/password-resets/email", ["workplace": boss.slug, "identifier": "boss"])
                }
                let tally = Self.tally(answers)
                #expect(tally[202] == PasswordResetService.requestsPerAddress, "\(tally)")
                #expect(tally[429] == 40 - PasswordResetService.requestsPerAddress, "\(tally)")
                #expect(answers.allSatisfy { $0.status != 429 || $0.code == "reset_throttled" })
            }
        }
    }

    // MARK: Kiosk

    /// 80 PINs typed at once without a name: only the kiosk's PIN-only budget is verified, the rest
    /// is paused; the right PIN alone is paused too, but with the member's name it punches.
    @Test func eightyConcurrentPinOnlyGuessesStopAtTheKioskBudget() async throws {
        try await TestServer.with(configure: Self.realisticHashing) { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            let kiosk = try await server.createKiosk(boss)
            #expect(try await server.client.json(.PUT, "/api/v1/users/\(anna.userID)/pin", ["pin": "4821"], token: boss.token).status == 204)

            let answers = try await Self.burst(80) { index in
                try await server.client.json(.POST, "/api/v1/kiosk/punches", ["pin": String(format: "9%03d", index)], cookie: kiosk.cookie, headers: server.sameOrigin)
            }
            let tally = Self.tally(answers)
            let budget = LoginThrottlePolicy().maxPinOnlyFailuresPerKiosk
            #expect(tally[401] == budget, "only the PIN-only budget may be verified: \(tally)")
            #expect(tally[429, default: 0] + Self.shed(answers) == 80 - budget, "\(tally)")
            #expect(answers.allSatisfy { $0.status != 429 || $0.code == "kiosk_pin_only_paused" })

            let alone = try await server.client.json(.POST, "/api/v1/kiosk/punches", ["pin": "4821"], cookie: kiosk.cookie, headers: server.sameOrigin)
            #expect(alone.status == 429)
            #expect(alone.problemCode == "kiosk_pin_only_paused")
            #expect((alone.header("Retry-After").flatMap(Int.init) ?? 0) > 0)
            // The name tile + PIN still punches while PIN-only is paused.
            let named = try await server.kioskPunch(kiosk, username: "anna", pin: "4821")
            #expect(named.status == 201, "\(named.text)")
        }
    }

    /// 80 wrong PINs for one named member at once: only the per-member limit is verified.
    @Test func eightyConcurrentGuessesAtOneMemberStopAtTheMemberLimit() async throws {
        try await TestServer.with(configure: Self.realisticHashing) { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            _ = try await server.createEmployee(in: boss, username: "bram")
            let kiosk = try await server.createKiosk(boss)
            #expect(try await server.client.json(.PUT, "/api/v1/users/\(anna.userID)/pin", ["pin": "4821"], token: boss.token).status == 204)
            let answers = try await Self.burst(80) { index in
                try await server.kioskPunch(kiosk, username: "anna", pin: String(format: "9%03d", index))
            }
            let tally = Self.tally(answers)
            #expect(tally[401] == LoginThrottlePolicy().maxFailuresPerAccount, "\(tally)")
            #expect(tally[429, default: 0] + Self.shed(answers) == 80 - LoginThrottlePolicy().maxFailuresPerAccount, "\(tally)")
            #expect(answers.allSatisfy { $0.status != 429 || $0.code == "kiosk_throttled" })
            // Anna's wrong PINs block nobody else.
            #expect(try await server.kioskPunch(kiosk, username: "bram", password: TestServer.password).status == 201)
        }
    }
}
