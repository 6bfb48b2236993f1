import ShiftyDomain

/// Every `code` a client can receive in a problem document or a live `error` message: the one list.
///
/// ``Problem`` only takes these, so a code cannot be thrown without being listed here, and a test
/// checks that each one is in openapi.yaml's list and has a sentence in the web page and in the
/// terminal client. The codes the server's own checks answer with are ``Server``; the domain's
/// refusals are the domain's own lists (`MarketplaceRefusal.Code`, `TimeOffRefusal.Code`), nested
/// here rather than copied, so a new refusal in the domain is a code clients receive without a
/// second case to write.
///
/// One rule for missing objects: anything named that does not exist in the caller's workplace (a
/// shift, deal, request, member, punch, kiosk, path id that is not a number …) answers 404
/// `not_found`, on GET and on every action alike; the `detail` says what was missing. An unknown
/// endpoint is `route_not_found`; a known one with a method it does not have is `method_not_allowed`
/// (405 with `Allow`).
public enum ProblemCode: Hashable, Sendable, CaseIterable, RawRepresentable {
    /// A code of the server's own checks.
    case server(Server)
    /// A marketplace refusal, under the domain's code. A missing shift, deal or request is not one
    /// of these but `.server(.notFound)` (``init(_:)``), so `shift_not_found` and its kin never
    /// reach a client and are not in the list.
    case marketplace(MarketplaceRefusal.Code)
    /// A time-off refusal, under the domain's code. The codes it shares with the server's own checks
    /// (`manager_only`, `not_found`, `validation_failed`) are those, listed once (see the initializer).
    case timeOff(TimeOffRefusal.Code)
    /// A kiosk refusal (setting up kiosks and PINs, a member identifying at a kiosk), under the
    /// domain's code; the codes it shares with the server's own checks are those.
    case kiosk(KioskRefusal.Code)
    /// A punch-edit refusal, under the domain's code; the codes it shares with the server's own
    /// checks are those.
    case punch(PunchRefusal.Code)
    /// An account refusal (onboarding, login, members, invites), under the domain's code; the codes
    /// it shares with the server's own checks are those.
    case account(AccountRefusal.Code)
    /// A password-reset refusal, under the domain's code; the codes it shares with the server's own
    /// checks are those.
    case passwordReset(PasswordResetRefusal.Code)

    /// The codes of the server's own checks (requests, sessions, schedule, timeclock, time off, the
    /// live stream, Web Push).
    public enum Server: String, CaseIterable, Sendable {
        // Requests in general.
        case badRequest = "bad_request"
        case malformedJSON = "malformed_json"
        case validationFailed = "validation_failed"
        case invalidParameter = "invalid_parameter"
        case unsupportedMediaType = "unsupported_media_type"
        case bodyTooLarge = "body_too_large"
        case methodNotAllowed = "method_not_allowed"
        case routeNotFound = "route_not_found"
        case notFound = "not_found"
        case httpError = "http_error"
        case internalError = "internal_error"
        case databaseUnavailable = "database_unavailable"
        case openAPIMissing = "openapi_missing"
        // Idempotency-Key (docs/idempotency.md).
        case idempotencyKeyInvalid = "idempotency_key_invalid"
        case idempotencyKeyInUse = "idempotency_key_in_use"
        case idempotencyKeyReused = "idempotency_key_reused"
        // The connection itself (answered before the router, then closed).
        case malformedRequest = "malformed_request"
        case requestHeadersTooLarge = "request_headers_too_large"
        case requestTimeout = "request_timeout"
        // Sessions and accounts.
        case unauthenticated
        case sessionExpired = "session_expired"
        case invalidCredentials = "invalid_credentials"
        case signupThrottled = "signup_throttled"
        case originNotAllowed = "origin_not_allowed"
        case managerOnly = "manager_only"
        case usernameTaken = "username_taken"
        case workplaceSlugTaken = "workplace_slug_taken"
        case emailDisabled = "email_disabled"
        /// A language the server has no catalogue for (`PUT /me/language`, workplace `settings.language`).
        case unknownLanguage = "unknown_language"
        // Schedule.
        case fixedShiftsManagedByManagers = "fixed_shifts_managed_by_managers"
        case invalidCSV = "invalid_csv"
        /// Approving, declining or withdrawing a fixed-shift request that is no longer pending.
        case fixedShiftRequestNotPending = "fixed_shift_request_not_pending"
        /// Approving a fixed-shift request that no longer applies (its fixed shift ended, the member left).
        case fixedShiftRequestOutdated = "fixed_shift_request_outdated"
        /// Changing a shift a draft removes (only taking the removal back applies).
        case shiftRemovedInDraft = "shift_removed_in_draft"
        /// Publishing a plan that changed since its publish preview (another manager drafted meanwhile).
        case planChangedSincePreview = "plan_changed_since_preview"
        /// Waiving a schedule-change ledger entry that is waived already.
        case ledgerEntryAlreadyWaived = "ledger_entry_already_waived"
        // Timeclock and kiosks.
        case kioskRequired = "kiosk_required"
        case kioskRevoked = "kiosk_revoked"
        case punchRepeated = "punch_repeated"
        case kioskNetworkRefused = "kiosk_network_refused"
        case timesheetLocked = "timesheet_locked"
        // Live stream.
        case websocketRequired = "websocket_required"
        case serverFull = "server_full"
        case shuttingDown = "shutting_down"
        case malformedMessage = "malformed_message"
        case unknownMessageType = "unknown_message_type"
        case unknownTopic = "unknown_topic"
        case forbiddenTopic = "forbidden_topic"
        case invalidResume = "invalid_resume"
        case binaryNotSupported = "binary_not_supported"
        case tooManyLiveConnections = "too_many_live_connections"
        // Web Push.
        case pushEndpointRefused = "push_endpoint_refused"
        /// Subscribing an endpoint that is another member's subscription (a subscription belongs to
        /// whoever made it; the browser subscribes afresh instead).
        case pushEndpointTaken = "push_endpoint_taken"
        /// A member with notifications on as many devices as allowed subscribing one more.
        case pushDeviceLimit = "push_device_limit"
    }

