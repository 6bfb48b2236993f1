import ShiftyLive
import ShiftyPostgres
import ShiftyServerCore

extension ShiftyMetrics {
    /// Refreshes the gauges read from other components, then renders the text format.
    func render(hub: LiveHub, pool: PostgresPool) -> String {
        websocketConnections.record(hub.connectionCount)
        let statistics = pool.statistics
        poolOpen.record(statistics.open)
        poolInUse.record(statistics.inUse)
        poolWaiting.record(statistics.waiting)
        poolCapacity.record(statistics.maximum)
        databaseUnresponsive.record(pool.isServerUnresponsive ? 1 : 0)
        return registry.emitToString()
    }
}
