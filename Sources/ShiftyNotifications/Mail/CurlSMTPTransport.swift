import CCurl
import Foundation
import NIOPosix

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Hands a finished message to an SMTP server with libcurl (STARTTLS, AUTH, timeouts), on its own
/// threads: `curl_easy_perform` blocks for the whole conversation, which must never happen on a
/// NIO event loop or Swift's cooperative pool (the same reasoning as ``PasswordService``).
final class CurlSMTPTransport: Sendable {
    let settings: SMTPSettings
    private let threadPool: NIOThreadPool
    let timeoutSeconds = 30

    /// Why the server did not take a message; `permanent` for 5xx answers (bad recipient).
    struct Failure: Error, CustomStringConvertible {
        var permanent: Bool
        var description: String
    }

    init(settings: SMTPSettings, threads: Int = 2) {
        self.settings = settings
        _ = Self.globalInit
        threadPool = NIOThreadPool(numberOfThreads: max(1, threads))
        threadPool.start()
    }

    deinit {
        threadPool.shutdownGracefully { _ in }
    }

    /// Sends `message` to `recipient`. An envelope address that is not an ``EmailAddress`` (a
    /// control character above all: CR or LF would end `RCPT TO` and let the rest of the address
    /// speak SMTP) is refused here once more, whatever the caller checked: a permanent failure,
    /// and the SMTP server is never contacted.
    func send(to recipient: String, message: String) async throws {
        try Self.checkEnvelope(from: settings.from, to: recipient)
        let settings = self.settings
        let timeout = timeoutSeconds
        try await threadPool.runIfActive {
            try Self.perform(settings: settings, recipient: recipient, message: Array(message.utf8), timeout: timeout)
        }
    }

    static func checkEnvelope(from sender: String, to recipient: String) throws {
        for (role, address) in [("recipient", recipient), ("sender", sender)] {
            do {
                _ = try EmailAddress(address)
            } catch {
                throw Failure(permanent: true, description: "not sent: the \(role) address \(error) (refused before the SMTP envelope)")
            }
        }
    }

    private static let globalInit: Void = { _ = curl_global_init(3) }()  // CURL_GLOBAL_ALL

