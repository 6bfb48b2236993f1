import NIOCore
import NIOHTTP1
@testable import ShiftyConnections
@testable import ShiftyServer
import Testing

/// The connection guard's rules without sockets: which timeout runs in which phase, and what a
/// timeout or a parse error turns into.
@Suite struct HTTPConnectionGuardTests {
    let timeouts = HTTPConnectionTimeouts(idle: .seconds(30), header: .seconds(10), body: .seconds(20), request: .seconds(600), minimumBodyRate: 0)
    let start = NIODeadline.uptimeNanoseconds(1_000_000_000_000)
    let get = HTTPRequestHead(version: .http1_1, method: .GET, uri: "/healthz", headers: ["Host": "x"])
    let post = HTTPRequestHead(version: .http1_1, method: .POST, uri: "/api/v1/sessions", headers: ["Host": "x", "Content-Length": "1000"])

    @Test func eachPhaseRunsItsOwnTimeout() {
        var machine = HTTPConnectionGuard(timeouts: timeouts)
        #expect(machine.connected(now: start) == .schedule(start + .seconds(30)))
        let firstByte = start + .seconds(5)
        #expect(machine.bytesArrived(now: firstByte) == .schedule(firstByte + .seconds(10)))
        // More bytes of the same head do not extend the header deadline.
        #expect(machine.bytesArrived(now: firstByte + .seconds(9)) == .none)
        let head = firstByte + .seconds(9)
        #expect(machine.headReceived(self.get, now: head) == .schedule(head + .seconds(20)))
        #expect(machine.bodyReceived(bytes: 1, now: head + .seconds(15)) == .schedule(head + .seconds(35)))
        #expect(machine.endReceived(now: head + .seconds(16)) == .cancelTimer)
        #expect(machine.phase == .serverTurn)
        // The server may take as long as it needs.
        #expect(machine.timerFired(now: head + .seconds(999)) == .none)
        #expect(machine.responseHeadWritten() == .none)
        let answered = head + .seconds(1000)
        #expect(machine.responseEndWritten(now: answered) == .schedule(answered + .seconds(30)))
        #expect(machine.phase == .awaitingRequest)
    }

    @Test func timeoutsBeforeTheDeadlineRescheduleAndAfterItAnswer408() {
        var machine = HTTPConnectionGuard(timeouts: timeouts)
        _ = machine.connected(now: start)
        #expect(machine.timerFired(now: start + .seconds(29)) == .schedule(start + .seconds(30)))
        #expect(machine.timerFired(now: start + .seconds(30)) == .answerAndClose(.timeout))
        #expect(machine.phase == .closing)
        #expect(machine.timerFired(now: start + .seconds(60)) == .none)
    }

