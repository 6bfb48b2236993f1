import Foundation
import NIOCore
import NIOPosix
import Synchronization
import Testing
import ShiftyWebSocket

/// Interoperability with an independent implementation: Python's `websockets`.
@Suite(.serialized) struct PythonInteropTests {
    static let clientScript = #"""
import asyncio, json, sys
import websockets
from websockets.exceptions import ConnectionClosed

async def exchange(uri):
    results = {}
    async with websockets.connect(uri, subprotocols=["shifty.test"], max_size=None) as ws:
        results["subprotocol"] = ws.subprotocol
        await ws.send("héllo wörld ✓")
        results["text"] = await ws.recv()
        blob = bytes(range(256)) * 400
        await ws.send(blob)
        results["binary_ok"] = (await ws.recv()) == blob
        await ws.send(["frag", "mented ", "message"])
        results["fragmented"] = await ws.recv()
        pong = await ws.ping(b"are you there")
        await asyncio.wait_for(pong, 5)
        results["pong"] = True
        await ws.close(code=4000, reason="done")
        results["close_code"] = ws.close_code
    return results

async def limit(uri):
    async with websockets.connect(uri, max_size=None) as ws:
        await ws.send(b"x" * 5000)
        try:
            await asyncio.wait_for(ws.recv(), 5)
            return {"too_big": "echoed"}
        except ConnectionClosed as closed:
            return {"too_big": closed.rcvd.code if closed.rcvd else None}

mode, port = sys.argv[1], int(sys.argv[2])
uri = f"ws://127.0.0.1:{port}/live"
print(json.dumps(asyncio.run(exchange(uri) if mode == "exchange" else limit(uri))))
"""#

    static let serverScript = #"""
import asyncio, sys
import websockets

async def echo(ws):
    async for message in ws:
        await ws.send(message)

async def main():
    async with websockets.serve(echo, "127.0.0.1", 0, max_size=None) as server:
        port = server.sockets[0].getsockname()[1]
        print(port, flush=True)
        await asyncio.sleep(60)

asyncio.run(main())
"""#

    func runClient(mode: String, port: Int) throws -> [String: Any] {
        let output = try PythonInterop.run(script: Self.clientScript, arguments: [mode, String(port)], timeout: 60)
        let line = output.stdout.split(separator: "\n").last.map(String.init) ?? ""
        guard let results = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            Issue.record("python client (\(mode)) failed: \(output.stderr.suffix(1000))")
            return [:]
        }
        return results
    }

    @Test func pythonClientTalksToOurServer() async throws {
        try PythonInterop.requireWebsockets()
        let server = try await TestWebSocketServer.start()
        let results = try self.runClient(mode: "exchange", port: server.port)
        #expect(results["subprotocol"] as? String == "shifty.test")
        #expect(results["text"] as? String == "héllo wörld ✓")
        #expect(results["binary_ok"] as? Bool == true)
        #expect(results["fragmented"] as? String == "fragmented message")
        #expect(results["pong"] as? Bool == true)
        #expect(results["close_code"] as? Int == 4000)
        try await server.stop()
    }

    @Test func pythonClientSeesTooBigClose() async throws {
        try PythonInterop.requireWebsockets()
        let server = try await TestWebSocketServer.start(configuration: WebSocketConfiguration(maxFrameSize: 4096, maxMessageSize: 4096))
        let results = try self.runClient(mode: "limit", port: server.port)
        #expect(results["too_big"] as? Int == 1009)
        try await server.stop()
    }

    @Test func ourClientTalksToPythonServer() async throws {
        try PythonInterop.requireWebsockets()
        let (process, portLine) = try PythonInterop.launch(script: Self.serverScript, arguments: [])
        defer { process.terminate() }
        let port = try #require(Int(portLine.trimmingCharacters(in: .whitespaces)), "python server did not start")

        let received = AsyncStream.makeStream(of: WebSocketMessage.self)
        let callbacks = WebSocketCallbacks(
            onMessage: { message, _ in received.continuation.yield(message) },
            onClose: { _, _ in received.continuation.finish() }
        )
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port).get()
        let connection = try await WebSocketClient.upgrade(
            channel: channel,
            url: WebSocketURL(host: "127.0.0.1", port: port, target: "/"),
            callbacks: callbacks
        ).get()

        var iterator = received.stream.makeAsyncIterator()
        connection.send(text: "grüße")
        #expect(await iterator.next() == .text("grüße"))
        let blob = ByteBuffer(bytes: (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 13) })
        connection.send(.binary(blob))
        #expect(await iterator.next() == .binary(blob))
        connection.close(code: .normalClosure)
        #expect(await iterator.next() == nil)
        try await channel.closeFuture.get()
    }

    @Test func ourClientTalksToOurServer() async throws {
        let server = try await TestWebSocketServer.start()
        let received = AsyncStream.makeStream(of: WebSocketMessage.self)
        let closeCode = Mutex<WebSocketCloseCode?>(nil)
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: server.port).get()
        let connection = try await WebSocketClient.upgrade(
            channel: channel,
            url: WebSocketURL(host: "127.0.0.1", port: server.port, target: "/x"),
            subprotocols: ["other", "shifty.test"],
            callbacks: WebSocketCallbacks(
                onMessage: { message, _ in received.continuation.yield(message) },
                onClose: { code, _ in
                    closeCode.withLock { $0 = code }
                    received.continuation.finish()
                }
            )
        ).get()
        var iterator = received.stream.makeAsyncIterator()
        for index in 0..<100 {
            connection.send(text: "message \(index)")
        }
        for index in 0..<100 {
            #expect(await iterator.next() == .text("message \(index)"))
        }
        connection.close(code: .init(rawValue: 4321), reason: "bye")
        #expect(await iterator.next() == nil)
        try await channel.closeFuture.get()
        #expect(closeCode.withLock { $0 } == .init(rawValue: 4321))
        try await server.stop()
    }
}
