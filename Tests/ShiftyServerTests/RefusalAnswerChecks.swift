import ShiftyLocalization
@testable import ShiftyServerCore
import Testing

/// One refusal as the edge answers it: the refusal's description, its problem document, and the
/// code and field the domain names for it.
typealias RefusalAnswer = (refusal: String, problem: Problem, code: String, field: String?)

/// The checks every `*RefusalProblemTests` suite makes of its refusals' answers, written once.
enum RefusalAnswerChecks {
    /// Each answer carries the domain's code (one in the API's list), names the domain's field and is a 4xx.
    static func codesAndFields(_ answers: [RefusalAnswer], sourceLocation: SourceLocation = #_sourceLocation) {
        for answer in answers {
            #expect(answer.problem.code == answer.code, "\(answer.refusal)", sourceLocation: sourceLocation)
            #expect(ProblemCode(rawValue: answer.code) != nil, "\(answer.refusal): \(answer.code) is in the API's list", sourceLocation: sourceLocation)
            #expect(answer.problem.errors.first?.field == answer.field, "\(answer.refusal)", sourceLocation: sourceLocation)
            #expect(answer.problem.status.code >= 400 && answer.problem.status.code < 500, "\(answer.refusal)", sourceLocation: sourceLocation)
        }
    }

    /// Each answer reads in English and Dutch: a detail and a title, never a bare catalogue key.
    static func readInEveryLanguage(_ answers: [RefusalAnswer], sourceLocation: SourceLocation = #_sourceLocation) {
        for answer in answers {
            for language in [LanguageCode.english, .dutch] {
                let problem = answer.problem.localized(to: language)
                #expect(!problem.detail.isEmpty && !problem.detail.hasPrefix("server."), "\(answer.refusal) in \(language): \(problem.detail)", sourceLocation: sourceLocation)
                #expect(!problem.title.hasPrefix("server."), "\(answer.refusal) in \(language): \(problem.title)", sourceLocation: sourceLocation)
            }
        }
    }
}
