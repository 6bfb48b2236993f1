import Hummingbird
import ShiftyDomain

extension Problem {
    /// A refusal of a change of the plan or of a publication as the client sees it: 404 a draft
    /// that is gone (discarded or published meanwhile), 409 a removed shift changed or a plan
    /// changed since its publish preview, 422 a field the operation needs.
    package init(_ refusal: PlanRefusal) {
        switch refusal {
        case .draftNotFound:
            self = .notFound("draft")
        case .removedInDraft:
            self.init(.conflict, code: .shiftRemovedInDraft, text: .init("server.problem.shift_removed_in_draft.detail"))
        case .changedSincePreview:
            self.init(.conflict, code: .planChangedSincePreview, text: .init("server.problem.plan_changed_since_preview.detail"))
        case .fieldRequired(let field):
            self = .invalid(field.rawValue, ProblemText("server.invalid.required"))
        case .noPreview:
            self = .invalid("op", ProblemText("server.invalid.planPreviewOperation"))
        }
    }
}
