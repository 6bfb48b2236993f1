import Foundation
import ShiftyLocalization

/// A notification as an RFC 5322 message: multipart/alternative with a plain-text and an HTML
/// part (both base64, so no line is too long and no line starts with a dot), every header value
/// that came from people (names, subjects) as an RFC 2047 encoded word with line breaks removed,
/// and every HTML text escaped.
struct MailMessage {
    var from: String
    var to: String
    var toName: String
    var notification: OutgoingNotification
    var date: Date
    /// Fixed in tests; random otherwise.
    var boundary: String = "shifty-" + UUID().uuidString

    func rendered() -> String {
        let headers = [
            "From: \(Self.encodedWord("Shifty")) <\(from)>",
            "To: \(Self.encodedWord(toName)) <\(to)>",
            "Subject: \(Self.encodedWord(notification.subject))",
            "Date: \(Self.rfc5322Date(date))",
            "Message-ID: \(notification.messageID)",
            "MIME-Version: 1.0",
            "Content-Language: \(notification.language.rawValue)",
            "Auto-Submitted: auto-generated",
            "List-Unsubscribe: <\(Self.headerSafe(notification.preferencesLink))>",
            "Content-Type: multipart/alternative; boundary=\"\(boundary)\"",
        ]
        let parts = [
            "--\(boundary)\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n\(Self.base64Lines(plainText()))",
            "--\(boundary)\r\nContent-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n\(Self.base64Lines(html()))",
            "--\(boundary)--\r\n",
        ]
        return headers.joined(separator: "\r\n") + "\r\n\r\n" + parts.joined(separator: "\r\n")
    }

    /// The recipient's catalogue: the greeting, links and footer are in the items' language.
    var catalogue: Catalogue { .of(notification.language) }

    func plainText() -> String {
        var lines: [String] = [catalogue.text("server.mail.hello", ["name": toName]), ""]
        for item in notification.items {
            if notification.isDigest { lines.append("* \(item.subject)") }
            lines.append(item.body)
            lines.append(catalogue.text("server.mail.open", ["link": item.link]))
            lines.append("")
        }
        lines.append("--")
        lines.append(catalogue.text("server.mail.footer", ["workplace": notification.workplaceName, "link": notification.preferencesLink]))
        return lines.joined(separator: "\n")
    }

    func html() -> String {
        let language = Self.escape(notification.language.rawValue)
        var html = "<!doctype html><html lang=\"\(language)\"><body style=\"font-family:sans-serif\"><p>\(Self.escape(catalogue.text("server.mail.hello", ["name": toName])))</p>"
        for item in notification.items {
            if notification.isDigest { html += "<h3>\(Self.escape(item.subject))</h3>" }
            let paragraphs = item.body.components(separatedBy: "\n\n").map { "<p>\(Self.escape($0).replacingOccurrences(of: "\n", with: "<br>"))</p>" }
            html += paragraphs.joined()
            html += "<p><a href=\"\(Self.escape(item.link))\">\(Self.escape(catalogue.text("server.mail.openInShifty")))</a></p>"
        }
        html += "<hr><p style=\"font-size:small\">\(Self.escape(catalogue.text("server.mail.footerHTML", ["workplace": notification.workplaceName]))) "
        html += "<a href=\"\(Self.escape(notification.preferencesLink))\">\(Self.escape(catalogue.text("server.mail.chooseWhatYouGet")))</a>.</p></body></html>"
        return html
    }

    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }

    /// Removes anything that could end a header line.
    static func headerSafe(_ text: String) -> String {
        String(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init))
    }

    /// `=?utf-8?B?…?=` words of at most 45 bytes each (RFC 2047 limits a word to 75 characters).
    static func encodedWord(_ text: String) -> String {
        let bytes = Array(headerSafe(text).utf8)
        if bytes.isEmpty { return "\"\"" }
        var words: [String] = []
        var start = 0
        while start < bytes.count {
            var end = min(start + 45, bytes.count)
            // Never split a UTF-8 sequence: back up to a lead byte.
            while end < bytes.count, end > start, bytes[end] & 0xC0 == 0x80 { end -= 1 }
            words.append("=?utf-8?B?\(Data(bytes[start..<end]).base64EncodedString())?=")
            start = end
        }
        return words.joined(separator: "\r\n ")
    }

    static func base64Lines(_ text: String) -> String {
        Data(text.utf8).base64EncodedString(options: [.lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed]) + "\r\n"
    }

    static func rfc5322Date(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        return formatter.string(from: date)
    }
}
