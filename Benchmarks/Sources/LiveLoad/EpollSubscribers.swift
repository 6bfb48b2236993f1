import CEpoll
import Foundation
import NIOConcurrencyHelpers

/// Broadcast subscribers on plain non-blocking sockets, read by one thread of ours from one epoll set
/// (`LiveLoad broadcast --client epoll`), which acknowledge what they read from their own thread.
///
/// Why: on loopback the sending server's core runs the receivers' kernel receive path inside its own
/// `write(2)`. One piece of that is the client's ACK: a subscriber that got nothing for longer than a
/// retransmission timeout (~200 ms on loopback, so every subscriber at every benchmark event) is in
/// TCP's quick-ack mode and acknowledges straight from that receive path, on the server's core; the
/// server then also processes the ACK there, from its socket's backlog, since it still holds the
/// socket. Over a network the client builds its ACK on its own machine. Here each socket stays in
/// delayed-ACK ("ping-pong") mode and, once the reader drained it, `TCP_QUICKACK = 2` sends the ACK
/// from the reader's thread and keeps ping-pong mode on (Linux: bit 0 clear means re-enter it).
/// Loopback then processes that ACK on the reader's core too, which a real server would do itself:
/// BENCHMARKS.md weighs the two.
///
/// The WebSocket part is the minimum a subscriber needs: the opening handshake (with its
/// `Sec-WebSocket-Accept` checked), unmasked server frames, pongs for the server's pings, close frames.
final class EpollSubscribers: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private struct Connection {
        var descriptor: Int32
        /// Bytes of an incomplete frame.
        var pending: [UInt8] = []
        var open = true
    }

    let deliveryLog = DeliveryLog()
    private let host: String
    private let port: Int
    private let target: String
    private let tokens: [String]
    private let acknowledgeFromReader: Bool
    var acknowledgesFromReader: Bool { acknowledgeFromReader }
    private let epoll: Int32
    // Guarded by `connectionsLock`: `open` appends while the reading thread reads.
    private var connections: [Connection] = []
    private let connectionsLock = NIOLock()
    private let running = NIOLockedValueBox(false)
    private var thread: Thread?
    private let stopped = DispatchSemaphore(value: 0)

    /// A fixed key: the generator is not a browser, and the server's answer to it is still checked.
    private static let key = "dGhlIHNhbXBsZSBub25jZQ=="
    private static let expectedAccept = "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="
    private static let quickAck: Int32 = 12  // TCP_QUICKACK

    init(host: String, port: Int, target: String, tokens: [String], acknowledgeFromReader: Bool) throws {
        self.host = host
        self.port = port
        self.target = target
        self.tokens = tokens
        self.acknowledgeFromReader = acknowledgeFromReader
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epoll >= 0 else { throw Failure(description: "epoll_create1: \(String(cString: strerror(errno)))") }
    }

    deinit {
        close(epoll)
    }

    var deliveries: Int { deliveryLog.deliveries }
    var hellos: Int { deliveryLog.hellos }

    /// Starts the reading thread.
    func start() {
        running.withLockedValue { $0 = true }
        let thread = Thread { [self] in readLoop() }
        thread.name = "subscribers"
        thread.start()
        self.thread = thread
    }

    /// Stops the thread and closes every connection.
    func stop() {
        running.withLockedValue { $0 = false }
        if thread != nil { stopped.wait() }
        connectionsLock.withLock {
            for index in connections.indices where connections[index].open {
                close(connections[index].descriptor)
                connections[index].open = false
            }
        }
    }

    /// Opens `count` subscribers, `batch` handshakes at a time, logging progress every 1,000.
    func open(count: Int, batch: Int) throws {
        let started = Clock.monotonic()
        var next = 0
        while next < count {
            let indices = next..<min(count, next + max(1, batch))
            var descriptors: [Int32] = []
            for index in indices {
                descriptors.append(try connect(token: tokens[index % tokens.count]))
            }
            for descriptor in descriptors {
                let leftover = try readUpgradeResponse(descriptor)
                try register(descriptor, leftover: leftover)
            }
            next = indices.upperBound
            if next % 1000 == 0 || next == count {
                log("subscribers: \(next)/\(count) open, \(milliseconds(Clock.monotonic() - started)) ms")
            }
        }
    }

    // MARK: - Handshake

    private func connect(token: String) throws -> Int32 {
        let descriptor = try TCPSocket.connect(host: host, port: port, timeoutSeconds: 20)
        let request = "GET \(target) HTTP/1.1\r\nHost: \(host):\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: \(Self.key)\r\nSec-WebSocket-Version: 13\r\nAuthorization: Bearer \(token)\r\n\r\n"
        do {
            try TCPSocket.writeAll(descriptor, Array(request.utf8))
        } catch {
            close(descriptor)
            throw error
        }
        return descriptor
    }

    /// Reads the `101` answer; returns the bytes after its head (the server may send `hello` with it).
    private func readUpgradeResponse(_ descriptor: Int32) throws -> [UInt8] {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        let terminator: [UInt8] = Array("\r\n\r\n".utf8)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else {
                close(descriptor)
                throw Failure(description: count == 0 ? "the server closed during the handshake" : "handshake read: \(String(cString: strerror(errno)))")
            }
            received += chunk[0..<count]
            if let end = received.firstRange(of: terminator) {
                let head = String(decoding: received[..<end.lowerBound], as: UTF8.self)
                let status = head.split(separator: "\r\n").first.map(String.init) ?? ""
                guard status.hasPrefix("HTTP/1.1 101") else {
                    close(descriptor)
                    throw Failure(description: "upgrade refused: \(status)")
                }
                guard head.lowercased().contains("sec-websocket-accept: \(Self.expectedAccept.lowercased())") else {
                    close(descriptor)
                    throw Failure(description: "the upgrade answer lacks the right Sec-WebSocket-Accept")
                }
                return Array(received[end.upperBound...])
            }
            guard received.count < 16_384 else {
                close(descriptor)
                throw Failure(description: "handshake answer head over 16 KiB")
            }
        }
    }

    private func register(_ descriptor: Int32, leftover: [UInt8]) throws {
        let flags = fcntl(descriptor, F_GETFL)
        _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
        if acknowledgeFromReader {
            var pingPong: Int32 = 0
            setsockopt(descriptor, Int32(IPPROTO_TCP), Self.quickAck, &pingPong, socklen_t(MemoryLayout<Int32>.size))
        }
        let index = connectionsLock.withLock { () -> Int in
            connections.append(Connection(descriptor: descriptor))
            return connections.count - 1
        }
        if !leftover.isEmpty {
            connectionsLock.withLock {
                consume(leftover, into: &connections[index], at: Clock.monotonic())
            }
        }
        var event = epoll_event()
        event.events = EPOLLIN.rawValue | EPOLLRDHUP.rawValue
        event.data.u64 = UInt64(index)
        guard epoll_ctl(epoll, EPOLL_CTL_ADD, descriptor, &event) == 0 else {
            throw Failure(description: "epoll_ctl: \(String(cString: strerror(errno)))")
        }
    }

    // MARK: - Reading

    private func readLoop() {
        var events = [epoll_event](repeating: epoll_event(), count: 512)
        var scratch = [UInt8](repeating: 0, count: 65_536)
        while true {
            guard running.withLockedValue({ $0 }) else { break }
            let ready = epoll_wait(epoll, &events, Int32(events.count), 20)
            guard ready > 0 else { continue }
            connectionsLock.withLock {
                for slot in 0..<Int(ready) {
                    readAll(Int(events[slot].data.u64), scratch: &scratch)
                }
            }
        }
        stopped.signal()
    }

    /// Drains one socket (called with `connectionsLock` held).
    private func readAll(_ index: Int, scratch: inout [UInt8]) {
        guard connections[index].open else { return }
        let descriptor = connections[index].descriptor
        var gotData = false
        while true {
            let count = scratch.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                gotData = true
                let now = Clock.monotonic()
                scratch.withUnsafeBytes { consume(UnsafeRawBufferPointer(rebasing: $0[0..<count]), into: &connections[index], at: now) }
                if !connections[index].open { return }
                continue
            }
            if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { break }
            if count < 0, errno == EINTR { continue }
            finish(index, reason: count == 0 ? "eof" : "read error")
            return
        }
        if gotData, acknowledgeFromReader {
            var ackNowStayPingPong: Int32 = 2
            setsockopt(descriptor, Int32(IPPROTO_TCP), Self.quickAck, &ackNowStayPingPong, socklen_t(MemoryLayout<Int32>.size))
        }
    }

    private func consume(_ bytes: [UInt8], into connection: inout Connection, at now: UInt64) {
        bytes.withUnsafeBytes { consume($0, into: &connection, at: now) }
    }

    /// Splits received bytes into frames; keeps an incomplete one for the next read.
    private func consume(_ bytes: UnsafeRawBufferPointer, into connection: inout Connection, at now: UInt64) {
        if connection.pending.isEmpty {
            let used = parseFrames(bytes, connection: &connection, at: now)
            if used < bytes.count { connection.pending = Array(bytes[used...]) }
        } else {
            connection.pending += bytes
            let pending = connection.pending
            let used = pending.withUnsafeBytes { parseFrames($0, connection: &connection, at: now) }
            connection.pending = Array(pending[used...])
        }
    }

    /// Handles every complete frame in `bytes`; returns how many bytes they took.
    private func parseFrames(_ bytes: UnsafeRawBufferPointer, connection: inout Connection, at now: UInt64) -> Int {
        var offset = 0
        while connection.open, bytes.count - offset >= 2 {
            let first = bytes[offset]
            let second = bytes[offset + 1]
            var headerLength = 2
            var length = Int(second & 0x7F)
            if length == 126 {
                guard bytes.count - offset >= 4 else { break }
                length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
                headerLength = 4
            } else if length == 127 {
                guard bytes.count - offset >= 10 else { break }
                length = (0..<8).reduce(0) { $0 << 8 | Int(bytes[offset + 2 + $1]) }
                headerLength = 10
            }
            guard second & 0x80 == 0 else {
                finish(connection: &connection, reason: "masked server frame")
                break
            }
            guard bytes.count - offset >= headerLength + length else { break }
            let payload = UnsafeRawBufferPointer(rebasing: bytes[(offset + headerLength)..<(offset + headerLength + length)])
            switch first & 0x0F {
            case 0x1, 0x2:
                if first & 0x80 == 0 {
                    finish(connection: &connection, reason: "fragmented message")
                } else {
                    deliveryLog.record(payload, at: now)
                }
            case 0x9:
                sendPong(payload, on: connection.descriptor)
            case 0x8:
                let code = payload.count >= 2 ? "\(Int(payload[0]) << 8 | Int(payload[1]))" : "none"
                finish(connection: &connection, reason: code)
            default:
                break  // pong or reserved: ignored
            }
            offset += headerLength + length
        }
        return offset
    }

    private func sendPong(_ payload: UnsafeRawBufferPointer, on descriptor: Int32) {
        guard payload.count <= 125 else { return }
        let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        var frame: [UInt8] = [0x8A, 0x80 | UInt8(payload.count)] + mask
        for (position, byte) in payload.enumerated() { frame.append(byte ^ mask[position % 4]) }
        try? TCPSocket.writeAll(descriptor, frame)
    }

    private func finish(_ index: Int, reason: String) {
        finish(connection: &connections[index], reason: reason)
    }

    private func finish(connection: inout Connection, reason: String) {
        guard connection.open else { return }
        connection.open = false
        close(connection.descriptor)
        deliveryLog.recordClose(reason)
    }
}
