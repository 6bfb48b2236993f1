/// The part of swift-argument-parser's command description (`Shifty._dumpHelp()`, the JSON of
/// `--experimental-dump-help`, serialization version 0) the man page needs. Its own `ToolInfo` types
/// are not a product of the package, so these decode the documented JSON themselves.
struct CommandTree: Decodable {
    var serializationVersion: Int
    var command: Command

    struct Command: Decodable {
        var commandName: String
        var abstract: String?
        var discussion: String?
        var shouldDisplay: Bool?
        var subcommands: [Command]?
        var arguments: [Argument]?
    }

    struct Argument: Decodable {
        /// `positional`, `option` or `flag`.
        var kind: String
        var shouldDisplay: Bool?
        var names: [Name]?
        var valueName: String?
        var defaultValue: String?
        var abstract: String?
        var isRepeating: Bool?
    }

    struct Name: Decodable {
        /// `long`, `short` or `longWithSingleDash`.
        var kind: String
        var name: String
    }
}
