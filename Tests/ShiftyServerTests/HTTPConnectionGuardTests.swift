import NIOCore
import NIOHTTP1
@testable import ShiftyServer
import Testing

/// The connection guard's rules without sockets: which timeout runs in which phase, and what a
/// timeout or a parse error turns into.
@Suite struct HTTPConnectionGuardTests {
    let timeouts = HTTPConnectionTimeouts(idle: .seconds(30), header: .seconds(10), body: .seconds(20))
    let start = NIODeadline.uptimeNanoseconds(1_000_000_000_000)

    @Test func eachPhaseRunsItsOwnTimeout() {
        var machine = HTTPConnectionGuard(timeouts: timeouts)
        #expect(machine.connected(now: start) == .schedule(start + .seconds(30)))
        let firstByte = start + .seconds(5)
        #expect(machine.bytesArrived(now: firstByte) == .schedule(firstByte + .seconds(10)))
        // More bytes of the same head do not extend the header deadline.
        #expect(machine.bytesArrived(now: firstByte + .seconds(9)) == .none)
        let head = firstByte + .seconds(9)
        #expect(machine.headReceived(now: head) == .schedule(head + .seconds(20)))
        #expect(machine.bodyReceived(now: head + .seconds(15)) == .schedule(head + .seconds(35)))
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
        _ = machine.headReceived(now: start)
        _ = machine.bodyReceived(now: start + .seconds(1))
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
        _ = midResponse.headReceived(now: start)
        _ = midResponse.endReceived(now: start)
        _ = midResponse.responseHeadWritten()
        #expect(midResponse.parseFailed(.invalidMethod) == .close)
    }

    @Test func anEarlyAnswerLeavesTheBodyTimeoutRunningAndThenAwaitsTheNextRequest() {
        var machine = HTTPConnectionGuard(timeouts: timeouts)
        _ = machine.connected(now: start)
        _ = machine.headReceived(now: start)
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
        _ = machine.headReceived(now: start)
        _ = machine.endReceived(now: start)
        #expect(machine.bytesArrived(now: start + .seconds(1)) == .none)
        _ = machine.responseHeadWritten()
        #expect(machine.responseEndWritten(now: start + .seconds(2)) == .schedule(start + .seconds(12)))
        #expect(machine.phase == .readingHead)
    }
}
