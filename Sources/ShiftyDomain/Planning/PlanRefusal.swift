/// Why a change of the plan or a publication was refused, beyond the rulebook's and the
/// marketplace's own refusals (which drafts answer with unchanged).
public enum PlanRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// No such draft in the workplace (discarded or published meanwhile).
    case draftNotFound
    /// The shift is removed in the draft: only taking the removal back (`revert`) applies.
    case removedInDraft
    /// The plan changed since the publish preview the manager looked at (another manager drafted,
    /// discarded or published): look again before publishing.
    case changedSincePreview
    /// The operation needs this field of the change (`create` a date, `assign` an owner, …).
    case fieldRequired(Field)
    /// Only changes that place a shift (`create`, `edit`, `assign`) have a preview.
    case noPreview

    /// The fields of a change of the plan, as the API names them.
    public enum Field: String, Sendable, Hashable {
        case op, shiftId, ownerId, date, startTime, durationMinutes, revision
    }

    /// The stable codes, equal to the API's problem codes.
    public enum Code: String, Sendable, Hashable, Codable, CaseIterable {
        case notFound = "not_found"
        case validationFailed = "validation_failed"
        case shiftRemovedInDraft = "shift_removed_in_draft"
        case planChangedSincePreview = "plan_changed_since_preview"
    }

    public var code: Code {
        switch self {
        case .draftNotFound: .notFound
        case .fieldRequired, .noPreview: .validationFailed
        case .removedInDraft: .shiftRemovedInDraft
        case .changedSincePreview: .planChangedSincePreview
        }
    }

    public var description: String { code.rawValue }
}