    // `curl_easy_setopt` and `curl_easy_getinfo` are C variadic functions, which Swift does not
    // import. Their third argument is always a long or a pointer, both passed in an integer
    // register on the System V (x86-64) and AAPCS64 (Linux arm64) calling conventions, so the
    // symbol is called through non-variadic prototypes of each shape.
    private typealias SetLong = @convention(c) (UnsafeMutableRawPointer?, CURLoption, Int) -> CURLcode
    private typealias SetPointer = @convention(c) (UnsafeMutableRawPointer?, CURLoption, UnsafeRawPointer?) -> CURLcode
    private typealias GetLong = @convention(c) (UnsafeMutableRawPointer?, CURLINFO, UnsafeMutablePointer<Int>?) -> CURLcode
    // Kept as addresses (a raw pointer is not Sendable); 0 when the symbol is missing.
    private static let setoptAddress = UInt(bitPattern: dlsym(UnsafeMutableRawPointer(bitPattern: 0), "curl_easy_setopt"))
    private static let getinfoAddress = UInt(bitPattern: dlsym(UnsafeMutableRawPointer(bitPattern: 0), "curl_easy_getinfo"))
    private static var setoptSymbol: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(bitPattern: setoptAddress) }
    private static var getinfoSymbol: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(bitPattern: getinfoAddress) }

    private static func set(_ handle: UnsafeMutableRawPointer?, _ option: CURLoption, _ value: Int) -> CURLcode {
        unsafeBitCast(setoptSymbol!, to: SetLong.self)(handle, option, value)
    }

    private static func set(_ handle: UnsafeMutableRawPointer?, _ option: CURLoption, _ value: UnsafeRawPointer?) -> CURLcode {
        unsafeBitCast(setoptSymbol!, to: SetPointer.self)(handle, option, value)
    }

    /// The message being uploaded and how far curl has read it.
    private final class Upload {
        let bytes: [UInt8]
        var offset = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
    }

    private static let readCallback: @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int = {
        buffer, size, count, userData in
        guard let buffer, let userData else { return 0 }
        let upload = Unmanaged<Upload>.fromOpaque(userData).takeUnretainedValue()
        let length = min(size * count, upload.bytes.count - upload.offset)
        guard length > 0 else { return 0 }
        upload.bytes.withUnsafeBufferPointer { source in
            UnsafeMutableRawPointer(buffer).copyMemory(from: source.baseAddress! + upload.offset, byteCount: length)
        }
        upload.offset += length
        return length
    }

    private static func perform(settings: SMTPSettings, recipient: String, message: [UInt8], timeout: Int) throws {
        guard setoptSymbol != nil, getinfoSymbol != nil else {
            throw Failure(permanent: false, description: "libcurl's curl_easy_setopt is not available")
        }
        guard let handle = curl_easy_init() else { throw Failure(permanent: false, description: "curl_easy_init failed") }
        defer { curl_easy_cleanup(handle) }
        let upload = Upload(message)
        let retained = Unmanaged.passRetained(upload)
        defer { retained.release() }
        var recipients: UnsafeMutablePointer<curl_slist>? = nil
        recipients = curl_slist_append(recipients, "<\(recipient)>")
        defer { curl_slist_free_all(recipients) }
        var errorBuffer = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)

        let secure = settings.url.lowercased().hasPrefix("smtp://")
        var code = CURLE_OK
        errorBuffer.withUnsafeMutableBufferPointer { errorPointer in
            settings.url.withCString { url in
                "<\(settings.from)>".withCString { from in
                    (settings.caFile ?? "").withCString { caFile in
                        func apply(_ result: CURLcode) { if code == CURLE_OK { code = result } }
                        apply(set(handle, CURLOPT_URL, UnsafeRawPointer(url)))
                        apply(set(handle, CURLOPT_MAIL_FROM, UnsafeRawPointer(from)))
                        apply(set(handle, CURLOPT_MAIL_RCPT, UnsafeRawPointer(recipients)))
                        apply(set(handle, CURLOPT_NOSIGNAL, 1))
                        apply(set(handle, CURLOPT_CONNECTTIMEOUT, 10))
                        apply(set(handle, CURLOPT_TIMEOUT, timeout))
                        apply(set(handle, CURLOPT_UPLOAD, 1))
                        apply(set(handle, CURLOPT_INFILESIZE_LARGE, message.count))
                        apply(set(handle, CURLOPT_READFUNCTION, unsafeBitCast(readCallback, to: UnsafeRawPointer.self)))
                        apply(set(handle, CURLOPT_READDATA, UnsafeRawPointer(retained.toOpaque())))
                        apply(set(handle, CURLOPT_ERRORBUFFER, UnsafeRawPointer(errorPointer.baseAddress)))
                        // smtp:// must upgrade with STARTTLS before AUTH or fail; smtps:// is TLS from the start.
                        if secure { apply(set(handle, CURLOPT_USE_SSL, Int(CURLUSESSL_ALL.rawValue))) }
                        if settings.caFile != nil { apply(set(handle, CURLOPT_CAINFO, UnsafeRawPointer(caFile))) }
                        if code == CURLE_OK { code = curl_easy_perform(handle) }
                    }
                }
            }
        }
        guard code == CURLE_OK else {
            var response = 0
            _ = unsafeBitCast(getinfoSymbol!, to: GetLong.self)(handle, CURLINFO_RESPONSE_CODE, &response)
            let detail = String(cString: errorBuffer)
            let reason = detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
            // Only a refused mailbox is final; a refused login or a full queue is worth another try
            // (and shows up in the failures list when it keeps failing).
            throw Failure(permanent: code != CURLE_LOGIN_DENIED && [550, 551, 553].contains(response), description: "SMTP \(response): \(reason)")
        }
    }
}
