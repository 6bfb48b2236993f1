import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Reads a child process's pipe to its end, retrying reads a signal interrupted.
///
/// Foundation's `FileHandle.readDataToEndOfFile()` ends in a `try!` and so crashes the whole test
/// process when `read(2)` answers `EINTR`, which happens while many children exit at once (their
/// `SIGCHLD`s interrupt reads on other threads): a full `swift test` on a loaded machine died that
/// way. Every test that runs a program reads its output through this instead.
public enum PipeReader {
    public static func readToEnd(_ handle: FileHandle) -> Data {
        let descriptor = handle.fileDescriptor
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                data.append(contentsOf: buffer[0..<count])
            } else if count == 0 || errno != EINTR {
                return data
            }
        }
    }

    /// The next line (without its newline), read a byte at a time so nothing after it is taken
    /// from the pipe; what there is at the end of the stream, or "" at once.
    public static func readLine(_ handle: FileHandle) -> String {
        let descriptor = handle.fileDescriptor
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = read(descriptor, &byte, 1)
            if count == 1 {
                if byte == UInt8(ascii: "\n") { break }
                line.append(byte)
            } else if count == 0 || errno != EINTR {
                break
            }
        }
        return String(decoding: line, as: UTF8.self)
    }
}
