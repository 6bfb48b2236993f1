import ShiftyDomain

/// Every `code` a client can receive in a problem document or a live `error` message: the one list.
///
/// ``Problem`` only takes these, so a code cannot be thrown without being listed here, and a test
/// checks that each one is in openapi.yaml's list and has a sentence in the web page and in the
/// terminal client. Marketplace refusals map onto it with an exhaustive switch
/// (``init(_:)``), so a new refusal in the domain does not compile until it has a code here.
///
/// One rule for missing objects: anything named that does not exist in the caller's workplace (a
/// shift, deal, request, member, punch, kiosk, path id that is not a number …) answers 404
/// `not_found`, on GET and on every action alike; the `detail` says what was missing. An unknown
/// endpoint is `route_not_found`; a known one with a method it does not have is `method_not_allowed`
/// (405 with `Allow`).
public enum ProblemCode: String, CaseIterable, Sendable {
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
    case loginThrottled = "login_throttled"
    case passwordChangeThrottled = "password_change_throttled"
    case signupThrottled = "signup_throttled"
    case originNotAllowed = "origin_not_allowed"
    case managerOnly = "manager_only"
    case wrongPassword = "wrong_password"
    case signupDisabled = "signup_disabled"
    case inviteInvalid = "invite_invalid"
    case usernameTaken = "username_taken"
    case workplaceSlugTaken = "workplace_slug_taken"
    case lastManager = "last_manager"
    case resetLinkInvalid = "reset_link_invalid"
    case resetThrottled = "reset_throttled"
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
    // Timeclock and kiosks.
    case kioskRequired = "kiosk_required"
    case kioskRevoked = "kiosk_revoked"
    case kioskThrottled = "kiosk_throttled"
    /// A kiosk's budget for PINs typed without a name is used up: the member taps their name first.
    case kioskPinOnlyPaused = "kiosk_pin_only_paused"
    case punchInFuture = "punch_in_future"
    case punchRepeated = "punch_repeated"
    case pinTaken = "pin_taken"
    case kioskNetworkRefused = "kiosk_network_refused"
    case timesheetLocked = "timesheet_locked"
    // Time off.
    /// Approving or declining a time-off request that is no longer pending.
    case timeOffNotPending = "time_off_not_pending"
    /// Withdrawing a time-off request that was already declined or withdrawn.
    case timeOffNotWithdrawable = "time_off_not_withdrawable"
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
    // Marketplace refusals (MarketplaceRefusal.Code).
    case notShiftOwner = "not_shift_owner"
    case ownShift = "own_shift"
    case shiftInPast = "shift_in_past"
    case shiftNotSupplied = "shift_not_supplied"
    case shiftNoLongerAvailable = "shift_no_longer_available"
    case shiftInPendingDeal = "shift_in_pending_deal"
    case shiftNotScheduled = "shift_not_scheduled"
    case shiftNotSuggested = "shift_not_suggested"
    case shiftCancelled = "shift_cancelled"
    case shiftUnassigned = "shift_unassigned"
    case overlappingShift = "overlapping_shift"
    case oneShiftPerDay = "one_shift_per_day"
    case notQualified = "not_qualified"
    case shiftTooLong = "shift_too_long"
    case weeklyHoursExceeded = "weekly_hours_exceeded"
    case restTooShort = "rest_too_short"
    case tooManyConsecutiveDays = "too_many_consecutive_days"
    case onTimeOff = "on_time_off"
    case unavailable = "unavailable"
    case userInactive = "user_inactive"
    case counterpartyInactive = "counterparty_inactive"
    case notAManager = "not_a_manager"
    case dealNotPending = "deal_not_pending"
    case dealNotProposed = "deal_not_proposed"
    case dealExpired = "deal_expired"
    case dealNotExpired = "deal_not_expired"
    case notInvolvedInDeal = "not_involved_in_deal"
    case notSwapCounterparty = "not_swap_counterparty"
    case swapWithOwnShift = "swap_with_own_shift"
    case requestNotOpen = "request_not_open"
    case notRequestOwner = "not_request_owner"
    case ownRequest = "own_request"
    case requestDateInPast = "request_date_in_past"
    case noRequestDates = "no_request_dates"
    case tooManyRequestDates = "too_many_request_dates"
    case duplicateRequestDate = "duplicate_request_date"
    case requestAlreadyOpen = "request_already_open"
    case wrongDateForRequest = "wrong_date_for_request"
    case noteTooLong = "note_too_long"
    case overrideReasonRequired = "override_reason_required"
    // Web Push.
    case pushEndpointRefused = "push_endpoint_refused"
    /// Subscribing an endpoint that is another member's subscription (a subscription belongs to
    /// whoever made it; the browser subscribes afresh instead).
    case pushEndpointTaken = "push_endpoint_taken"
    /// A member with notifications on as many devices as allowed subscribing one more.
    case pushDeviceLimit = "push_device_limit"

    /// The code a marketplace refusal answers with (missing objects follow the `not_found` rule).
    public init(_ refusal: MarketplaceRefusal.Code) {
        switch refusal {
        case .shiftNotFound, .dealNotFound, .requestNotFound: self = .notFound
        case .notShiftOwner: self = .notShiftOwner
        case .ownShift: self = .ownShift
        case .shiftInPast: self = .shiftInPast
        case .shiftNotSupplied: self = .shiftNotSupplied
        case .shiftNoLongerAvailable: self = .shiftNoLongerAvailable
        case .shiftInPendingDeal: self = .shiftInPendingDeal
        case .shiftNotScheduled: self = .shiftNotScheduled
        case .shiftNotSuggested: self = .shiftNotSuggested
        case .shiftCancelled: self = .shiftCancelled
        case .shiftUnassigned: self = .shiftUnassigned
        case .overlappingShift: self = .overlappingShift
        case .oneShiftPerDay: self = .oneShiftPerDay
        case .notQualified: self = .notQualified
        case .shiftTooLong: self = .shiftTooLong
        case .weeklyHoursExceeded: self = .weeklyHoursExceeded
        case .restTooShort: self = .restTooShort
        case .tooManyConsecutiveDays: self = .tooManyConsecutiveDays
        case .onTimeOff: self = .onTimeOff
        case .unavailable: self = .unavailable
        case .userInactive: self = .userInactive
        case .counterpartyInactive: self = .counterpartyInactive
        case .notAManager: self = .notAManager
        case .dealNotPending: self = .dealNotPending
        case .dealNotProposed: self = .dealNotProposed
        case .dealExpired: self = .dealExpired
        case .dealNotExpired: self = .dealNotExpired
        case .notInvolvedInDeal: self = .notInvolvedInDeal
        case .notSwapCounterparty: self = .notSwapCounterparty
        case .swapWithOwnShift: self = .swapWithOwnShift
        case .requestNotOpen: self = .requestNotOpen
        case .notRequestOwner: self = .notRequestOwner
        case .ownRequest: self = .ownRequest
        case .requestDateInPast: self = .requestDateInPast
        case .noRequestDates: self = .noRequestDates
        case .tooManyRequestDates: self = .tooManyRequestDates
        case .duplicateRequestDate: self = .duplicateRequestDate
        case .requestAlreadyOpen: self = .requestAlreadyOpen
        case .wrongDateForRequest: self = .wrongDateForRequest
        case .noteTooLong: self = .noteTooLong
        case .overrideReasonRequired: self = .overrideReasonRequired
        }
    }
}
