/// Why a kiosk records nothing for a member's tap (``KioskPunch/decide(action:last:now:)``).
///
/// The member is not named here: the server knows who tapped and writes the sentence.
public enum KioskPunchRefusal: Error, Sendable, Hashable {
    /// A second tap within ``KioskPunch/repeatWindow`` of the `last` punch, made `secondsAgo`:
    /// a double tap, not a check-out straight after the check-in.
    case repeated(last: Punch.Kind, secondsAgo: Int)
    /// A break asked for while the member is not checked in.
    case breakWithoutSession
    /// A break asked for while the member is already on one.
    case alreadyOnBreak
    /// The end of a break asked for while the member is not on one.
    case notOnBreak
}
