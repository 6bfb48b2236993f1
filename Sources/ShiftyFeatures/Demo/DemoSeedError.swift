/// The demo data contradicts itself (a member or shift the seeder wrote a moment ago is not there):
/// a bug in the seeder, reported with what was missing rather than as a client's problem.
struct DemoSeedError: Error, CustomStringConvertible {
    var missing: String

    var description: String { "the demo seeder could not find \(missing)" }
}
