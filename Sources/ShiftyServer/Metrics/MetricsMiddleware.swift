import Hummingbird
import ShiftyFeatures
import ShiftyServerCore

/// Counts and times every HTTP request by method, route pattern and status.
struct MetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: ShiftyMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let started = ContinuousClock.now
        do {
            let response = try await next(request, context)
            record(request, context: context, status: Int(response.status.code), started: started)
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            record(request, context: context, status: Int(status), started: started)
            throw error
        }
    }

    private func record(_ request: Request, context: Context, status: Int, started: ContinuousClock.Instant) {
        // Unmatched paths share one series so scanners cannot create unbounded label values.
        let route = context.endpointPath ?? (status == 404 ? "unmatched" : "static")
        metrics.recordRequest(method: request.method.rawValue, route: route, status: status, elapsed: ContinuousClock.now - started)
    }
}
