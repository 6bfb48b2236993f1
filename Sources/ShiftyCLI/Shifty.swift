import ArgumentParser

@main
struct Shifty: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shifty",
        abstract: "Shifty, the shift marketplace server.",
        subcommands: [Dev.self]
    )
}
