import NIOCore

/// Client-side entry point. It works on an already connected channel so this library needs only NIOCore;
/// the caller makes the TCP connection (a NIOPosix `ClientBootstrap` in the CLI and tests).
public enum WebSocketClient {
    /// Runs the opening handshake on `channel` and then the WebSocket protocol with `callbacks`.
    ///
    /// The future succeeds once the server's 101 answer was validated; `onOpen` has been called by then.
    public static func upgrade(
        channel: any Channel,
        url: WebSocketURL,
        subprotocols: [String] = [],
        headers: [(String, String)] = [],
        configuration: WebSocketConfiguration = .init(),
        callbacks: WebSocketCallbacks
    ) -> EventLoopFuture<WebSocketConnection> {
        let promise = channel.eventLoop.makePromise(of: WebSocketConnection.self)
        let eventLoop = channel.eventLoop
        eventLoop.execute {
            let handler = WebSocketClientHandshakeHandler(
                url: url,
                subprotocols: subprotocols,
                extraHeaders: headers,
                configuration: configuration,
                callbacks: callbacks,
                promise: promise
            )
            do {
                try channel.pipeline.syncOperations.addHandler(handler)
            } catch {
                promise.fail(error)
            }
        }
        return promise.futureResult
    }
}
