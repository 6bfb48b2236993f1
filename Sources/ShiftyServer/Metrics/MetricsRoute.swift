import Hummingbird
import ShiftyLive
import ShiftyPostgres
import ShiftyServerCore

/// `GET /metrics`: the Prometheus text format of this instance. Not meant to be public: the shipped
/// nginx configuration does not proxy it (scrape each instance's own port).
struct MetricsRoute {
    let metrics: ShiftyMetrics
    let hub: LiveHub
    let pool: PostgresPool

    func register(on router: Router<ShiftyRequestContext>) {
        router.get("metrics") { _, _ in
            var headers = HTTPFields()
            headers[.contentType] = "text/plain; version=0.0.4; charset=utf-8"
            headers[.cacheControl] = "no-store"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: metrics.render(hub: hub, pool: pool))))
        }
    }
}