    @Test func aSlowLorisHeadTimesOutWhileBytesKeepComing() {
        var machine = HTTPConnectionGuard(timeouts: timeouts)
        _ = machine.connected(now: start)
        _ = machine.bytesArrived(now: start)
        for second in 1..<10 { #expect(machine.bytesArrived(now: start + .seconds(Int64(second))) == .none) }
        #expect(machine.timerFired(now: start + .seconds(10)) == .answerAndClose(.timeout))
    }

    @Test func aHalfSentBodyTimesOut() {
        var machine = HTTPConnectionGuard(timeouts: timeouts)
        _ = machine.connected(now: start)
        _ = machine.bytesArrived(now: start)
        _ = machine.headReceived(self.get, now: start)
        _ = machine.bodyReceived(bytes: 1, now: start + .seconds(1))
        #expect(machine.timerFired(now: start + .seconds(21)) == .answerAndClose(.timeout))
    }

    @Test func parseErrorsAreAnsweredUnlessAResponseHasBegun() {
        var machine = HTTPConnectionGuard(timeouts: timeouts)
        _ = machine.connected(now: start)
        #expect(machine.parseFailed(.invalidHeaderToken) == .answerAndClose(.malformed))
        #expect(machine.parseFailed(.invalidHeaderToken) == .none)

        var overflow = HTTPConnectionGuard(timeouts: timeouts)
        #expect(overflow.parseFailed(.headerOverflow) == .answerAndClose(.headersTooLarge))

        var midResponse = HTTPConnectionGuard(timeouts: timeouts)
        _ = midResponse.headReceived(self.get, now: start)
        _ = midResponse.endReceived(now: start)
        _ = midResponse.responseHeadWritten()
        #expect(midResponse.parseFailed(.invalidMethod) == .close)
    }

    @Test func anEarlyAnswerLeavesTheBodyTimeoutRunningAndThenAwaitsTheNextRequest() {
        var machine = HTTPConnectionGuard(timeouts: timeouts)
        _ = machine.connected(now: start)
        _ = machine.headReceived(self.get, now: start)
        _ = machine.responseHeadWritten()
        // Answered (say 401) before the body was read: the body's silence still counts.
        #expect(machine.responseEndWritten(now: start + .seconds(1)) == .none)
        #expect(machine.phase == .readingBody)
        #expect(machine.endReceived(now: start + .seconds(2)) == .schedule(start + .seconds(32)))
        #expect(machine.phase == .awaitingRequest)
    }

    @Test func aPipelinedHeadArrivingDuringTheServersTurnGetsTheHeaderTimeoutAfterTheResponse() {
        var machine = HTTPConnectionGuard(timeouts: timeouts)
        _ = machine.connected(now: start)
        _ = machine.headReceived(self.get, now: start)
        _ = machine.endReceived(now: start)
        #expect(machine.bytesArrived(now: start + .seconds(1)) == .none)
        _ = machine.responseHeadWritten()
        #expect(machine.responseEndWritten(now: start + .seconds(2)) == .schedule(start + .seconds(12)))
        #expect(machine.phase == .readingHead)
    }

    // MARK: - Total deadline and minimum rate

    /// One byte every 5 s is never 20 s of silence; before, such a body kept its request open forever.
    @Test func aTrickledBodyEndsAtTheRequestsTotalDeadline() {
        let timeouts = HTTPConnectionTimeouts(idle: .seconds(30), header: .seconds(10), body: .seconds(20), request: .seconds(60), minimumBodyRate: 0)
        var machine = HTTPConnectionGuard(timeouts: timeouts)
        _ = machine.connected(now: start)
        #expect(machine.bytesArrived(now: start) == .schedule(start + .seconds(10)))
        #expect(machine.headReceived(post, now: start + .seconds(1)) == .schedule(start + .seconds(21)))
        for second in stride(from: Int64(6), to: 60, by: 5) {
            let now = start + .seconds(second)
            #expect(machine.bodyReceived(bytes: 1, now: now) == .schedule(min(now + .seconds(20), start + .seconds(60))))
        }
        #expect(machine.timerFired(now: start + .seconds(59)) == .schedule(start + .seconds(60)))
        #expect(machine.timerFired(now: start + .seconds(60)) == .answerAndClose(.timeout))
    }

    /// The total deadline counts from the head's first byte, so a slow head leaves less for the body.
    @Test func theTotalDeadlineIncludesTheHead() {
        let timeouts = HTTPConnectionTimeouts(idle: .seconds(30), header: .seconds(10), body: .seconds(20), request: .seconds(12), minimumBodyRate: 0)
        var machine = HTTPConnectionGuard(timeouts: timeouts)
        _ = machine.connected(now: start)
        _ = machine.bytesArrived(now: start)
        #expect(machine.headReceived(post, now: start + .seconds(9)) == .schedule(start + .seconds(12)))
        #expect(machine.timerFired(now: start + .seconds(12)) == .answerAndClose(.timeout))
    }

    @Test func aBodyBelowTheMinimumRateIsCutOnceTheGracePeriodIsOver() {
        let timeouts = HTTPConnectionTimeouts(
            idle: .seconds(30), header: .seconds(10), body: .seconds(20), request: .seconds(600), minimumBodyRate: 100, bodyRateGrace: .seconds(10))
        var machine = HTTPConnectionGuard(timeouts: timeouts)
        _ = machine.connected(now: start)
        // Nothing received yet: the grace period is the first limit.
        #expect(machine.headReceived(post, now: start) == .schedule(start + .seconds(10)))
        // 500 bytes earn 5 s at 100 B/s: still inside the grace period.
        #expect(machine.bodyReceived(bytes: 500, now: start + .seconds(2)) == .schedule(start + .seconds(10)))
        // 1500 bytes earn 15 s from the body's start.
        #expect(machine.bodyReceived(bytes: 1000, now: start + .seconds(9)) == .schedule(start + .seconds(15)))
        #expect(machine.timerFired(now: start + .seconds(15)) == .answerAndClose(.tooSlow))
    }

    @Test func aBodyAboveTheMinimumRateKeepsGoing() {
        let timeouts = HTTPConnectionTimeouts(
            idle: .seconds(30), header: .seconds(10), body: .seconds(20), request: .seconds(600), minimumBodyRate: 100, bodyRateGrace: .seconds(10))
        var machine = HTTPConnectionGuard(timeouts: timeouts)
        _ = machine.connected(now: start)
        _ = machine.headReceived(post, now: start)
        for second in 1...100 {
            let now = start + .seconds(Int64(second))
            // 200 bytes a second earn 2 s each: the rate limit stays ahead of the clock.
            guard case .schedule(let deadline) = machine.bodyReceived(bytes: 200, now: now) else {
                Issue.record("no deadline at \(second) s")
                return
            }
            #expect(deadline > now)
            #expect(machine.timerFired(now: now) == .schedule(deadline))
        }
        #expect(machine.endReceived(now: start + .seconds(101)) == .cancelTimer)
    }

    // MARK: - Host

    @Test func anHTTP11HeadNeedsExactlyOneValidHost() {
        let cases: [(headers: HTTPHeaders, version: HTTPVersion, refusal: HTTPConnectionRefusal?)] = [
            ([:], .http1_1, .hostMissing),
            (["Host": "a.example", "Host": "b.example"], .http1_1, .hostRepeated),
            (["Host": "a.example", "Host": "a.example"], .http1_0, .hostRepeated),
            (["Host": "a example"], .http1_1, .hostInvalid),
            (["Host": "a.example/path"], .http1_1, .hostInvalid),
            (["Host": "a.example:80x"], .http1_1, .hostInvalid),
            (["Host": "[::1"], .http1_1, .hostInvalid),
            // RFC 9112 §3.2: HTTP/1.0 predates Host; an empty Host is a target without an authority.
            ([:], .http1_0, nil),
            (["Host": ""], .http1_1, nil),
            (["Host": "shifty.example.com"], .http1_1, nil),
            (["Host": "127.0.0.1:8080"], .http1_1, nil),
            (["Host": "[::1]:8080"], .http1_1, nil),
            (["Host": "xn--bcher-kva.example"], .http1_1, nil),
        ]
        for testCase in cases {
            var machine = HTTPConnectionGuard(timeouts: timeouts)
            _ = machine.connected(now: start)
            let head = HTTPRequestHead(version: testCase.version, method: .GET, uri: "/healthz", headers: testCase.headers)
            let action = machine.headReceived(head, now: start)
            if let refusal = testCase.refusal {
                #expect(action == .answerAndClose(refusal), "\(testCase.headers) \(testCase.version)")
                #expect(refusal.problem.status == .badRequest)
                #expect(refusal.problem.code == "malformed_request")
            } else {
                #expect(action == .schedule(start + .seconds(20)), "\(testCase.headers) \(testCase.version)")
            }
        }
    }

    // MARK: - Health-check-only connections

    @Test func aHealthCheckConnectionMayAskHealthzOnceAndIsClosedAfterTheAnswer() {
        var machine = HTTPConnectionGuard(timeouts: timeouts, admission: .healthCheckOnly)
        #expect(machine.connected(now: start) == .schedule(start + .seconds(3)))
        // The window is not extended by the head's first byte.
        #expect(machine.bytesArrived(now: start + .seconds(1)) == .schedule(start + .seconds(3)))
        _ = machine.headReceived(get, now: start + .seconds(2))
        #expect(machine.endReceived(now: start + .seconds(2)) == .cancelTimer)
        _ = machine.responseHeadWritten()
        #expect(machine.responseEndWritten(now: start + .seconds(2)) == .closeWhenWritten)
    }

    @Test func aHealthCheckConnectionIsRefusedEverythingElse() {
        for head in [post, HTTPRequestHead(version: .http1_1, method: .GET, uri: "/readyz", headers: ["Host": "x"]),
                     HTTPRequestHead(version: .http1_1, method: .GET, uri: "/healthzz", headers: ["Host": "x"])] {
            var machine = HTTPConnectionGuard(timeouts: timeouts, admission: .healthCheckOnly)
            _ = machine.connected(now: start)
            #expect(machine.headReceived(head, now: start) == .answerAndClose(.serverFull), "\(head.uri)")
            #expect(HTTPConnectionRefusal.serverFull.problem.status == .serviceUnavailable)
            #expect(HTTPConnectionRefusal.serverFull.problem.retryAfterSeconds == 5)
        }
        var silent = HTTPConnectionGuard(timeouts: timeouts, admission: .healthCheckOnly)
        _ = silent.connected(now: start)
        #expect(silent.timerFired(now: start + .seconds(3)) == .answerAndClose(.timeout))
        var withQuery = HTTPConnectionGuard(timeouts: timeouts, admission: .healthCheckOnly)
        _ = withQuery.connected(now: start)
        let probe = HTTPRequestHead(version: .http1_1, method: .GET, uri: "/healthz?probe=1", headers: ["Host": "x"])
        #expect(withQuery.headReceived(probe, now: start) == .schedule(start + .seconds(3)))
    }
}
