#ifdef __linux__
#define _GNU_SOURCE
#include <limits.h>
#include <sys/socket.h>
#include "clinuxio.h"
#ifdef __GLIBC__
#include <malloc.h>
#endif

int clinuxio_accept_nonblocking(int fd, struct sockaddr *addr, socklen_t *len) {
    return accept4(fd, addr, len, SOCK_NONBLOCK | SOCK_CLOEXEC);
}

int clinuxio_malloc_trim(size_t pad) {
#ifdef __GLIBC__
    return malloc_trim(pad);
#else
    (void)pad;
    return 0;
#endif
}

int clinuxio_hold_freed_memory(size_t mmap_threshold, size_t trim_threshold) {
#ifdef __GLIBC__
    if (mmap_threshold > (size_t)INT_MAX || trim_threshold > (size_t)INT_MAX) return 0;
    return mallopt(M_MMAP_THRESHOLD, (int)mmap_threshold) == 1 && mallopt(M_TRIM_THRESHOLD, (int)trim_threshold) == 1;
#else
    (void)mmap_threshold;
    (void)trim_threshold;
    return 0;
#endif
}
#else
/* Not Linux: nothing here (an empty translation unit is not ISO C, hence this declaration). */
typedef int clinuxio_not_linux;
#endif
