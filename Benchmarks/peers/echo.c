/*
 * peers-echo: the floor of curtain-bench's `peers` benchmark
 * (Benchmarks/Sources/curtain-bench/Peers.swift, docs/benchmarks.md). A raw
 * Unix-socket echo server: it listens on the path given, and sends back
 * every byte that arrives on a connection, as it arrives, with no framing
 * and no parsing. It serves its connections from one thread in an epoll
 * loop, as curtaind's libuv loop does (one epoll_wait, one read and one
 * write per message), so that the difference between the two is what
 * curtaind does with a request, not how it waits for one. With --blocking
 * it serves one connection at a time with blocking reads instead (no
 * epoll_wait): the floor of the floor.
 *
 * SIGTERM or SIGINT ends it with status 0 (so that valgrind writes its
 * profile). scripts/bench.sh compiles it with `cc -O2`:
 *
 *   peers-echo [--blocking] SOCKET_PATH
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

static volatile sig_atomic_t stopping = 0;

static void stop(int signal_number) {
  (void)signal_number;
  stopping = 1;
}

/* Writes all of `count` bytes (the socket is blocking for writes: a reply
 * is never larger than what was just read). */
static int write_all(int fd, const char *bytes, ssize_t count) {
  while (count > 0) {
    ssize_t written = write(fd, bytes, (size_t)count);
    if (written < 0) {
      if (errno == EINTR)
        continue;
      return -1;
    }
    bytes += written;
    count -= written;
  }
  return 0;
}

/* One connection at a time, blocking reads. */
static int serve_blocking(int listener) {
  static char buffer[1 << 16];
  while (!stopping) {
    int client = accept(listener, NULL, NULL);
    if (client < 0) {
      if (errno == EINTR)
        continue;
      perror("accept");
      return 1;
    }
    while (!stopping) {
      ssize_t count = read(client, buffer, sizeof buffer);
      if (count < 0 && errno == EINTR)
        continue;
      if (count <= 0 || write_all(client, buffer, count) < 0)
        break;
    }
    close(client);
  }
  return 0;
}

/* Every connection in one epoll loop. */
static int serve_epoll(int listener) {
  static char buffer[1 << 16];
  int poller = epoll_create1(EPOLL_CLOEXEC);
  struct epoll_event event = {.events = EPOLLIN, .data.fd = listener};
  if (poller < 0 || epoll_ctl(poller, EPOLL_CTL_ADD, listener, &event) < 0) {
    perror("epoll");
    return 1;
  }
  struct epoll_event ready[64];
  while (!stopping) {
    int count = epoll_wait(poller, ready, 64, -1);
    if (count < 0) {
      if (errno == EINTR)
        continue;
      perror("epoll_wait");
      return 1;
    }
    for (int index = 0; index < count; index++) {
      int fd = ready[index].data.fd;
      if (fd == listener) {
        int client = accept4(listener, NULL, NULL, SOCK_CLOEXEC);
        if (client < 0)
          continue;
        struct epoll_event added = {.events = EPOLLIN, .data.fd = client};
        if (epoll_ctl(poller, EPOLL_CTL_ADD, client, &added) < 0)
          close(client);
        continue;
      }
      ssize_t received = read(fd, buffer, sizeof buffer);
      if (received < 0 && (errno == EINTR || errno == EAGAIN))
        continue;
      if (received <= 0 || write_all(fd, buffer, received) < 0) {
        epoll_ctl(poller, EPOLL_CTL_DEL, fd, NULL);
        close(fd);
      }
    }
  }
  close(poller);
  return 0;
}

int main(int argc, char **argv) {
  int blocking = argc == 3 && strcmp(argv[1], "--blocking") == 0;
  if (argc != 2 + blocking) {
    fprintf(stderr, "usage: peers-echo [--blocking] SOCKET_PATH\n");
    return 2;
  }
  const char *path = argv[argc - 1];
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = stop;
  sigaction(SIGTERM, &action, NULL);
  sigaction(SIGINT, &action, NULL);
  signal(SIGPIPE, SIG_IGN);

  struct sockaddr_un address = {.sun_family = AF_UNIX};
  if (strlen(path) >= sizeof address.sun_path) {
    fprintf(stderr, "peers-echo: socket path too long\n");
    return 2;
  }
  strcpy(address.sun_path, path);
  unlink(path);
  int listener = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (listener < 0 || bind(listener, (struct sockaddr *)&address, sizeof address) < 0 ||
      listen(listener, 16) < 0) {
    perror("peers-echo: listen");
    return 1;
  }
  int status = blocking ? serve_blocking(listener) : serve_epoll(listener);
  close(listener);
  unlink(path);
  return status;
}
