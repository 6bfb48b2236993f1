/// Finds the places in a connection's raw bytes where a request can end, so that bytes after the end
/// of one request reach the connection guard as an arrival of their own.
///
/// NIO's decoder parses everything it is given in one go: a read holding a whole request and the
/// start of the next (pipelining, or a slow-loris that sends its next head early) produced a single
/// "bytes arrived" before the first request, and the guard never learned that a second head had
/// begun. After the first response it waited with the idle timeout instead of the header timeout
/// (a header timeout of 10 s fired at 15 s with a 15 s idle timeout). Handing the decoder the bytes in
/// pieces that end where a request can end fixes that: a piece after a request's end is reported
/// after that request's `end`.
///
/// A request ends at the blank line that ends its head (no body, or a chunked body's last chunk and
/// trailers) or after a `Content-Length` body (``expectBody(length:)``). Splitting more often than
/// needed only costs a decoder call; a body byte pattern that looks like a blank line does no harm.
struct HTTPMessageBoundaryScanner {
    /// Bytes of the current `Content-Length` body still to come.
    private(set) var bodyRemaining = 0
    /// The two bytes before the next one, across pieces and reads (a blank line may straddle reads).
    private var previous: UInt8 = 0
    private var beforePrevious: UInt8 = 0

    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    /// The head just decoded announced a body of `length` bytes (`Content-Length`).
    mutating func expectBody(length: Int) {
        self.bodyRemaining = max(0, length)
    }

    /// How many of `bytes` (at least one, when there are any) make the next piece: up to and
    /// including the next place where a request can end, or all of them.
    mutating func nextPiece(of bytes: UnsafeRawBufferPointer) -> Int {
        guard !bytes.isEmpty else { return 0 }
        if self.bodyRemaining > 0 {
            let length = min(self.bodyRemaining, bytes.count)
            self.bodyRemaining -= length
            if self.bodyRemaining == 0 {
                self.previous = 0
                self.beforePrevious = 0
            } else {
                self.remember(bytes, upTo: length)
            }
            return length
        }
        for index in bytes.indices where bytes[index] == Self.lineFeed {
            let before = index > 0 ? bytes[index - 1] : self.previous
            let twoBefore = index > 1 ? bytes[index - 2] : (index == 1 ? self.previous : self.beforePrevious)
            if before == Self.lineFeed || (before == Self.carriageReturn && twoBefore == Self.lineFeed) {
                self.previous = 0
                self.beforePrevious = 0
                return index + 1
            }
        }
        self.remember(bytes, upTo: bytes.count)
        return bytes.count
    }

    private mutating func remember(_ bytes: UnsafeRawBufferPointer, upTo length: Int) {
        if length >= 2 {
            self.beforePrevious = bytes[length - 2]
            self.previous = bytes[length - 1]
        } else if length == 1 {
            self.beforePrevious = self.previous
            self.previous = bytes[0]
        }
    }
}
