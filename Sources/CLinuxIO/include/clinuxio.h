#ifndef CLINUXIO_H
#define CLINUXIO_H
/* Linux I/O calls that Swift's Glibc module does not export (epoll, eventfd, accept4), kept in one small
   C target so the rest of HTTPServer stays in Swift — the same fence SwiftNIO draws with CNIOLinux. */
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>

/* accept4(2) with SOCK_NONBLOCK | SOCK_CLOEXEC; declared behind _GNU_SOURCE, so wrapped here. */
int clinuxio_accept_nonblocking(int fd, struct sockaddr *addr, socklen_t *len);
#endif
