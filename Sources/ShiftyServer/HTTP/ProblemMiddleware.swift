import Foundation
import Hummingbird
import Logging
import ShiftyDomain
import ShiftyEvents
import ShiftyFeatures
import ShiftyPostgres
import ShiftySecurity
import ShiftyServerCore

/// Turns every error that escapes a route into a problem document, and logs each request.
///
/// This is the one place that decides what a client sees when something fails: our own
/// ``Problem``s pass through, Hummingbird's HTTP errors (unknown route, body too large) become
/// problems with stable codes, and anything unexpected becomes a 500 that reveals nothing.
public struct ProblemMiddleware: RouterMiddleware {
    public typealias Context = ShiftyRequestContext

    /// Turns "no route" into 405 with `Allow` when the path has routes for other methods.
    let routeMethods: RouteMethodIndex?
    /// Where the members a refusal names are looked up (``MemberNames``); nil: nobody is named.
    let pool: PostgresPool?

    public init() {
        self.routeMethods = nil
        self.pool = nil
    }

    init(routeMethods: RouteMethodIndex, pool: PostgresPool) {
        self.routeMethods = routeMethods
        self.pool = pool
    }

    public func handle(
        _ request: Request, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let started = ContinuousClock.now
        let response: Response
        let workplace = RequestWorkplace()
        do {
            response = try await RequestWorkplace.$current.withValue(workplace) { try await next(request, context) }
        } catch {
            var problem = await RequestWorkplace.$current.withValue(workplace) {
                await MemberNames.naming(Self.problem(for: error, request: request, context: context), pool: pool)
            }
            var allow: String?
            if problem.code == ProblemCode.Server.routeNotFound.rawValue, let routeMethods,
               let methods = await routeMethods.allow(for: request, context: context),
               !methods.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == request.method.rawValue }) {
                problem = Problem(.methodNotAllowed, code: .methodNotAllowed, text: .init("server.problem.method_not_allowed.detail"))
                allow = methods
            }
            var answer = problem.localized(to: RequestLanguage.resolved).response()
            if let allow { answer.headers[.allow] = allow }
            response = answer
        }
        var logged = response
        logged.headers[.init("X-Request-ID")!] = context.id
        let elapsed = ContinuousClock.now - started
        context.logger.info(
            "\(request.method) \(Self.loggable(request.uri.path)) \(response.status.code)",
            metadata: ["duration_ms": "\(Self.milliseconds(elapsed))"]
        )
        return logged
    }

    /// The path as logs may show it: calendar feed URLs carry their secret token in the path, so it
    /// is cut out (logs are read by more people than the token's owner).
    static func loggable(_ path: String) -> String {
        path.hasPrefix("/calendar/") ? "/calendar/[token]" : path
    }

    static func milliseconds(_ duration: Duration) -> String {
        let value = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        return String(format: "%.2f", value)
    }

    /// Retry-After of `database_unavailable`: a failover completes in a few seconds, a client that
    /// comes back after two usually finds the new primary (or gets another 503 cheaply).
    static let databaseRetryAfterSeconds = 2

    static func problem(for error: any Error, request: Request, context: Context) -> Problem {
        switch error {
        case let problem as Problem:
            return problem
        case let refusal as MarketplaceRefusal:
            return Problem(refusal)
        case let refusal as TimeOffRefusal:
            return Problem(refusal)
        case let refusal as ClosedDayRefusal:
            return Problem(refusal)
        case let refusal as FixedShiftRequestRefusal:
            return Problem(refusal)
        case let refusal as FixedShiftDraftRefusal:
            return Problem(refusal)
        case let refusal as TimesheetRefusal:
            return Problem(refusal)
        case let refused as RefusedPunch:
            return Problem(refused)
        case let refusal as KioskRefusal:
            return Problem(refusal)
        case let refusal as PunchRefusal:
            return Problem(refusal)
        case let refusal as EmploymentRefusal:
            return Problem(refusal)
        case let refusal as TimeclockRulesRefusal:
            return Problem(refusal)
        case let refusal as ShiftRefusal:
            return Problem(refusal)
        case let refusal as PlanRefusal:
            return Problem(refusal)
        case let refusal as QualificationRefusal:
            return Problem(refusal)
        case let refusal as CoverageNeedListRefusal:
            return Problem(refusal)
        case let refusal as WageRefusal:
            return Problem(refusal)
        case let refusal as LabourBudgetRefusal:
            return Problem(refusal)
        case let refusal as LedgerRefusal:
            return Problem(refusal)
        case let refusal as AvailabilityRefusal:
            return Problem(refusal)
        case let refusal as ReportRefusal:
            return Problem(refusal)
        case let refusal as MarketplaceQueryRefusal:
            return Problem(refusal)
        case let refusal as AccountRefusal:
            return Problem(refusal)
        case let refusal as PasswordResetRefusal:
            return Problem(refusal)
        case let refusal as PasswordRefusal:
            return Problem(refusal)
        case let refusal as NotificationPreferencesRefusal:
            return Problem(refusal)
        case let refusal as LanguageRefusal:
            return Problem(refusal)
        case is ManagerOnlyRefusal:
            return .managerOnly
        case let refused as EmailAddressRefused:
            return Problem(refused)
        case let error as StoreError:
            return Problem(error)
        case let error as DecodingError:
            // A JSON value a feature decodes itself (a settings patch) that is not right.
            return Problem(decoding: error)
        case let error as HTTPError:
            return problem(for: error)
        case let error as PostgresError where error.isConnectionProblem:
            context.logger.error("database unavailable: \(error)")
            return Problem(
                .serviceUnavailable, code: .databaseUnavailable,
                text: .init("server.problem.database_unavailable.detail"),
                retryAfterSeconds: databaseRetryAfterSeconds
            )
        default:
            context.logger.error("unhandled error on \(request.method) \(loggable(request.uri.path)): \(String(reflecting: error))")
            return Problem(.internalServerError, code: .internalError, text: .init("server.problem.internal_error.detail"))
        }
    }

    static func problem(for error: HTTPError) -> Problem {
        switch error.status {
        case .notFound:
            return Problem(.notFound, code: .routeNotFound, text: .init("server.problem.route_not_found.detail"))
        case .contentTooLarge:
            return Problem(.contentTooLarge, code: .bodyTooLarge, text: .init("server.problem.body_too_large.detail"))
        case .methodNotAllowed:
            return Problem(.methodNotAllowed, code: .methodNotAllowed, text: .init("server.problem.method_not_allowed.detail"))
        case .badRequest:
            // Hummingbird's own sentence, when it gives one, is English only; without one the reader's language says it.
            guard let body = error.body else { return Problem(.badRequest, code: .badRequest, text: .init("server.problem.bad_request.detail")) }
            return Problem(.badRequest, code: .badRequest, detail: body)
        default:
            return Problem(error.status, code: .httpError, detail: error.body ?? error.status.reasonPhrase)
        }
    }
}
