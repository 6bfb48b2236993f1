import Foundation

/// Blocking IPv4 TCP sockets for the generator's hand-written clients (`PlainHTTPClient` and the
/// handshakes of `EpollSubscribers`): one place for connecting and for writing everything.
enum TCPSocket {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// A socket connected to `host` (an IPv4 address) and `port`, with `TCP_NODELAY` and read and
    /// write timeouts of `timeoutSeconds`.
    static func connect(host: String, port: Int, timeoutSeconds: Int) throws(Failure) -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var noDelay: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
            close(descriptor)
            throw Failure(description: "\(host) is not an IPv4 address")
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Foundation.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw Failure(description: "connect: \(reason)")
        }
        return descriptor
    }

    /// Writes all of `bytes` (no SIGPIPE if the peer is gone: that is an error here).
    static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { throw Failure(description: "write: \(String(cString: strerror(errno)))") }
            offset += written
        }
    }
}
