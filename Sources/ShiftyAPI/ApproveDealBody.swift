/// The optional body of `POST /api/v1/deals/{id}/approve`: a note for the parties and, to approve
/// although an overridable rule refuses (a rest period, a weekly maximum…), `override: true` with
/// the reason the history will show.
///
/// Kept as the three wire fields rather than a nested override object because that is the shape
/// every manager action with an override has (create, edit and assign a shift take the same
/// `override`/`reason` pair). The server turns the pair into its domain's `RuleOverride` in an
/// extension beside its routes (`ApproveDealBody+Override.swift`): the rule types belong to the
/// server's domain, which this Foundation-only module does not know.
public struct ApproveDealBody: Codable, Sendable, Hashable {
    /// What the parties will read with the approval; white space only counts as no note.
    public var note: String?
    /// `true` to approve although an overridable rule refuses; anything else approves only what
    /// the rules allow.
    public var override: Bool?
    /// Why the rules are broken on purpose (recorded with the override).
    public var reason: String?

    public init(note: String? = nil, override: Bool? = nil, reason: String? = nil) {
        self.note = note
        self.override = override
        self.reason = reason
    }
}
