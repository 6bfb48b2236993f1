import ArgumentParser

/// `shifty version`.
struct VersionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "version", abstract: "Print the Shifty version.")
    static let version = "0.1.0"

    func run() {
        print("shifty \(Self.version)")
    }
}
