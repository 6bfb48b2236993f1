/// A reference that may travel between threads but is only used on its event loop.
///
/// Like NIO's `NIOLoopBound`, without re-checking the event loop on every access: ``WebSocketConnection``
/// checks `inEventLoop` once per call and hops otherwise, so the hot send path pays for one check.
struct EventLoopConfined<Value: AnyObject>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
