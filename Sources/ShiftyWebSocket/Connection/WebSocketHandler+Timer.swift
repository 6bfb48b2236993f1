import NIOCore

extension WebSocketHandler: NIOScheduledCallbackHandler {
    /// One timer per connection, scheduled with the handler itself as callback (no closure, no promise):
    /// the ping interval while open, the close timeout while closing.
    func scheduleTimer(context: ChannelHandlerContext) {
        guard let interval = self.configuration.pingInterval else { return }
        self.restartTimer(context: context, in: interval)
    }

    func restartTimer(context: ChannelHandlerContext, in amount: TimeAmount) {
        self.cancelTimer()
        self.timer = try? context.eventLoop.assumeIsolated().scheduleCallback(in: amount, handler: self)
    }

    func cancelTimer() {
        if let timer = self.timer {
            self.timer = nil
            timer.cancel()
        }
    }

    public func handleScheduledCallback(eventLoop: some EventLoop) {
        self.timer = nil
        guard let context = self.context else { return }
        let action = self.stateMachine.timerFired()
        self.perform(action, context: context)
        if self.timer == nil, self.stateMachine.state == .open {
            self.scheduleTimer(context: context)
        }
    }

    public func didCancelScheduledCallback(eventLoop: some EventLoop) {}
}
