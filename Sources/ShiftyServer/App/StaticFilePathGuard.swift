#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Decides whether a URL path may be looked up under the web root at all, before the file middleware
/// touches the disk.
///
/// Refused: a path that decodes to a NUL (C file APIs cut the path there, so `/app.js%00.png` would
/// serve `app.js` under another name), control characters, `..` segments, and any path that passes
/// through a symbolic link below the root — the web root is a plain folder, and a link in it (placed
/// by a careless deploy or another process) must not expose files outside it.
struct StaticFilePathGuard: Sendable {
    let root: String

    init(root: URL) {
        self.root = root.path.hasSuffix("/") ? String(root.path.dropLast()) : root.path
    }

    func allows(_ requestPath: String) -> Bool {
        guard let decoded = requestPath.removingPercentEncoding else { return false }
        guard !decoded.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return false }
        let segments = decoded.split(separator: "/", omittingEmptySubsequences: true)
        guard !segments.contains(where: { $0 == ".." || $0 == "." }) else { return false }
        var path = self.root
        for segment in segments {
            path += "/" + segment
            switch Self.kind(of: path) {
            case .symbolicLink: return false
            case .missing: return true  // nothing to serve; the file middleware answers 404
            case .other: continue
            }
        }
        // A folder is served through its index.html, which must not be a link either.
        if Self.isDirectory(path), Self.kind(of: path + "/index.html") == .symbolicLink { return false }
        return true
    }

    enum Kind { case symbolicLink, missing, other }

    static func kind(of path: String) -> Kind {
        var status = stat()
        guard lstat(path, &status) == 0 else { return .missing }
        return (status.st_mode & S_IFMT) == S_IFLNK ? .symbolicLink : .other
    }

    static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0 else { return false }
        return (status.st_mode & S_IFMT) == S_IFDIR
    }
}
