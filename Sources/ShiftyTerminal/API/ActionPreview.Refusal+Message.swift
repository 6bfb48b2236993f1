extension ActionPreview.Refusal {
    /// The sentence to show the user, the same one the action's own refusal would get: a
    /// preview's refusal carries the problem document's code, status and detail.
    public var message: String {
        ProblemMessages.message(for: APIProblem(status: status, code: code, detail: detail))
    }
}
