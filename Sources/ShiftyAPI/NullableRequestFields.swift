/// A request body that gives `null` a meaning in some of its fields: clearing a value (an e-mail
/// address, an hour limit, a quiet period) or "no note".
///
/// Everywhere else the server refuses `null` with a 422 naming the field, because openapi.yaml only
/// allows it where it is listed as nullable: a client that sends `{"active": null}` made a mistake,
/// and taking it as "leave it out" would hide it. A type lists its nullable fields as dotted paths
/// from the body's top (`settings.hourLimits.maxWeeklyHours`; `*` stands for any array index), exactly the properties openapi.yaml marks `type: [..., "null"]` or `nullable: true`
/// for the routes that decode it.
public protocol NullableRequestFields {
    static var nullableFields: Set<String> { get }
}

extension NoteBody: NullableRequestFields {
    public static var nullableFields: Set<String> { ["note"] }
}

extension ApproveDealBody: NullableRequestFields {
    public static var nullableFields: Set<String> { ["note"] }
}
