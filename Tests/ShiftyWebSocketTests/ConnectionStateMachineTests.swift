import NIOCore
import Testing
@testable import ShiftyWebSocket

@Suite struct ConnectionStateMachineTests {
    @Test func serverEchoesThePeersCloseAndClosesTCP() {
        var machine = WebSocketConnectionStateMachine(role: .server)
        #expect(machine.receivedClose(code: .init(rawValue: 4001)) == .sendClose(code: .init(rawValue: 4001), reason: "", then: .closeConnection))
        #expect(machine.state == .closed)
        #expect(machine.receivedPing(ByteBuffer()) == .none)
    }

    @Test func clientAnswersCloseAndWaitsForTheServerToCloseTCP() {
        var machine = WebSocketConnectionStateMachine(role: .client)
        #expect(machine.receivedClose(code: nil) == .sendClose(code: nil, reason: "", then: .awaitPeer))
        #expect(machine.state == .awaitingTCPClose)
        #expect(machine.timerFired() == .closeConnection)
    }

    @Test func applicationCloseWaitsForThePeerThenTimesOut() {
        var machine = WebSocketConnectionStateMachine(role: .server)
        #expect(machine.close(code: .goingAway, reason: "bye") == .sendClose(code: .goingAway, reason: "bye", then: .awaitPeer))
        #expect(!machine.acceptsOutboundMessages)
        #expect(machine.close(code: .normalClosure, reason: "") == .none)
        #expect(machine.receivedClose(code: .goingAway) == .closeConnection)

        var silent = WebSocketConnectionStateMachine(role: .server)
        _ = silent.close(code: .normalClosure, reason: "")
        #expect(silent.timerFired() == .closeConnection)
    }

    @Test func protocolErrorsSendTheirCodeThenClose() {
        var machine = WebSocketConnectionStateMachine(role: .server)
        #expect(machine.protocolError(code: .invalidFramePayloadData) == .sendClose(code: .invalidFramePayloadData, reason: "", then: .closeConnection))
        #expect(machine.protocolError(code: .protocolError) == .none)

        var closing = WebSocketConnectionStateMachine(role: .server)
        _ = closing.close(code: .normalClosure, reason: "")
        #expect(closing.protocolError(code: .protocolError) == .closeConnection)
    }

    @Test func pingsIdlePeersAndDropsSilentOnes() {
        var machine = WebSocketConnectionStateMachine(role: .server)
        #expect(machine.timerFired() == .sendPing)
        machine.receivedTraffic()  // the pong
        #expect(machine.timerFired() == .none)
        #expect(machine.timerFired() == .sendPing)
        #expect(machine.timerFired() == .sendClose(code: .goingAway, reason: "ping timeout", then: .closeConnection))
        #expect(machine.state == .closed)
    }

    @Test func answersPingsOnlyWhileOpen() {
        var machine = WebSocketConnectionStateMachine(role: .client)
        let payload = ByteBuffer(string: "abc")
        #expect(machine.receivedPing(payload) == .sendPong(payload))
        _ = machine.close(code: .normalClosure, reason: "")
        #expect(machine.receivedPing(payload) == .none)
    }
}
