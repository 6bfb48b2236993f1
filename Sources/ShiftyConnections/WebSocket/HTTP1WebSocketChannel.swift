import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1
import ShiftyWebSocket

/// A Hummingbird child channel that serves HTTP/1.1 through the router and upgrades WebSocket requests
/// to our own ``WebSocketHandler``.
///
/// Ordinary requests take the same path as Hummingbird's `HTTP1Channel` (HTTP/1 codec, HTTP types
/// conversion, connection state handler, async channel). An upgraded connection keeps no Swift task: its
/// `handle` returns as soon as the upgrade is done, leaving the channel to the event-loop handler.
public struct HTTP1WebSocketChannel: ServerChildChannel, HTTPChannelHandler {
    public struct Value: ServerChildChannelValue {
        public let channel: any Channel
        /// Completes once the first request was either upgraded, refused, or handed to HTTP.
        public let outcome: EventLoopFuture<WebSocketUpgradeOutcome>
    }

    /// First receive buffer size of a connection (see `setup`).
    static var initialReceiveBufferSize: Int { 512 }

    public let responder: HTTPChannelHandler.Responder
    public let configuration: HTTP1Channel.Configuration
    /// Idle, header and body timeouts of the HTTP part of the connection (see ``HTTPConnectionGuard``).
    public let timeouts: HTTPConnectionTimeouts
    /// The process's connection count and idle connections (evicted when the descriptor budget is spent).
    public let registry: HTTPConnectionRegistry
    let decide: @Sendable (HTTPRequestHead, any Channel, Logger) async -> WebSocketUpgradeDecision

    public init(
        responder: @escaping HTTPChannelHandler.Responder,
        configuration: HTTP1Channel.Configuration = .init(),
        timeouts: HTTPConnectionTimeouts = .init(),
        registry: HTTPConnectionRegistry = .process,
        upgrade: @escaping @Sendable (HTTPRequestHead, any Channel, Logger) async -> WebSocketUpgradeDecision
    ) {
        self.responder = responder
        self.configuration = configuration
        self.timeouts = timeouts
        self.registry = registry
        self.decide = upgrade
    }

    public func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            let state = NIOLoopBound(WebSocketUpgradeState(), eventLoop: channel.eventLoop)
            let configuration = self.configuration
            let upgrader = WebSocketServerUpgrader(decide: self.decide, state: state, logger: logger)
            let upgradeConfiguration = NIOTypedHTTPServerUpgradeConfiguration<WebSocketUpgradeOutcome>(
                upgraders: [upgrader],
                notUpgradingCompletionHandler: { channel in
                    channel.eventLoop.makeCompletedFuture {
                        if state.value.refused { return .refused }
                        return .http(try Self.configureHTTP(channel: channel, state: state, configuration: configuration, logger: logger))
                    }
                }
            )
            var limits = NIOHTTPDecoderLimitConfiguration()
            limits.maxHeaderFieldSize = configuration.httpDecoder.maxHeaderFieldSize
            limits.maxHeaderListSize = configuration.httpDecoder.maxHeaderListSize
            limits.maxHeaderFieldCount = configuration.httpDecoder.maxHeaderFieldCount
            let encoder = HTTPResponseEncoder(configuration: .init())
            let decoder = ByteToMessageHandler(
                HTTPRequestDecoder(leftOverBytesStrategy: .forwardBytes, limitConfiguration: limits)
            )
            // Beyond the connection ceiling with nothing idle to make room and no health-check slot
            // free: 503, without reading a request.
            let registry = self.registry
            let admission = registry.admit(channel, now: channel.eventLoop.now)
            guard admission != .refused else {
                try channel.pipeline.syncOperations.addHandler(HTTPResponseEncoder(configuration: .init()))
                try channel.pipeline.syncOperations.addHandler(HTTPConnectionRefusalHandler(refusal: .serverFull))
                return Value(channel: channel, outcome: channel.eventLoop.makeSucceededFuture(.refused))
            }
            channel.closeFuture.whenComplete { _ in registry.closed(channel) }
            // Timeouts and parse errors are answered right behind the decoder; both handlers leave with
            // it when the connection is upgraded.
            let connectionGuard = HTTPConnectionGuardHandler(
                timeouts: self.timeouts, registry: registry, admission: admission == .healthCheckOnly ? .healthCheckOnly : .regular
            )
            let byteWatcher = HTTPInboundByteWatcher(guardHandler: connectionGuard)
            let upgradeHandler = NIOTypedHTTPServerUpgradeHandler(
                httpEncoder: encoder,
                extraHTTPHandlers: [byteWatcher, decoder, connectionGuard],
                upgradeConfiguration: upgradeConfiguration
            )
            // NIO keeps each channel's last receive buffer for reuse, sized by the first reads. Starting at
            // 512 bytes (NIO's default is 2 KiB) keeps idle upgraded connections small; the allocator still
            // grows for connections that actually receive bulk data.
            try channel.syncOptions?.setOption(
                ChannelOptions.recvAllocator,
                value: AdaptiveRecvByteBufferAllocator(minimum: 64, initial: Self.initialReceiveBufferSize, maximum: 65536)
            )
            let sync = channel.pipeline.syncOperations
            try sync.addHandler(encoder)
            try sync.addHandler(byteWatcher)
            try sync.addHandler(decoder)
            try sync.addHandler(connectionGuard)
            try sync.addHandler(FirstRequestHeadRecorder(state: state))
            try sync.addHandler(upgradeHandler)
            return Value(channel: channel, outcome: upgradeHandler.upgradeResultFuture)
        }
    }

    /// The HTTP half of the pipeline, added behind the upgrade handler once it knows there is no upgrade.
    static func configureHTTP(
        channel: any Channel,
        state: NIOLoopBound<WebSocketUpgradeState>,
        configuration: HTTP1Channel.Configuration,
        logger: Logger
    ) throws -> NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart> {
        let sync = channel.pipeline.syncOperations
        let replay = RequestHeadReplayHandler(state: state)
        try sync.addHandler(replay)
        try sync.addHandler(HTTP1ToHTTPServerCodec(secure: false))
        try sync.addHandlers(configuration.additionalChannelHandlers())
        try sync.addHandler(HTTPConnectionStateHandler(idleTimeout: configuration.idleTimeout.map { .init($0) }, logger: logger))
        let asyncChannel = try NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>(
            wrappingChannelSynchronously: channel,
            configuration: .init(isOutboundHalfClosureEnabled: true)
        )
        replay.replayIfNeeded()
        return asyncChannel
    }

    public func handle(value: Value, logger: Logger) async {
        do {
            switch try await value.outcome.get() {
            case .http(let asyncChannel):
                await self.handleHTTP(asyncChannel: asyncChannel, logger: logger)
            case .webSocket, .refused:
                return
            }
        } catch {
            logger.debug("Connection setup failed: \(error)")
            value.channel.close(promise: nil)
        }
    }
}
