import ShiftyAPI

extension ShiftyAPI.Workplace {
    /// A workplace as the API shows it, from the server's workplace value.
    init(_ workplace: WorkplaceView) {
        self.init(
            id: workplace.id, slug: workplace.slug, name: workplace.name, timeZone: workplace.timeZone,
            settings: ShiftyAPI.WorkplaceSettings(workplace.settings))
    }
}

extension WorkplaceView {
    /// Every answer with a workplace (a login, `GET`/`PATCH /workplace`) writes it as ShiftyAPI's
    /// `Workplace`, the type clients decode (`APIWireGoldenTests`).
    public func encode(to encoder: any Encoder) throws {
        try ShiftyAPI.Workplace(self).encode(to: encoder)
    }
}
