import ArgumentParser
import Foundation
import Logging
import ServiceLifecycle
import ShiftyFeatures
import ShiftyPostgres
import ShiftySecurity
import ShiftyServer
import ShiftyServerCore

/// `shifty serve`: migrate, optionally seed the demo, and serve HTTP until SIGINT/SIGTERM.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the Shifty server.",
        discussion: "Without --database-url (or DATABASE_URL) Shifty starts its own private PostgreSQL cluster in --data-dir."
    )

    @OptionGroup var server: ServerOptions

    @Flag(name: .customLong("demo"), help: "Seed the demo workplace (idempotent) and print how to log in. Implies --allow-signup.")
    var demo = false

    func run() async throws {
        var configuration = try server.configuration()
        configuration.demo = demo
        if demo { configuration.allowSignup = true }
        let logger = server.logger()
        try await ServerRunner.run(configuration: configuration, logger: logger)
    }
}

/// The start-up sequence shared by `serve`, separated from argument parsing.
enum ServerRunner {
    static func run(configuration: ServerConfiguration, logger: Logger) async throws {
        let metrics = ShiftyMetrics()
        try await DatabaseSession.run(
            configuration: configuration, logger: logger, poolSize: configuration.databasePoolSize, queryObserver: metrics.queryObserver
        ) { pool in
            if configuration.migrateOnStart, let directory = configuration.migrationsDirectory {
                let applied = try await MigrationRunner(directory: directory).migrate(pool: pool, logger: logger)
                logger.info("migrations up to date", metadata: ["applied_now": "\(applied.count)"])
            }
            let passwords = try PasswordService(parameters: configuration.argon2)
            do {
                if configuration.demo {
                    try await DemoSeeder(pool: pool, passwords: passwords).seed(logger: logger)
                }
                let demo = configuration.demo
                let app = ShiftyApplication.build(
                    configuration: configuration, pool: pool, passwords: passwords, logger: logger, metrics: metrics,
                    onServerRunning: { port in
                        if let smtp = configuration.smtp {
                            print("E-mail: on, through \(smtp.redactedURL) from \(smtp.from); links point at \(configuration.notificationLinks.publicURL)")
                        } else {
                            print("E-mail: off (no --smtp-url); notifications stay in the page. Mails would go through --smtp-url smtp://user:password@host:587")
                        }
                        if demo {
                            print(DemoSeeder.loginInstructions(url: "http://\(configuration.host):\(port)"))
                            fflush(nil)
                        }
                    }
                )
                // SIGTERM/SIGINT: stop accepting, close live connections with 1001, finish requests; after
                // the deadline whatever is left is cancelled so the process always exits.
                var group = ServiceGroupConfiguration(services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
                group.maximumGracefulShutdownDuration = configuration.shutdownTimeout
                group.maximumCancellationDuration = .seconds(2)
                try await ServiceGroup(configuration: group).run()
                logger.info("stopped", metadata: ["instance": "\(configuration.instanceName)"])
            } catch {
                try? await passwords.shutdown()
                throw error
            }
            try? await passwords.shutdown()
        }
    }
}
