#define _GNU_SOURCE
#include <malloc.h>
#include <sys/socket.h>
#include "clinuxio.h"

int clinuxio_accept_nonblocking(int fd, struct sockaddr *addr, socklen_t *len) {
    return accept4(fd, addr, len, SOCK_NONBLOCK | SOCK_CLOEXEC);
}

int clinuxio_malloc_trim(size_t pad) {
    return malloc_trim(pad);
}
