import Foundation
import ShiftyPostgres

#if canImport(Glibc)
import Glibc
private let streamSocket = Int32(SOCK_STREAM.rawValue)
#elseif canImport(Darwin)
import Darwin
private let streamSocket = SOCK_STREAM
#endif

/// A TCP proxy on 127.0.0.1 in front of a PostgreSQL Unix socket that can stop forwarding without
/// closing anything: what a database host that froze or dropped off the network looks like to a
/// client. While it blackholes, open connections stay open, what the client sends is accepted by
/// the kernel and never answered, and new connections are accepted but never get a greeting.
/// ``resume()`` forwards again, including what was held back.
///
/// Two threads per connection copy bytes; tests open a handful of connections.
public final class BlackholeProxy: @unchecked Sendable {
    /// The loopback port clients connect to.
    public let port: Int
    private let target: String
    private let listener: Int32
    /// Guards everything below; signalled when the mode changes or a copy finishes.
    private let condition = NSCondition()
    private var isBlackholing = false
    private var isStopped = false
    /// Copies between reading and writing (``blackhole()`` waits for them to finish).
    private var copying = 0
    private var openDescriptors: Set<Int32> = []
    private var acceptedCount = 0

    /// Starts listening on an ephemeral loopback port; connections go to the Unix socket at `unixSocketPath`.
    public init(unixSocketPath: String) throws {
        let (listener, port) = try Self.listenOnLoopback()
        self.target = unixSocketPath
        self.listener = listener
        self.port = port
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "blackhole-proxy-accept"
        thread.start()
    }

    /// A listening socket on 127.0.0.1 and the port the kernel chose.
    private static func listenOnLoopback() throws -> (Int32, Int) {
        let listener = socket(AF_INET, streamSocket, 0)
        guard listener >= 0 else { throw ProxyError("socket() failed: errno \(errno)") }
        var yes: Int32 = 1
        _ = setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 64) == 0 else {
            close(listener)
            throw ProxyError("bind/listen failed: errno \(errno)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        return (listener, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// A PostgreSQL Unix socket: `<directory>/.s.PGSQL.<port>`.
    public convenience init(socketDirectory: String, port: Int = 5432) throws {
        try self.init(unixSocketPath: "\(socketDirectory)/.s.PGSQL.\(port)")
    }

    deinit {
        stop()
    }

    /// Stops forwarding in both directions, keeping every socket open. Returns once no byte is
    /// being copied any more (or after a second).
    public func blackhole() {
        condition.lock()
        isBlackholing = true
        let limit = Date().addingTimeInterval(1)
        while copying > 0, condition.wait(until: limit) {}
        condition.unlock()
    }

    /// Forwards again.
    public func resume() {
        condition.lock()
        isBlackholing = false
        condition.broadcast()
        condition.unlock()
    }

    /// Connections accepted so far.
    public var acceptedConnections: Int {
        condition.lock()
        defer { condition.unlock() }
        return acceptedCount
    }

    /// Closes the listening socket and every connection.
    public func stop() {
        condition.lock()
        guard !isStopped else {
            condition.unlock()
            return
        }
        isStopped = true
        let descriptors = openDescriptors
        condition.broadcast()
        condition.unlock()
        _ = shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        for descriptor in descriptors {
            _ = shutdown(descriptor, Int32(SHUT_RDWR))
        }
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                return
            }
            guard let upstream = connectUpstream() else {
                close(client)
                continue
            }
            condition.lock()
            if isStopped {
                condition.unlock()
                close(client)
                close(upstream)
                return
            }
            acceptedCount += 1
            openDescriptors.formUnion([client, upstream])
            condition.unlock()
            let pair = DescriptorPair(client: client, upstream: upstream) { [self] in
                condition.lock()
                openDescriptors.subtract([client, upstream])
                condition.unlock()
            }
            for (from, to) in [(client, upstream), (upstream, client)] {
                let thread = Thread { [self] in
                    copy(from: from, to: to)
                    pair.copierFinished()
                }
                thread.name = "blackhole-proxy-copy"
                thread.start()
            }
        }
    }

