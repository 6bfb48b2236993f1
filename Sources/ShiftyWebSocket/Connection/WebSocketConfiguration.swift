import NIOCore

/// Limits and timers of one WebSocket connection. One value is shared by all connections of a server.
public struct WebSocketConfiguration: Sendable, Hashable {
    /// Largest payload one frame may announce; larger frames close the connection with 1009.
    public var maxFrameSize: Int
    /// Largest reassembled message; larger messages close the connection with 1009 as soon as a frame
    /// header shows the total would exceed it (before any of the payload is buffered).
    public var maxMessageSize: Int
    /// Bytes we queue ourselves, on top of NIO's own buffer (which ends at its write-buffer high watermark),
    /// while the peer is not reading. Exceeding it closes the connection with 1013 instead of growing memory.
    public var maxQueuedBytes: Int
    /// How often an idle connection is pinged; a connection that sends nothing during two intervals
    /// (no pong either) is closed. `nil` disables pings.
    public var pingInterval: TimeAmount?
    /// How long we wait for the peer to finish the close handshake before dropping the TCP connection.
    public var closeTimeout: TimeAmount

    public init(
        maxFrameSize: Int = 16 * 1024 * 1024,
        maxMessageSize: Int = 16 * 1024 * 1024,
        maxQueuedBytes: Int = 16 * 1024 * 1024,
        pingInterval: TimeAmount? = .seconds(30),
        closeTimeout: TimeAmount = .seconds(5)
    ) {
        self.maxFrameSize = maxFrameSize
        self.maxMessageSize = maxMessageSize
        self.maxQueuedBytes = maxQueuedBytes
        self.pingInterval = pingInterval
        self.closeTimeout = closeTimeout
    }
}
