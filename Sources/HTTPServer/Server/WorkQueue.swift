#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A bounded multi-producer, multi-consumer queue whose consumers block on a condition variable.
///
/// Invariant: `jobs` and `closed` are only touched with `mutex` held; `count <= capacity`.
/// `Synchronization.Mutex` has no condition variable, so this class uses pthreads directly and is
/// `@unchecked Sendable` on the strength of that lock.
final class WorkQueue<Job: Sendable>: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let notEmpty = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var jobs: [Job?]
    private var head = 0
    private var count = 0
    private var closed = false
    let capacity: Int

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        jobs = Array(repeating: nil, count: self.capacity)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(notEmpty, nil)
    }

    deinit {
        pthread_cond_destroy(notEmpty)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        notEmpty.deallocate()
    }

    /// Adds a job unless the queue is full or closed; never blocks.
    func tryPush(_ job: Job) -> Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        guard !closed, count < capacity else { return false }
        jobs[(head + count) % capacity] = job
        count += 1
        pthread_cond_signal(notEmpty)
        return true
    }

    /// The next job, blocking while the queue is empty; nil once it is closed and empty.
    func pop() -> Job? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while count == 0 && !closed {
            pthread_cond_wait(notEmpty, mutex)
        }
        guard count > 0 else { return nil }
        let job = jobs[head]
        jobs[head] = nil
        head = (head + 1) % capacity
        count -= 1
        return job
    }

    /// Jobs waiting for a consumer right now.
    var depth: Int {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return count
    }

    /// Stops accepting jobs and wakes every waiting consumer; queued jobs are still handed out.
    func close() {
        pthread_mutex_lock(mutex)
        closed = true
        pthread_cond_broadcast(notEmpty)
        pthread_mutex_unlock(mutex)
    }
}
