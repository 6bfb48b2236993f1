/// The SQLSTATE codes Shifty reacts to, by name, so callers can `switch` instead of comparing strings.
///
/// Everything else is kept verbatim in ``other(_:)``.
public enum PostgresSQLState: Sendable, Hashable, CustomStringConvertible {
    case uniqueViolation
    case foreignKeyViolation
    case checkViolation
    case notNullViolation
    case exclusionViolation
    case serializationFailure
    case deadlockDetected
    case queryCanceled
    case adminShutdown
    case crashShutdown
    case cannotConnectNow
    case readOnlySQLTransaction
    case lockNotAvailable
    case undefinedTable
    case syntaxError
    case invalidTextRepresentation
    case raiseException
    case other(String)

    public init(code: String) {
        switch code {
        case "23505": self = .uniqueViolation
        case "23503": self = .foreignKeyViolation
        case "23514": self = .checkViolation
        case "23502": self = .notNullViolation
        case "23P01": self = .exclusionViolation
        case "40001": self = .serializationFailure
        case "40P01": self = .deadlockDetected
        case "57014": self = .queryCanceled
        case "57P01": self = .adminShutdown
        case "57P02": self = .crashShutdown
        case "57P03": self = .cannotConnectNow
        case "25006": self = .readOnlySQLTransaction
        case "55P03": self = .lockNotAvailable
        case "42P01": self = .undefinedTable
        case "42601": self = .syntaxError
        case "22P02": self = .invalidTextRepresentation
        case "P0001": self = .raiseException
        default: self = .other(code)
        }
    }

    /// The five-character SQLSTATE code.
    public var code: String {
        switch self {
        case .uniqueViolation: "23505"
        case .foreignKeyViolation: "23503"
        case .checkViolation: "23514"
        case .notNullViolation: "23502"
        case .exclusionViolation: "23P01"
        case .serializationFailure: "40001"
        case .deadlockDetected: "40P01"
        case .queryCanceled: "57014"
        case .adminShutdown: "57P01"
        case .crashShutdown: "57P02"
        case .cannotConnectNow: "57P03"
        case .readOnlySQLTransaction: "25006"
        case .lockNotAvailable: "55P03"
        case .undefinedTable: "42P01"
        case .syntaxError: "42601"
        case .invalidTextRepresentation: "22P02"
        case .raiseException: "P0001"
        case .other(let code): code
        }
    }

    /// Class 23: the statement broke a constraint; the caller usually maps this to a 409/422.
    public var isIntegrityConstraintViolation: Bool { code.hasPrefix("23") }

    /// Failures after which re-running the whole transaction may succeed.
    public var isTransactionRetryable: Bool {
        self == .serializationFailure || self == .deadlockDetected
    }

    /// The server this connection reached cannot take writes or is going away: a standby (25006 after a
    /// failover turned the node into a secondary), a shutdown (57P01, 57P02) or a server still starting
    /// (57P03). The connection must be replaced; with a multi-host connection string and
    /// `target_session_attrs=read-write` the new one finds the current primary.
    public var meansServerUnavailable: Bool {
        switch self {
        case .readOnlySQLTransaction, .adminShutdown, .crashShutdown, .cannotConnectNow: true
        default: code.hasPrefix("08")
        }
    }

    public var description: String { code }
}
