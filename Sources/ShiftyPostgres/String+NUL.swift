#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension String {
    /// Whether the text holds a NUL character, which libpq's C strings would silently cut at.
    ///
    /// Every statement's SQL (often a kilobyte) and every string parameter is checked; `memchr` over
    /// the contiguous UTF-8 costs a fraction of walking the `utf8` view (issue 14: that walk was about
    /// one percent of a pick-up's client CPU).
    var containsNUL: Bool {
        if let found = utf8.withContiguousStorageIfAvailable({ bytes -> Bool in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return false }
            return memchr(base, 0, bytes.count) != nil
        }) {
            return found
        }
        return utf8.contains(0)
    }
}
