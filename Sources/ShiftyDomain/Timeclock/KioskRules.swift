import Foundation

/// The kiosk's input rules, without I/O: a kiosk's name and network ranges, a member's PIN, and
/// how a member at a kiosk says who they are. Each refuses with a ``KioskRefusal``.
public enum KioskRules {
    /// A kiosk's name, trimmed: the tablet's label in the managers' list.
    public static let nameLength = 1...100
    /// Network ranges one kiosk may be limited to.
    public static let maximumNetworks = 20
    /// A PIN's digits: short enough to type at a tablet, throttled because it is short.
    public static let pinLength = 4...12

    /// The kiosk's name as stored: trimmed, ``nameLength`` characters, one line.
    public static func checkedName(_ raw: String) throws(KioskRefusal) -> String {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard nameLength.contains(name.count) else { throw .nameLength }
        guard !SingleLine.hasControlCharacters(name) else { throw .nameNotOneLine }
        return name
    }

    /// The ranges as stored: trimmed, blanks dropped, at most ``maximumNetworks``, each made of
    /// the characters of an IPv4 or IPv6 range (the database checks that it is one).
    public static func checkedNetworks(_ raw: [String]) throws(KioskRefusal) -> [String] {
        let networks = raw.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard networks.count <= maximumNetworks else { throw .tooManyNetworks }
        for network in networks where network.count > 50 || !network.allSatisfy({ $0.isHexDigit || ".:/".contains($0) }) {
            throw .notANetwork(range: String(network.prefix(50)))
        }
        return networks
    }

    /// A PIN a manager sets: ``pinLength`` ASCII digits.
    public static func checkPin(_ pin: String) throws(KioskRefusal) {
        guard pinLength.contains(pin.count), pin.allSatisfy({ $0.isASCII && $0.isNumber }) else { throw .pinMalformed }
    }

    /// Who a tap at the kiosk says it is: a PIN alone, or a username with a PIN or a password;
    /// `action` may only ask for a break (in and out are ``KioskPunch``'s decision).
    public static func credentials(
        username raw: String?, pin: String?, password: String?, action: Punch.Kind?
    ) throws(KioskRefusal) -> KioskCredentials {
        let username = (raw ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        let credentials: KioskCredentials
        switch (pin, password) {
        case (let pin?, nil):
            credentials = KioskCredentials(username: username.isEmpty ? nil : username, secret: username.isEmpty ? .pinOnly : .pin, value: pin)
        case (nil, let password?) where !username.isEmpty:
            credentials = KioskCredentials(username: username, secret: .password, value: password)
        case (nil, _?):
            throw .usernameMissing
        default:
            throw .secretMissing
        }
        if let action, action.isSessionPunch { throw .actionNotABreak }
        return credentials
    }
}

/// How a member at a kiosk identified themselves (``KioskRules/credentials(username:pin:password:action:)``).
public struct KioskCredentials: Sendable, Hashable {
    /// Which secret the member typed, and whether they named themselves.
    public enum Secret: String, Sendable, Hashable, Codable, CaseIterable {
        /// A PIN without a name: it is looked up among the workplace's PINs.
        case pinOnly = "pin_only"
        /// A name and a PIN.
        case pin
        /// A name and the member's password.
        case password
    }

    /// The lowercased username; `nil` for a PIN alone.
    public var username: String?
    public var secret: Secret
    /// The PIN or password as typed.
    public var value: String

    public init(username: String?, secret: Secret, value: String) {
        self.username = username
        self.secret = secret
        self.value = value
    }
}
