extension WebSocketHandler {
    /// Whether a message sent now goes to the channel at once instead of into our queue.
    var acceptsWritesNow: Bool {
        self.isWritable && self.queue == nil && self.context != nil && self.stateMachine.acceptsOutboundMessages
    }

    /// Runs `body` once ``acceptsWritesNow`` holds (at once if it does); never if the connection closes first.
    func whenWritable(_ body: @escaping () -> Void) {
        if self.acceptsWritesNow {
            body()
            return
        }
        guard self.context != nil, self.stateMachine.acceptsOutboundMessages else { return }
        self.writableWaiters = (self.writableWaiters ?? []) + [body]
    }

    func notifyWritable() {
        guard self.acceptsWritesNow, let waiters = self.writableWaiters else { return }
        self.writableWaiters = nil
        for waiter in waiters { waiter() }
    }
}
