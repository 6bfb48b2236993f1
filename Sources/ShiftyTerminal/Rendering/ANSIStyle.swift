/// The few SGR styles the terminal client uses. Rendering goes through this type so that output to a
/// non-colour terminal (`NO_COLOR`, `TERM=dumb`) is the same text without escapes.
public struct ANSIStyle: Sendable, Hashable {
    let codes: [Int]

    public static let plain = ANSIStyle(codes: [])
    public static let bold = ANSIStyle(codes: [1])
    public static let dim = ANSIStyle(codes: [2])
    public static let reverse = ANSIStyle(codes: [7])
    public static let red = ANSIStyle(codes: [31])
    public static let green = ANSIStyle(codes: [32])
    public static let yellow = ANSIStyle(codes: [33])
    public static let cyan = ANSIStyle(codes: [36])

    public static func + (left: ANSIStyle, right: ANSIStyle) -> ANSIStyle {
        ANSIStyle(codes: left.codes + right.codes)
    }

    /// `text` wrapped in this style, or unchanged when `enabled` is false or the style is plain.
    public func apply(_ text: String, enabled: Bool) -> String {
        guard enabled, !self.codes.isEmpty else { return text }
        return "\u{1B}[" + self.codes.map(String.init).joined(separator: ";") + "m" + text + "\u{1B}[0m"
    }
}
