import ShiftyNotifications

/// An e-mail address a member typed that is not one (the notifications' rule, ``EmailAddress``),
/// with the field it came in: what `AccountValidation.email` throws, for the edge to answer.
struct EmailAddressRefused: Error, Sendable {
    var field: String
    var refusal: EmailAddress.Refusal
}
