#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts a dedicated OS thread running `body`. Blocking syscalls (epoll_wait/poll, read, a render) belong on such
/// threads, never on Swift concurrency's cooperative pool.
func startThread(name: String, _ body: @escaping @Sendable () -> Void) throws(HTTPServerError) -> pthread_t {
    final class Box: Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    let context = Unmanaged.passRetained(Box(body)).toOpaque()
    #if canImport(Darwin)
    var created: pthread_t?  // a non-optional pointer type on Darwin, written by pthread_create
    #else
    var created = pthread_t()
    #endif
    let result = pthread_create(&created, nil, { argument in
        let context: UnsafeMutableRawPointer? = argument  // optional on Glibc, not on Darwin
        guard let raw = context else { return nil }
        let box = Unmanaged<Box>.fromOpaque(raw).takeRetainedValue()
        box.body()
        return nil
    }, context)
    guard result == 0 else {
        Unmanaged<Box>.fromOpaque(context).release()
        throw HTTPServerError(operation: "pthread_create(\(name))", errno: result)
    }
    #if canImport(Darwin)
    guard let thread = created else { throw HTTPServerError(operation: "pthread_create(\(name))", errno: EAGAIN) }
    return thread
    #else
    return created
    #endif
}
