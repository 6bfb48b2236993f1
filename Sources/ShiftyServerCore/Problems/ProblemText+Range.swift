extension ProblemText {
    /// "must be between {lowest} and {highest}" for a field whose value must lie in `range`
    /// (`orNull`: or be null, for a field where null switches the rule off).
    package static func between(_ range: ClosedRange<Int>, orNull: Bool = false) -> ProblemText {
        ProblemText(
            orNull ? "server.invalid.betweenOrNull" : "server.invalid.between",
            ["lowest": String(range.lowerBound), "highest": String(range.upperBound)])
    }
}
