/// The parts of an encoded Argon2id string that decide whether it is current.
struct EncodedArgon2Hash: Equatable {
    var version: UInt32
    var parameters: Argon2idParameters

    /// Parses `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>`; nil for anything else.
    init?(_ encoded: String) {
        let fields = encoded.split(separator: "$", omittingEmptySubsequences: false)
        guard fields.count == 6, fields[0].isEmpty, fields[1] == "argon2id",
              fields[2].hasPrefix("v="), let version = UInt32(fields[2].dropFirst(2))
        else { return nil }
        var values: [Substring: UInt32] = [:]
        for pair in fields[3].split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, let value = UInt32(parts[1]) else { return nil }
            values[parts[0]] = value
        }
        guard let memory = values["m"], let iterations = values["t"], let lanes = values["p"] else { return nil }
        self.version = version
        self.parameters = Argon2idParameters(memoryKiB: memory, iterations: iterations, parallelism: lanes)
    }
}