    private func connectUpstream() -> Int32? {
        let descriptor = socket(AF_UNIX, streamSocket, 0)
        guard descriptor >= 0 else { return nil }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let path = Array(target.utf8CString)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard path.count <= capacity else {
            close(descriptor)
            return nil
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.enumerated() { raw[index] = UInt8(bitPattern: byte) }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    /// Copies until either side closes or the proxy stops; holds still while blackholing.
    private func copy(from source: Int32, to destination: Int32) {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            condition.lock()
            while isBlackholing, !isStopped { condition.wait() }
            if isStopped {
                condition.unlock()
                return
            }
            copying += 1
            condition.unlock()
            let open = copyOnce(from: source, to: destination, buffer: &buffer)
            condition.lock()
            copying -= 1
            condition.broadcast()
            condition.unlock()
            if !open { return }
        }
    }

    /// Waits up to 100 ms for input and forwards it; false when the connection is over.
    private func copyOnce(from source: Int32, to destination: Int32, buffer: inout [UInt8]) -> Bool {
        var descriptor = pollfd(fd: source, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, 100)
        if ready == 0 { return true }
        if ready < 0 { return errno == EINTR }
        let count = buffer.withUnsafeMutableBytes { read(source, $0.baseAddress, $0.count) }
        if count <= 0 { return false }
        var written = 0
        while written < count {
            let result = buffer.withUnsafeBytes { write(destination, $0.baseAddress! + written, count - written) }
            if result <= 0 {
                if result < 0, errno == EINTR { continue }
                return false
            }
            written += result
        }
        return true
    }
}

/// Closes both sockets of a proxied connection once both copiers are done.
private final class DescriptorPair: @unchecked Sendable {
    private let lock = NSLock()
    private var running = 2
    private let client: Int32
    private let upstream: Int32
    private let closed: @Sendable () -> Void

    init(client: Int32, upstream: Int32, closed: @escaping @Sendable () -> Void) {
        self.client = client
        self.upstream = upstream
        self.closed = closed
    }

    func copierFinished() {
        lock.lock()
        running -= 1
        let last = running == 0
        lock.unlock()
        if last {
            closed()
            close(client)
            close(upstream)
        } else {
            // One direction ended: end the other one too.
            _ = shutdown(client, Int32(SHUT_RDWR))
            _ = shutdown(upstream, Int32(SHUT_RDWR))
        }
    }
}

public struct ProxyError: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}

extension BlackholeProxy {
    /// A proxy in front of the Unix socket `connectionString` names; `nil` when it names a TCP host
    /// (SHIFTY_TEST_PG pointing at a server elsewhere), which the proxy cannot stand in front of.
    public static func inFront(of connectionString: String) throws -> BlackholeProxy? {
        let parameters = try PostgresConnectionString.parse(connectionString)
        guard let host = parameters.last(where: { $0.key == "host" })?.value, host.hasPrefix("/"), !host.contains(",") else {
            return nil
        }
        let port = parameters.last { $0.key == "port" }?.value ?? "5432"
        return try BlackholeProxy(socketDirectory: host, port: Int(port) ?? 5432)
    }

    /// `connectionString` reaching the same database through `proxies`, tried in order (several
    /// hosts, with `target_session_attrs=read-write` as production requires), plus `extra` settings.
    public static func connectionString(
        _ connectionString: String, through proxies: [BlackholeProxy], extra: [(key: String, value: String)] = []
    ) throws -> String {
        let kept = try PostgresConnectionString.parse(connectionString).filter { !["host", "hostaddr", "port"].contains($0.key) }
        var parameters = kept
        parameters.append((key: "host", value: proxies.map { _ in "127.0.0.1" }.joined(separator: ",")))
        parameters.append((key: "port", value: proxies.map { String($0.port) }.joined(separator: ",")))
        if proxies.count > 1 { parameters.append((key: "target_session_attrs", value: "read-write")) }
        parameters += extra
        return PostgresConnectionString.make(parameters)
    }
}
