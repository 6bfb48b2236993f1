#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// glibc's `posix_spawn_file_actions_addclosefrom_np` and `…_addchdir_np` (2.34+) are only declared
/// with `_GNU_SOURCE`, which the Swift Glibc module does not set, so they are looked up at runtime.
enum SpawnExtensions {
    typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    typealias ChangeDirectory = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32

    static let closeFrom: CloseFrom? = lookUp("posix_spawn_file_actions_addclosefrom_np")
    static let changeDirectory: ChangeDirectory? = lookUp("posix_spawn_file_actions_addchdir_np")

    private static func lookUp<Function>(_ name: String) -> Function? {
        #if canImport(Glibc)
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(symbol, to: Function.self)
        #else
        return nil
        #endif
    }
}
