import Foundation
import Hummingbird
import Logging
import ShiftyConnections
import ShiftyFeatures
import ShiftyLive
import ShiftyNotifications
import ShiftyPostgres
import ShiftyServerCore

/// Builds the Shifty HTTP application from its parts.
///
/// `shifty serve` and the integration tests both call ``build(configuration:pool:passwords:logger:)``,
/// so tests exercise the real router, middleware and services over real sockets.
public enum ShiftyApplication {
    public static func makeRouter(
        configuration: ServerConfiguration, pool: PostgresPool, passwords: PasswordService, logger: Logger,
        metrics: ShiftyMetrics = ShiftyMetrics(), hub: LiveHub = LiveHub(), keyring: PushKeyring? = nil
    ) -> Router<ShiftyRequestContext> {
        let router = Router(context: ShiftyRequestContext.self)
        let routeMethods = RouteMethodIndex()
        router.add(middleware: MetricsMiddleware(metrics: metrics))
        router.add(middleware: LanguageMiddleware())
        router.add(middleware: ProblemMiddleware(routeMethods: routeMethods, pool: pool))
        router.add(middleware: SecurityHeadersMiddleware())
        router.add(middleware: NULQueryMiddleware())

        let migrations = configuration.migrationsDirectory.map { MigrationRunner(directory: $0) }
        HealthRoutes(pool: pool, migrations: migrations, readinessTimeout: configuration.readinessTimeout).register(on: router)
        MetricsRoute(metrics: metrics, hub: hub, pool: pool).register(on: router)

        let api = router.group("api/v1")
        let authenticator = Authenticator(pool: pool, originPolicy: OriginPolicy(allowedOrigins: configuration.allowedOrigins))
        let kioskAuthenticator = KioskAuthenticator(
            pool: pool, originPolicy: authenticator.originPolicy, trustedProxies: Set(configuration.trustedProxies))
        // Before any route: a group's middleware applies to the routes added after it.
        api.add(middleware: IdempotencyMiddleware(pool: pool, authenticator: authenticator, kioskAuthenticator: kioskAuthenticator))
        // Who may call a route is where it is registered (anyone, members, managers, kiosks).
        let groups = APIGroups(api: api, authenticator: authenticator, kioskAuthenticator: kioskAuthenticator)
        let accounts = AccountService(pool: pool, passwords: passwords, configuration: configuration)
        let accountRoutes = AccountRoutes(accounts: accounts, originPolicy: authenticator.originPolicy, configuration: configuration)
        accountRoutes.register(on: groups)
        ShiftRoutes(pool: pool, logger: logger, clock: configuration.clock).register(on: groups)
        TimeclockRoutes(pool: pool, passwords: passwords, configuration: configuration).register(on: groups)
        NowRoutes(pool: pool).register(on: groups)
        QualificationRoutes(service: QualificationService(pool: pool)).register(on: groups)
        CoverageRoutes(service: CoverageService(pool: pool)).register(on: groups)
        WageRoutes(service: WageService(pool: pool, clock: configuration.clock)).register(on: groups)
        LedgerRoutes(service: ScheduleLedgerService(pool: pool, clock: configuration.clock)).register(on: groups)
        TimeOffRoutes(timeOff: TimeOffService(pool: pool), availability: AvailabilityService(pool: pool)).register(on: groups)
        FixedShiftRequestRoutes(requests: FixedShiftRequestService(pool: pool)).register(on: groups)
        CalendarFeedRoutes(pool: pool, configuration: configuration).register(on: router, api: groups)
        LiveRoutes(authenticator: authenticator, hub: hub).register(on: groups)
        NotificationRoutes(pool: pool).register(on: groups)
        let pushKeyring = keyring ?? PushKeyring(pool: pool)
        NotificationPreferenceRoutes(
            pool: pool, channels: Set(configuration.notificationSenders(pool: pool, keyring: pushKeyring).map(\.channel))
        ).register(on: groups)
        PasswordResetRoutes(
            service: PasswordResetService(pool: pool, passwords: passwords, configuration: configuration), accountRoutes: accountRoutes
        ).register(on: groups)
        PushRoutes(pool: pool, keyring: pushKeyring, policy: configuration.pushEndpoints).register(on: groups)
        OpenAPIRoute(document: configuration.openAPIDocument ?? ResourceLocator.locate("openapi.yaml", environmentVariable: "SHIFTY_OPENAPI")).register(on: api)

        if let webRoot = configuration.webRoot {
            router.add(middleware: WebAssetsMiddleware(root: webRoot, logger: logger, fileStreams: configuration.descriptorBudget.fileStreams))
        }
        // Every route is registered: 405 with `Allow` follows them from here on.
        routeMethods.install(from: router)
        return router
    }

