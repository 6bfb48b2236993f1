/// Whose keys a key is looked up among: a member's (requests with a session) or a kiosk's
/// (punches). Two callers may well pick the same key; each has their own.
enum IdempotencyScope: Sendable, Hashable {
    case member(Int64)
    case kiosk(Int64)

    /// For the advisory lock that makes concurrent requests with one key wait their turn.
    var lockText: String {
        switch self {
        case .member(let id): "member:\(id)"
        case .kiosk(let id): "kiosk:\(id)"
        }
    }
}
