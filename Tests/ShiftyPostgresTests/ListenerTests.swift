import Foundation
@testable import ShiftyPostgres
import Testing

@Suite("LISTEN/NOTIFY on a dedicated connection")
struct ListenerTests {
    @Test func deliversNotificationsAndReconnectsAfterTermination() async throws {
        try await withTestDatabase(migrations: nil) { database in
            let channel = "shifts_\(UUID().uuidString.prefix(8).lowercased())"
            // No heartbeat for an hour: at the end the thread sits in poll() with nothing due, and only
            // shutdown's wake-up can end it.
            let listener = PostgresListener(
                configuration: PostgresConfiguration(connectionString: database.connectionString),
                channels: [channel, "not a valid; channel"],
                logger: testLogger,
                heartbeatInterval: .seconds(3600)
            )
            #expect(listener.channels == [channel])
            let collector = EventCollector()
            await collector.start(listener.events())

            let connected = await collector.first { if case .connected = $0 { true } else { false } }
            guard case .connected(let firstPID) = connected else {
                Issue.record("listener never connected")
                await listener.shutdown()
                return
            }

            let sender = try await database.pool.withConnection { connection in
                try connection.execute("SELECT pg_notify($1, $2)", [channel, "payload ü 1"])
                return connection.backendPID
            }
            let first = await collector.first { if case .notification = $0 { true } else { false } }
            #expect(first == .notification(channel: channel, payload: "payload ü 1", backendPID: sender))

            // Kill the listener's session: it must come back by itself.
            try await database.pool.execute("SELECT pg_terminate_backend($1, 5000)", [firstPID])
            let reconnected = await collector.first { if case .reconnected = $0 { true } else { false } }
            guard case .reconnected(let secondPID) = reconnected else {
                Issue.record("listener did not reconnect")
                await listener.shutdown()
                return
            }
            #expect(secondPID != firstPID)
            #expect(listener.backendPID == secondPID)

            try await database.pool.execute("NOTIFY \(sql: channel), 'after reconnect'")
            let second = await collector.first {
                if case .notification(_, "after reconnect", _) = $0 { true } else { false }
            }
            #expect(second != nil)

            // A late subscriber learns that the listener is connected.
            let lateCollector = EventCollector()
            await lateCollector.start(listener.events())
            #expect(await lateCollector.first { $0 == .connected(backendPID: secondPID) } != nil)

            #expect(await finishes { await listener.shutdown() }, "shutdown must wake the thread from poll()")
            #expect(listener.backendPID == nil)
        }
    }

    @Test func burstsArriveCompleteAndInOrder() async throws {
        try await withTestDatabase(migrations: nil) { database in
            let listener = PostgresListener(
                configuration: PostgresConfiguration(connectionString: database.connectionString),
                channels: ["burst_a", "burst_b"],
                logger: testLogger
            )
            let collector = EventCollector()
            await collector.start(listener.events())
            #expect(await collector.first { if case .connected = $0 { true } else { false } } != nil)
            // One transaction: delivered together at commit, in the order they were sent.
            try await database.pool.transaction { connection in
                for index in 0..<200 {
                    try connection.execute("SELECT pg_notify($1, $2)", [index % 2 == 0 ? "burst_a" : "burst_b", String(index)])
                }
            }
            try await database.pool.execute("NOTIFY burst_a, 'done'")
            #expect(await collector.first { if case .notification(_, "done", _) = $0 { true } else { false } } != nil)
            let payloads = await collector.events.compactMap { event -> String? in
                guard case .notification(_, let payload, _) = event, payload != "done" else { return nil }
                return payload
            }
            #expect(payloads == (0..<200).map(String.init))
            await listener.shutdown()
        }
    }

    @Test func channelNamesAreValidated() {
        #expect(PostgresListener.isValidChannelName("shift_events"))
        #expect(PostgresListener.isValidChannelName("_x9"))
        #expect(!PostgresListener.isValidChannelName("9lives"))
        #expect(!PostgresListener.isValidChannelName("a; DROP TABLE x"))
        #expect(!PostgresListener.isValidChannelName("quote\"d"))
        #expect(!PostgresListener.isValidChannelName(""))
        #expect(!PostgresListener.isValidChannelName(String(repeating: "a", count: 64)))
    }

    @Test func shutdownWakesAListenerThatCannotConnect() async throws {
        let directory = try makeTemporaryDirectory("shifty-no-server")
        defer { try? FileManager.default.removeItem(at: directory) }
        // After its first failed attempt the listener pauses for an hour; only shutdown's wake-up can
        // end that pause within the hang guard.
        let listener = PostgresListener(
            configuration: PostgresConfiguration(connectionString: "host=\(directory.path) dbname=nothing"),
            channels: ["events"],
            logger: testLogger,
            heartbeatInterval: .seconds(5), heartbeatTimeout: .seconds(5),
            backoff: (initial: .seconds(3600), maximum: .seconds(3600))
        )
        // Give it time to fail its first attempt and start the pause (shutdown during the attempt
        // would pass without proving anything, never fail).
        try await Task.sleep(for: .milliseconds(500))
        #expect(await finishes { await listener.shutdown() }, "shutdown must wake the listener from its reconnection pause")
    }
}
