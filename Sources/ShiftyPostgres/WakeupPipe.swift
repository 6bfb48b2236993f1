#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pipe used to interrupt a thread blocked in `poll()`, e.g. to make the listener notice shutdown.
final class WakeupPipe: Sendable {
    let readDescriptor: Int32
    let writeDescriptor: Int32

    init() {
        var descriptors: [Int32] = [-1, -1]
        if pipe(&descriptors) == 0 {
            for descriptor in descriptors {
                _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            }
        }
        readDescriptor = descriptors[0]
        writeDescriptor = descriptors[1]
    }

    deinit {
        if readDescriptor >= 0 { close(readDescriptor) }
        if writeDescriptor >= 0 { close(writeDescriptor) }
    }

    func wake() {
        var byte: UInt8 = 1
        _ = write(writeDescriptor, &byte, 1)
    }

    /// Waits up to `timeoutMilliseconds` (-1: forever) for `descriptor` (if any) or a wake-up.
    /// Returns which of the two became ready.
    func wait(for descriptor: Int32?, timeoutMilliseconds: Int32) -> (descriptorReady: Bool, woken: Bool) {
        var descriptors = [pollfd(fd: readDescriptor, events: Int16(POLLIN), revents: 0)]
        if let descriptor {
            descriptors.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0))
        }
        let count = poll(&descriptors, nfds_t(descriptors.count), timeoutMilliseconds)
        guard count > 0 else { return (false, false) }
        let woken = descriptors[0].revents != 0
        if woken {
            var buffer = [UInt8](repeating: 0, count: 64)
            while read(readDescriptor, &buffer, buffer.count) > 0 {}
        }
        let ready = descriptors.count > 1 && descriptors[1].revents != 0
        return (ready, woken)
    }
}
