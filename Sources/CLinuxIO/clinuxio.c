#ifdef __linux__
#define _GNU_SOURCE
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
#else
/* Not Linux: nothing here (an empty translation unit is not ISO C, hence this declaration). */
typedef int clinuxio_not_linux;
#endif
