#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts a dedicated OS thread running `body`. Blocking syscalls (epoll_wait, read, a render) belong on such
/// threads, never on Swift concurrency's cooperative pool.
func startThread(name: String, _ body: @escaping @Sendable () -> Void) throws(HTTPServerError) -> pthread_t {
    final class Box: Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    let context = Unmanaged.passRetained(Box(body)).toOpaque()
    var thread = pthread_t()
    let result = pthread_create(&thread, nil, { raw in
        guard let raw else { return nil }
        let box = Unmanaged<Box>.fromOpaque(raw).takeRetainedValue()
        box.body()
        return nil
    }, context)
    guard result == 0 else {
        Unmanaged<Box>.fromOpaque(context).release()
        throw HTTPServerError(operation: "pthread_create(\(name))", errno: result)
    }
    return thread
}
