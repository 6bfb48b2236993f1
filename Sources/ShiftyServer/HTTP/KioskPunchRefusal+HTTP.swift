import Hummingbird
import ShiftyDomain
import ShiftyFeatures
import ShiftyServerCore

extension Problem {
    /// The problem a refused punch answers with: a double tap is 409 `punch_repeated`; a break
    /// the member's state does not allow is a 422 on the `action` field.
    init(_ refused: RefusedPunch) {
        let name = refused.memberName
        switch refused.refusal {
        case .repeated(let last, let seconds):
            self.init(
                .conflict, code: .punchRepeated,
                detail: "\(name) was already \(Self.describe(last)) \(seconds) seconds ago; nothing was recorded.")
        case .breakWithoutSession:
            self = .invalid("action", "\(name) is not checked in, so a break cannot start")
        case .alreadyOnBreak:
            self = .invalid("action", "\(name) is already on a break")
        case .notOnBreak:
            self = .invalid("action", "\(name) is not on a break")
        }
    }

    /// The member's state after a punch of `kind`, as the double-tap sentence says it.
    private static func describe(_ kind: Punch.Kind) -> String {
        switch kind {
        case .checkIn: "checked in"
        case .checkOut: "checked out"
        case .breakStart: "on a break"
        case .breakEnd: "back from a break"
        }
    }
}
