/// The optional body `{"note": …}` of decisions that carry a note for the people concerned:
/// rejecting or cancelling a deal, approving or declining time off (openapi.yaml `Note`), and, on
/// the server only, deleting a shift and deciding a fixed-shift request.
///
/// One type because the server reads all of these bodies the same way (an empty body, a missing
/// note, `null` and a note of only white space all mean "no note"), and the terminal writes the
/// same shape for `reject`, `cancel` and `timeoff approve|decline`. The terminal sends no body at
/// all when there is no note.
public struct NoteBody: Codable, Sendable, Hashable {
    /// What the member (or the other parties of the deal) will read with the decision.
    public var note: String?

    public init(note: String? = nil) {
        self.note = note
    }
}
