import ShiftyDomain

extension Problem {
    /// Notification preferences that are not right: 422 naming the field, in the caller's language.
    package init(_ refusal: NotificationPreferencesRefusal) {
        switch refusal {
        case .unknownKind:
            let kinds = NotificationKind.allCases.filter(\.isConfigurable).map(\.rawValue).joined(separator: ", ")
            self = .invalid(refusal.field, ProblemText("server.invalid.notificationKind", ["kinds": kinds]))
        case .unknownChannel(_, let value):
            self = .invalid(refusal.field, ProblemText("server.invalid.notificationChannel", ["value": String(value.prefix(40))]))
        case .quietHoursEmpty:
            self = .invalid(refusal.field, ProblemText("server.invalid.quietHoursEmpty"))
        case .timeMalformed:
            self = .invalid(refusal.field, ProblemText("server.invalid.clockTime"))
        }
    }
}
