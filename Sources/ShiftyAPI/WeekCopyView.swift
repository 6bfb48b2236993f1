/// The answer of `POST /shifts/copy-week` and its preview (openapi.yaml `WeekCopy`): every one-off
/// shift of the week, what it would become a week later and what the rulebook says about it.
public struct WeekCopyView: Codable, Sendable, Hashable {
    /// One copied (or refused) shift.
    public struct Item: Codable, Sendable, Hashable {
        /// The shift in the copied week.
        public var source: MarketShift
        /// The copy's local date (a week later), start and length: the same wall-clock time.
        public var date: String
        public var startTime: String
        public var durationMinutes: Int
        /// Whether the rulebook accepts the copy (in a preview: would accept it now).
        public var allowed: Bool
        /// Why it is not (or would not be) created, as the problem document of `POST /shifts` would say.
        public var refusal: ActionPreview.Refusal?
        /// Every rule the copy breaks or warns about (as in `POST /shifts/preview`).
        public var rules: [ActionPreview.Rule]
        /// The created shift (not in a preview).
        public var created: MarketShift?

        public init(
            source: MarketShift, date: String, startTime: String, durationMinutes: Int, allowed: Bool,
            refusal: ActionPreview.Refusal? = nil, rules: [ActionPreview.Rule], created: MarketShift? = nil
        ) {
            self.source = source
            self.date = date
            self.startTime = startTime
            self.durationMinutes = durationMinutes
            self.allowed = allowed
            self.refusal = refusal
            self.rules = rules
            self.created = created
        }
    }

    /// Monday of the copied week and of the week the copies go to.
    public var fromWeek: String
    public var toWeek: String
    /// `true` for the preview: nothing was written.
    public var preview: Bool
    public var items: [Item]
    /// How many copies were (or would be) created, and how many the rules refused.
    public var created: Int
    public var refused: Int

    public init(fromWeek: String, toWeek: String, preview: Bool, items: [Item], created: Int, refused: Int) {
        self.fromWeek = fromWeek
        self.toWeek = toWeek
        self.preview = preview
        self.items = items
        self.created = created
        self.refused = refused
    }
}
