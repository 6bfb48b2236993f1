import Foundation
import NIOCore
import NIOPosix
import ShiftyConnections
@testable import ShiftyTerminal
import Testing

/// The client asks for its language (`Accept-Language`), so a problem it has no sentence for comes
/// back, and is shown, in the server's words in that language.
@Suite struct AcceptLanguageTests {
    @Test func theBinarySendsItsLanguageAndShowsAnUnknownCodesDetail() async throws {
        let server = try await RecordingProblemServer.start(
            problem: #"{"type":"about:blank","title":"Nieuw","status":409,"code":"brand_new_rule","detail":"Iets nieuws weigert dit."}"#)
        defer { server.stop() }
        let address = "http://127.0.0.1:\(server.port)"
        let dutch = try await ShiftyBinary(server: address, token: "t", extraEnvironment: ["LANG": "nl_NL.UTF-8"]).run(["market"])
        #expect(dutch.status == 1 && dutch.stderr == "Fout: Iets nieuws weigert dit.\n", "\(dutch)")
        let english = try await ShiftyBinary(server: address, token: "t").run(["market", "--lang", "en"])
        #expect(english.status == 1 && english.stderr.hasPrefix("Error: "), "\(english)")
        let heads = server.heads.withLock { $0 }
        #expect(heads.count == 2, "\(heads)")
        #expect(heads.first?.lowercased().contains("\r\naccept-language: nl\r\n") == true, "\(heads)")
        #expect(heads.last?.lowercased().contains("\r\naccept-language: en\r\n") == true, "\(heads)")
    }
}

/// A one-purpose HTTP server: records each request head and answers it with the same problem.
final class RecordingProblemServer: Sendable {
    let heads = Locked<[String]>([])
    let channel: Locked<(any Channel)?> = Locked(nil)

    var port: Int { self.channel.withLock { $0?.localAddress?.port } ?? 0 }

    static func start(problem: String) async throws -> RecordingProblemServer {
        let server = RecordingProblemServer()
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { child in
                child.eventLoop.makeCompletedFuture {
                    try child.pipeline.syncOperations.addHandler(Handler(server: server, problem: problem))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        server.channel.withLock { $0 = channel }
        return server
    }

    func stop() {
        _ = self.channel.withLock { $0 }?.close()
    }

    final class Handler: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer
        let server: RecordingProblemServer
        let problem: String
        var received = ""

        init(server: RecordingProblemServer, problem: String) {
            self.server = server
            self.problem = problem
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            var buffer = self.unwrapInboundIn(data)
            self.received += buffer.readString(length: buffer.readableBytes) ?? ""
            guard let end = self.received.range(of: "\r\n\r\n") else { return }
            let head = String(self.received[..<end.upperBound])
            self.server.heads.withLock { $0.append(head) }
            let body = Array(self.problem.utf8)
            let answer = "HTTP/1.1 409 Conflict\r\nContent-Type: application/problem+json\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
            var out = context.channel.allocator.buffer(capacity: answer.utf8.count + body.count)
            out.writeString(answer)
            out.writeBytes(body)
            context.writeAndFlush(self.wrapOutboundOut(out), promise: nil)
            context.close(promise: nil)
        }
    }
}
