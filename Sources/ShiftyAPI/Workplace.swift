/// A workplace as the API shows it (openapi.yaml `Workplace`): a login answer's `workplace`,
/// `GET /api/v1/workplace`. The server writes its workplace value through this type; the terminal
/// decodes it from a login answer.
public struct Workplace: Codable, Sendable, Hashable {
    public var id: Int64
    /// The workplace's login address.
    public var slug: String
    public var name: String
    /// IANA time zone, for example `Europe/Amsterdam`.
    public var timeZone: String
    public var settings: WorkplaceSettings

    public init(id: Int64, slug: String, name: String, timeZone: String, settings: WorkplaceSettings) {
        self.id = id
        self.slug = slug
        self.name = name
        self.timeZone = timeZone
        self.settings = settings
    }
}
