#ifndef CLINUXIO_H
#define CLINUXIO_H
/* Linux I/O calls that Swift's Glibc module does not export (epoll, eventfd, accept4, malloc_trim), kept in one
   small C target so the rest of HTTPServer stays in Swift — the same fence SwiftNIO draws with CNIOLinux. */
#include <stddef.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>

/* accept4(2) with SOCK_NONBLOCK | SOCK_CLOEXEC; declared behind _GNU_SOURCE, so wrapped here. */
int clinuxio_accept_nonblocking(int fd, struct sockaddr *addr, socklen_t *len);

/* glibc's malloc_trim(3) (from <malloc.h>, which the Glibc module does not include): 1 if memory was released. */
int clinuxio_malloc_trim(size_t pad);
#endif
