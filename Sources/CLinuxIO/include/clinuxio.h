#ifndef CLINUXIO_H
#define CLINUXIO_H
/* Linux I/O calls that Swift's Glibc module does not export (epoll, eventfd, accept4, malloc_trim, mallopt), kept in one
   small C target so the rest of HTTPServer stays in Swift — the same fence SwiftNIO draws with CNIOLinux.
   Everything is behind __linux__: on macOS and the BSDs this header and clinuxio.c declare and compile nothing, and
   Swift imports the module only under `#if os(Linux)` (HTTPServer's Poller/ and Platform/ folders). */
#ifdef __linux__
#include <stddef.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>

/* accept4(2) with SOCK_NONBLOCK | SOCK_CLOEXEC; declared behind _GNU_SOURCE, so wrapped here. */
int clinuxio_accept_nonblocking(int fd, struct sockaddr *addr, socklen_t *len);

/* glibc's malloc_trim(3) (from <malloc.h>, which the Glibc module does not include): 1 if memory was released.
   Other C libraries (musl) have no malloc_trim: there it does nothing and returns 0. */
int clinuxio_malloc_trim(size_t pad);

/* glibc's mallopt(3) M_MMAP_THRESHOLD and M_TRIM_THRESHOLD: blocks below mmap_threshold come from the arenas, and
   free memory stays in them until it exceeds trim_threshold (or malloc_trim is called). 1 if both were set; other C
   libraries do nothing and return 0. */
int clinuxio_hold_freed_memory(size_t mmap_threshold, size_t trim_threshold);
#endif /* __linux__ */
#endif
