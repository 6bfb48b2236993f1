import CCurl
import Foundation
import NIOPosix

/// One blocking HTTP POST through libcurl, run on a small thread pool of its own so it never
/// blocks a NIO event loop or Swift's cooperative pool (like ``PostgresPool``'s statements).
///
/// `curl_easy_setopt` and `curl_easy_getinfo` are C variadic functions, which Swift does not
/// import; they are looked up once with `dlsym` and called through fixed signatures (pointer and
/// `long` arguments are passed the same way to variadic and fixed functions on the System V
/// x86-64 and AArch64 Linux ABIs this server runs on).
enum CurlPost {
    struct Answer: Sendable {
        var status: Int
        /// The first bytes of the body, for error messages.
        var body: String
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private typealias SetLong = @convention(c) (UnsafeMutableRawPointer?, CURLoption, Int) -> CURLcode
    private typealias SetPointer = @convention(c) (UnsafeMutableRawPointer?, CURLoption, UnsafeRawPointer?) -> CURLcode
    private typealias GetInfo = @convention(c) (UnsafeMutableRawPointer?, CURLINFO, UnsafeMutableRawPointer?) -> CURLcode

    private struct Functions: @unchecked Sendable {
        let setLong: SetLong
        let setPointer: SetPointer
        let getInfo: GetInfo
    }

    /// `curl_global_init` once, before any handle, and the two variadic entry points.
    private static let functions: Functions = {
        _ = curl_global_init(3 /* CURL_GLOBAL_ALL */)
        let program = dlopen(nil, RTLD_NOW)
        guard let setopt = dlsym(program, "curl_easy_setopt"), let getinfo = dlsym(program, "curl_easy_getinfo") else {
            fatalError("libcurl is linked but curl_easy_setopt/curl_easy_getinfo were not found")
        }
        return Functions(
            setLong: unsafeBitCast(setopt, to: SetLong.self), setPointer: unsafeBitCast(setopt, to: SetPointer.self),
            getInfo: unsafeBitCast(getinfo, to: GetInfo.self))
    }()

    /// Two threads: pushes are few and short; a slow push service must not hold up the rest.
    static let threads: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: 2)
        pool.start()
        return pool
    }()

    /// `caFile`: a PEM file of CA certificates to trust instead of the system's.
    static func post(url: String, headers: [String], body: [UInt8], timeout: Duration, caFile: String? = nil) async throws -> Answer {
        try await threads.runIfActive { try postBlocking(url: url, headers: headers, body: body, timeout: timeout, caFile: caFile) }
    }

    private final class ResponseBody {
        var bytes: [UInt8] = []
    }

    private static let collect: @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int = { data, size, count, context in
        let length = size * count
        guard let data, let context else { return length }
        let sink = Unmanaged<ResponseBody>.fromOpaque(context).takeUnretainedValue()
        if sink.bytes.count < 1000 {
            data.withMemoryRebound(to: UInt8.self, capacity: length) { sink.bytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: min(length, 1000 - sink.bytes.count))) }
        }
        return length
    }

    static func postBlocking(url: String, headers: [String], body: [UInt8], timeout: Duration, caFile: String? = nil) throws -> Answer {
        let curl = functions
        guard let handle = curl_easy_init() else { throw Failure(description: "curl_easy_init failed") }
        defer { curl_easy_cleanup(handle) }
        var list: UnsafeMutablePointer<curl_slist>?
        for header in headers + ["Expect:"] { list = curl_slist_append(list, header) }
        defer { curl_slist_free_all(list) }
        let sink = ResponseBody()
        let context = Unmanaged.passUnretained(sink).toOpaque()
        let milliseconds = Int(timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        let code: CURLcode = try url.withCString { urlPointer in
            try (caFile ?? "").withCString { caPointer in
                try body.withUnsafeBytes { bodyPointer in
                    var results = [
                        curl.setPointer(handle, CURLOPT_URL, urlPointer),
                        curl.setPointer(handle, CURLOPT_PROTOCOLS_STR, "http,https"),
                        curl.setLong(handle, CURLOPT_NOSIGNAL, 1),
                        curl.setLong(handle, CURLOPT_FOLLOWLOCATION, 0),
                        curl.setLong(handle, CURLOPT_POST, 1),
                        curl.setPointer(handle, CURLOPT_POSTFIELDS, bodyPointer.baseAddress ?? UnsafeRawPointer(bitPattern: 1)),
                        curl.setLong(handle, CURLOPT_POSTFIELDSIZE, body.count),
                        curl.setPointer(handle, CURLOPT_HTTPHEADER, UnsafeRawPointer(list)),
                        curl.setLong(handle, CURLOPT_TIMEOUT_MS, milliseconds),
                        curl.setLong(handle, CURLOPT_CONNECTTIMEOUT_MS, min(milliseconds, 10_000)),
                        curl.setPointer(handle, CURLOPT_WRITEFUNCTION, unsafeBitCast(collect, to: UnsafeRawPointer.self)),
                        curl.setPointer(handle, CURLOPT_WRITEDATA, UnsafeRawPointer(context)),
                    ]
                    if caFile != nil { results.append(curl.setPointer(handle, CURLOPT_CAINFO, caPointer)) }
                    results.removeAll { $0 == CURLE_OK }
                    if let failed = results.first { throw Failure(description: "curl_easy_setopt: " + String(cString: curl_easy_strerror(failed))) }
                    return withExtendedLifetime(sink) { curl_easy_perform(handle) }
                }
            }
        }
        guard code == CURLE_OK else { throw Failure(description: String(cString: curl_easy_strerror(code))) }
        var status = 0
        _ = curl.getInfo(handle, CURLINFO_RESPONSE_CODE, &status)
        return Answer(status: status, body: String(decoding: sink.bytes, as: UTF8.self))
    }
}
