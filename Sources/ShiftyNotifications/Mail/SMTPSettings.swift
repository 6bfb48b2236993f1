import Foundation

/// Where mail goes: `--smtp-url smtp://user:pass@host:port` (STARTTLS required) or `smtps://`
/// (TLS from the first byte), the sender address and, for private CAs, the certificate to trust.
public struct SMTPSettings: Sendable, Equatable {
    /// The URL as given; libcurl reads the credentials from it.
    public var url: String
    public var from: String
    /// A PEM file of CA certificates to trust instead of the system's (`--smtp-ca-file`).
    public var caFile: String?

    /// Checks the URL's form; the message names the option so an operator knows what to fix.
    public init(url: String, from: String, caFile: String? = nil) throws {
        guard let parsed = URLComponents(string: url), let scheme = parsed.scheme?.lowercased(), ["smtp", "smtps"].contains(scheme),
              let host = parsed.host, !host.isEmpty
        else {
            throw SMTPSettingsError("--smtp-url must look like smtp://user:password@host:587 (or smtps://…); got '\(Self.redacted(url))'")
        }
        guard EmailAddress(checking: from) != nil else {
            throw SMTPSettingsError("--mail-from must be a plain address like shifty@example.com; got '\(from)'")
        }
        self.url = url
        self.from = from
        self.caFile = caFile
    }

    /// The URL without its password, for logs and `make run`.
    public var redactedURL: String { Self.redacted(url) }

    static func redacted(_ url: String) -> String {
        guard var components = URLComponents(string: url) else { return "(unparsable)" }
        if components.password != nil { components.password = "***" }
        return components.string ?? "(unparsable)"
    }
}

public struct SMTPSettingsError: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}
