import ShiftyNotifications

/// An e-mail address a member typed that is not one (the notifications' rule, ``EmailAddress``),
/// with the field it came in: what `AccountValidation.email` throws, for the edge to answer.
package struct EmailAddressRefused: Error, Sendable {
    package var field: String
    package var refusal: EmailAddress.Refusal
}
