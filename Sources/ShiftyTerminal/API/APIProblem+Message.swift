extension APIProblem {
    /// The sentence to show the user: what happened and what to do next.
    public var message: String { ProblemMessages.message(for: self) }
}
