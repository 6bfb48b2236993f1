/// How the marketplace's loader reads the rows a decision looks at.
///
/// An action locks them (`FOR UPDATE`, in id order) so two decisions about the same shift, deal or
/// member run one after the other and the second decides on the first one's result. A preview
/// only asks what the decider would answer: it reads the same rows from one snapshot without
/// locking, so the marketplace page asking about every shift on offer never queues behind, or
/// holds up, a real pick-up.
enum MarketplaceLoad: Sendable {
    case forAction
    case forPreview

    /// The clause that ends a statement reading rows of `table` (`FOR UPDATE OF d` for a join).
    func lockClause(of table: String? = nil) -> String {
        switch self {
        case .forAction: table.map { " FOR UPDATE OF \($0)" } ?? " FOR UPDATE"
        case .forPreview: ""
        }
    }
}
