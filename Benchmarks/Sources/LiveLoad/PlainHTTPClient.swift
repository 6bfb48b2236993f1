import Foundation

/// A blocking HTTP/1.1 client on one keep-alive TCP socket, for the benchmark's few control requests
/// (the trigger POSTs and `/healthz`). Blocking is fine here: it runs on the measuring task, never on
/// the event loops that receive the deliveries.
final class PlainHTTPClient {
    struct Response {
        var status: Int
        var body: String
    }

    enum Failure: Error, CustomStringConvertible {
        case connect(String)
        case io(String)
        case malformed

        var description: String {
            switch self {
            case .connect(let reason): "connect: \(reason)"
            case .io(let reason): "i/o: \(reason)"
            case .malformed: "malformed HTTP response"
            }
        }
    }

    private let host: String
    private let port: Int
    private var socket: Int32 = -1
    private var pending: [UInt8] = []

    init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    deinit { disconnect() }

    func disconnect() {
        if socket >= 0 { close(socket) }
        socket = -1
        pending = []
    }

    /// Sends one request and reads the whole response (Content-Length or chunked).
    func request(_ method: String, _ path: String, token: String? = nil, body: String? = nil, timeoutSeconds: Int = 10) throws -> Response {
        if socket < 0 { try connect(timeoutSeconds: timeoutSeconds) }
        var head = "\(method) \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nAccept: application/json\r\n"
        if let token { head += "Authorization: Bearer \(token)\r\n" }
        let payload = Array((body ?? "").utf8)
        if body != nil { head += "Content-Type: application/json\r\n" }
        head += "Content-Length: \(payload.count)\r\n\r\n"
        do {
            try write(Array(head.utf8) + payload)
            return try readResponse()
        } catch {
            disconnect()
            throw error
        }
    }

    private func connect(timeoutSeconds: Int) throws {
        let fd = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure.connect(String(cString: strerror(errno))) }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var noDelay: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
            close(fd)
            throw Failure.connect("\(host) is not an IPv4 address")
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Foundation.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw Failure.connect(reason)
        }
        socket = fd
    }

    private func write(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { throw Failure.io(String(cString: strerror(errno))) }
            offset += written
        }
    }

    /// Reads more bytes into `pending`.
    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { throw Failure.io(count == 0 ? "connection closed" : String(cString: strerror(errno))) }
        pending.append(contentsOf: chunk[0..<count])
    }

    private func takeLine() throws -> String {
        while true {
            if let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<end], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                pending.removeSubrange(...end)
                return line
            }
            try fill()
        }
    }

    private func take(_ count: Int) throws -> [UInt8] {
        while pending.count < count { try fill() }
        let bytes = Array(pending[..<count])
        pending.removeSubrange(..<count)
        return bytes
    }

    private func readResponse() throws -> Response {
        let statusLine = try takeLine()
        let parts = statusLine.split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else { throw Failure.malformed }
        var length = 0
        var chunked = false
        var closes = false
        while true {
            let line = try takeLine()
            if line.isEmpty { break }
            let lower = line.lowercased()
            if lower.hasPrefix("content-length:") { length = Int(lower.dropFirst(15).trimmingCharacters(in: .whitespaces)) ?? 0 }
            if lower.hasPrefix("transfer-encoding:"), lower.contains("chunked") { chunked = true }
            if lower.hasPrefix("connection:"), lower.contains("close") { closes = true }
        }
        var body: [UInt8] = []
        if chunked {
            while true {
                guard let size = Int(try takeLine().split(separator: ";").first ?? "", radix: 16) else { throw Failure.malformed }
                if size == 0 { _ = try takeLine(); break }
                body += try take(size)
                _ = try takeLine()
            }
        } else {
            body = try take(length)
        }
        if closes { disconnect() }
        return Response(status: status, body: String(decoding: body, as: UTF8.self))
    }
}
