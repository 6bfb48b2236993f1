/// Cost parameters of Argon2id.
///
/// The defaults are OWASP's recommendation (m = 19 MiB, t = 2, p = 1), about 0.14 s a hash
/// on our reference machine. Tests use ``testing`` so thousands of logins stay fast.
public struct Argon2idParameters: Sendable, Hashable, CustomStringConvertible {
    /// Memory in KiB (`m`).
    public var memoryKiB: UInt32
    /// Number of passes (`t`).
    public var iterations: UInt32
    /// Lanes (`p`).
    public var parallelism: UInt32

    public init(memoryKiB: UInt32, iterations: UInt32, parallelism: UInt32) {
        self.memoryKiB = memoryKiB
        self.iterations = iterations
        self.parallelism = parallelism
    }

    /// OWASP Password Storage Cheat Sheet: m=19456 KiB, t=2, p=1.
    public static let owasp = Argon2idParameters(memoryKiB: 19_456, iterations: 2, parallelism: 1)

    /// The cheapest parameters libargon2 accepts; for tests only.
    public static let testing = Argon2idParameters(memoryKiB: 8, iterations: 1, parallelism: 1)

    public var description: String { "m=\(memoryKiB),t=\(iterations),p=\(parallelism)" }
}