    /// The code a marketplace refusal answers with (missing objects follow the `not_found` rule).
    public init(_ refusal: MarketplaceRefusal.Code) {
        self = refusal.kind == .notFound ? .server(.notFound) : .marketplace(refusal)
    }

    /// The code a time-off refusal answers with: its own, or the server's of the same spelling.
    public init(_ refusal: TimeOffRefusal.Code) {
        self = Server(rawValue: refusal.rawValue).map(ProblemCode.server) ?? .timeOff(refusal)
    }

    /// The code a kiosk refusal answers with: its own, or the server's of the same spelling.
    public init(_ refusal: KioskRefusal.Code) {
        self = Server(rawValue: refusal.rawValue).map(ProblemCode.server) ?? .kiosk(refusal)
    }

    /// The code a punch-edit refusal answers with: its own, or the server's of the same spelling.
    public init(_ refusal: PunchRefusal.Code) {
        self = Server(rawValue: refusal.rawValue).map(ProblemCode.server) ?? .punch(refusal)
    }

    /// The code an account refusal answers with: its own, or the server's of the same spelling.
    public init(_ refusal: AccountRefusal.Code) {
        self = Server(rawValue: refusal.rawValue).map(ProblemCode.server) ?? .account(refusal)
    }

    /// The code a password-reset refusal answers with: its own, or the server's of the same spelling.
    public init(_ refusal: PasswordResetRefusal.Code) {
        self = Server(rawValue: refusal.rawValue).map(ProblemCode.server) ?? .passwordReset(refusal)
    }

    public init?(rawValue: String) {
        guard let code = Self.byRawValue[rawValue] else { return nil }
        self = code
    }

    public var rawValue: String {
        switch self {
        case .server(let code): code.rawValue
        case .marketplace(let code): code.rawValue
        case .timeOff(let code): code.rawValue
        case .kiosk(let code): code.rawValue
        case .punch(let code): code.rawValue
        case .account(let code): code.rawValue
        case .passwordReset(let code): code.rawValue
        }
    }

    /// Every code a client can receive: the server's own, then the marketplace's refusals that are
    /// not a missing object, then the own codes of time off, the kiosk, punch edits, accounts and
    /// password resets.
    public static let allCases: [ProblemCode] =
        Server.allCases.map(ProblemCode.server)
        + MarketplaceRefusal.Code.allCases.map(ProblemCode.init).filter { $0 != .server(.notFound) }
        + TimeOffRefusal.Code.allCases.map(ProblemCode.init).filter { if case .timeOff = $0 { true } else { false } }
        + KioskRefusal.Code.allCases.map(ProblemCode.init).filter { if case .kiosk = $0 { true } else { false } }
        + PunchRefusal.Code.allCases.map(ProblemCode.init).filter { if case .punch = $0 { true } else { false } }
        + AccountRefusal.Code.allCases.map(ProblemCode.init).filter { if case .account = $0 { true } else { false } }
        + PasswordResetRefusal.Code.allCases.map(ProblemCode.init).filter { if case .passwordReset = $0 { true } else { false } }

    private static let byRawValue = Dictionary(allCases.map { ($0.rawValue, $0) }, uniquingKeysWith: { first, _ in first })
}
