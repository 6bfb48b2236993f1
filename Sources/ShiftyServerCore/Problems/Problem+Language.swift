import ShiftyLocalization

extension Problem {
    /// This problem as `language` writes it: `title` from `server.problem.<code>.title`, `detail` from
    /// its catalogue sentence. `code` and `status` never change.
    ///
    /// A detail not yet in the catalogue stays as it is in English; in another language the reader
    /// gets their language's general sentence for the code instead (a validation problem names the
    /// field), so nobody reads a mix of languages.
    public func localized(to language: LanguageCode) -> Problem {
        let catalogue = Catalogue.of(language)
        var problem = self
        let titleKey = "server.problem.\(code).title"
        if catalogue.has(titleKey) || Catalogue.of(.english).has(titleKey) {
            problem.title = catalogue.text(titleKey)
        }
        if errorTexts.count == errors.count {
            for (index, text) in errorTexts.enumerated() { problem.errors[index].detail = text.written(in: language) }
        }
        if let text {
            problem.detail = text.written(in: language)
        } else if language != .english {
            if code == ProblemCode.Server.validationFailed.rawValue, let field = errors.first?.field {
                problem.detail = catalogue.text("server.problem.validation_failed.field", ["field": field])
            } else if code == ProblemCode.Server.notFound.rawValue {
                problem.detail = catalogue.text("server.problem.not_found.resource")
            } else if catalogue.has("server.problem.\(code).detail") {
                problem.detail = catalogue.text("server.problem.\(code).detail")
            } else if catalogue.has(titleKey) {
                problem.detail = catalogue.text(titleKey)
            }
        }
        return problem
    }
}
