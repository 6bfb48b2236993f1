import Hummingbird
import ShiftyFeatures
import ShiftyServerCore

extension Problem {
    /// An address that is not one as the client sees it: a 422 naming the field and what is wrong.
    init(_ refused: EmailAddressRefused) {
        self = .invalid(refused.field, refused.refusal.description)
    }
}