    /// The application listening on `configuration.host:port`.
    public static func build(
        configuration: ServerConfiguration, pool: PostgresPool, passwords: PasswordService, logger: Logger,
        metrics: ShiftyMetrics = ShiftyMetrics(),
        onServerRunning: (@Sendable (Int) async -> Void)? = nil
    ) -> some ApplicationProtocol {
        let hub = LiveHub(limits: configuration.liveLimits)
        let keyring = PushKeyring(pool: pool)
        let router = makeRouter(configuration: configuration, pool: pool, passwords: passwords, logger: logger, metrics: metrics, hub: hub, keyring: keyring)
        let nowBoard = NowBoardPublisher(pool: pool, sink: hub, logger: logger)
        let live = LiveServices(
            hub: hub, pool: pool, retentionDays: configuration.eventRetentionDays, logger: logger, metrics: metrics,
            nowBoard: { try? await nowBoard.message(workplaceID: $0) })
        let endpoint = LiveEndpoint(services: live, originPolicy: OriginPolicy(allowedOrigins: configuration.allowedOrigins))
        var listenerConfiguration = pool.configuration
        listenerConfiguration.applicationName = "shifty-listen \(configuration.instanceName)"
        let wakeup = configuration.notificationWakesOnEvents ? NotificationWakeup() : nil
        let feed = LiveEventFeed(
            hub: hub, pool: pool, listenerConfiguration: listenerConfiguration, logger: logger,
            metrics: metrics, retentionDays: configuration.eventRetentionDays, pollInterval: configuration.livePollInterval,
            listenerHeartbeat: configuration.listenerHeartbeat, notificationWakeup: wakeup)
        let descriptors = configuration.descriptorBudget
        logger.info(
            "descriptor budget",
            metadata: [
                "limit": "\(descriptors.limit)", "connections": "\(descriptors.connectionCeiling)",
                "sockets": "\(descriptors.acceptCeiling)", "reserve": "\(descriptors.processReserve + descriptors.fileStreams)",
            ])
        return Application(
            router: router,
            server: .http1WithWebSocket(
                timeouts: configuration.httpTimeouts,
                registry: HTTPConnectionRegistry(budget: descriptors)
            ) { head, channel, logger in
                await endpoint.decide(head, channel: channel, logger: logger)
            },
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port), serverName: "Shifty",
                availableConnectionsDelegate: SocketAcceptGate(ceiling: descriptors.acceptCeiling)
            ),
            services: [
                ScheduleMaintenanceService(
                    pool: pool, logger: logger, clock: configuration.clock, expiryInterval: configuration.dealExpiryInterval,
                    housekeeping: IdempotencyStore.sweeper(pool)),
                feed, ShiftReminderService(pool: pool, logger: logger), nowBoard,
                NotificationDeliveryService(
                    pool: pool, senders: configuration.notificationSenders(pool: pool, keyring: keyring), links: configuration.notificationLinks, logger: logger,
                    interval: configuration.notificationInterval, lease: configuration.notificationLease, wakeup: wakeup),
            ],
            onServerRunning: { channel in await onServerRunning?(channel.localAddress?.port ?? 0) },
            logger: logger
        )
    }
}
