extension ActionPreview {
    /// What the market list shows: "yes", or why not (the same sentence `shifty take` would print).
    public var answer: String {
        allowed ? TerminalLanguage.text("terminal.preview.yes") : refusal?.message ?? TerminalLanguage.text("terminal.preview.no")
    }
}
