#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// NUL-terminated copies of Swift strings that stay valid for the duration of a libpq call.
struct CStringArray: ~Copyable {
    private(set) var pointers: [UnsafePointer<CChar>?]

    init(_ strings: [String?]) {
        pointers = strings.map { string in
            guard let string, let copy = strdup(string) else { return nil }
            return UnsafePointer(copy)
        }
    }

    deinit {
        for pointer in pointers {
            if let pointer { free(UnsafeMutablePointer(mutating: pointer)) }
        }
    }
}
