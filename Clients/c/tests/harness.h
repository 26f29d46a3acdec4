/*
 * A small test harness: checks that count failures, a runner that prints
 * the plain summary line ("N passed, N failed"), a way to run a libuv loop
 * until a condition holds (with a deadline, never a sleep), a recorder that
 * keeps copies of what a client delivers, and a real curtaind on a temporary
 * socket.
 */
#ifndef CURTAIN_TEST_HARNESS_H
#define CURTAIN_TEST_HARNESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "curtain.h"

/** Failed checks of the current test. */
extern int harness_failures;

#define CHECK(condition)                                                                           \
  do {                                                                                             \
    if (!(condition)) {                                                                            \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #condition);                \
      harness_failures++;                                                                          \
    }                                                                                              \
  } while (0)

#define CHECK_EQ_U64(actual, expected)                                                             \
  do {                                                                                             \
    unsigned long long harness_actual = (unsigned long long)(actual);                              \
    unsigned long long harness_expected = (unsigned long long)(expected);                          \
    if (harness_actual != harness_expected) {                                                      \
      fprintf(stderr, "%s:%d: %s is %llu, expected %llu\n", __FILE__, __LINE__, #actual,           \
              harness_actual, harness_expected);                                                   \
      harness_failures++;                                                                          \
    }                                                                                              \
  } while (0)

#define CHECK_EQ_STR(actual, expected)                                                             \
  do {                                                                                             \
    const char *harness_actual = (actual);                                                         \
    const char *harness_expected = (expected);                                                     \
    if (harness_actual == NULL || strcmp(harness_actual, harness_expected) != 0) {                 \
      fprintf(stderr, "%s:%d: %s is \"%s\", expected \"%s\"\n", __FILE__, __LINE__, #actual,       \
              harness_actual ? harness_actual : "(null)", harness_expected);                       \
      harness_failures++;                                                                          \
    }                                                                                              \
  } while (0)

/** Stops the current test when a check failed (for preconditions). The
 *  condition is evaluated once. */
#define REQUIRE(condition)                                                                         \
  do {                                                                                             \
    if (!(condition)) {                                                                            \
      fprintf(stderr, "%s:%d: required check failed: %s\n", __FILE__, __LINE__, #condition);       \
      harness_failures++;                                                                          \
      return;                                                                                      \
    }                                                                                              \
  } while (0)

typedef struct harness_test {
  const char *name;
  void (*run)(void);
} harness_test;

/** Runs the tests, prints one line per test and the summary line, and
 *  returns the process exit status. */
int harness_run(const harness_test *tests, size_t count);

/** Runs `loop` until `*done` is true or `seconds` pass; true when done. */
bool harness_run_until(uv_loop_t *loop, const bool *done, double seconds);

/** Runs `loop` until it has nothing left to do (with a deadline), closes it
 *  and checks that no handle was left open. */
void harness_close_loop(uv_loop_t *loop);

/* ------------------------------------------------------------------------ */

#define HARNESS_MAX_ITEMS 512
/** The most peer goodbyes a recorder keeps. */
#define HARNESS_MAX_PEER_GOODBYES 16

/** Everything one client delivered, as owned copies, in arrival order. */
typedef struct harness_recorder {
  bool ready;
  bool closed;
  int close_status;
  char close_message[512];
  Curtain__V1__Welcome *welcome;
  Curtain__V1__Goodbye *goodbye;
  Curtain__V1__Event *events[HARNESS_MAX_ITEMS];
  size_t event_count;
  Curtain__V1__Frame *frames[HARNESS_MAX_ITEMS];
  size_t frame_count;
  /** Responses with request id 0 or an unknown id. */
  Curtain__V1__Response *unmatched[HARNESS_MAX_ITEMS];
  size_t unmatched_count;
  /** Answers to requests sent with `harness_call_async`. */
  Curtain__V1__Response *answers[HARNESS_MAX_ITEMS];
  int answer_status[HARNESS_MAX_ITEMS];
  size_t answer_count;
  /** Acknowledge every frame of this subscription when not 0. */
  uint64_t ack_subscription;
  /** Cluster mode: the goodbyes of peers (`curtain_goodbye_peer` named
   *  one), with the peers still open while each was reported. */
  Curtain__V1__Goodbye *peer_goodbyes[HARNESS_MAX_PEER_GOODBYES];
  char peer_goodbye_addresses[HARNESS_MAX_PEER_GOODBYES][64];
  size_t peer_goodbye_open_peers[HARNESS_MAX_PEER_GOODBYES];
  size_t peer_goodbye_count;
  /** Cluster mode: the peers that closed (`on_peer_close`): the last one's
   *  address, status and message, and the subscriptions that ended with
   *  each, in order. */
  size_t peer_close_count;
  char peer_close_address[64];
  int peer_close_status;
  char peer_close_message[512];
  uint64_t peer_ended[HARNESS_MAX_ITEMS];
  size_t peer_ended_count;
} harness_recorder;

/** Callbacks that fill the recorder passed as the user pointer. */
extern const curtain_callbacks harness_recorder_callbacks;

/** Frees the recorder's copies. */
void harness_recorder_free(harness_recorder *recorder);

/** A response callback that appends to the recorder given as `data`. */
void harness_record_answer(curtain_client *client, int status,
                           const Curtain__V1__Response *response, void *data);

/**
 * Sends `request` and runs the loop until its answer arrives (at most 10 s).
 * Returns the answer (owned by the recorder), or NULL with a failed check.
 */
const Curtain__V1__Response *harness_call(uv_loop_t *loop, curtain_client *client,
                                          harness_recorder *recorder,
                                          const Curtain__V1__Request *request);

/** Like `harness_call`, but checks that the result is `result_case`. */
const Curtain__V1__Response *harness_call_ok(uv_loop_t *loop, curtain_client *client,
                                             harness_recorder *recorder,
                                             const Curtain__V1__Request *request, int result_case);

/** Runs the loop until `*count` reaches `wanted` (checked after every turn
 *  of the loop; at most 10 s). */
bool harness_wait_count(uv_loop_t *loop, const size_t *count, size_t wanted);

/** Runs the loop until the recorder holds `count` events (at most 10 s). */
bool harness_wait_events(uv_loop_t *loop, harness_recorder *recorder, size_t count);

/** Runs the loop until the recorder holds `count` frames (at most 10 s). */
bool harness_wait_frames(uv_loop_t *loop, harness_recorder *recorder, size_t count);

/* ------------------------------------------------------------------------ */

/** A curtaind started on a socket in a fresh temporary directory. */
typedef struct harness_daemon {
  uv_process_t process;
  uv_pipe_t stderr_pipe;
  char directory[64];
  char socket_path[96];
  char stderr_text[8192];
  size_t stderr_length;
  bool listening;
  int listeners;
  bool exited;
  int64_t exit_status;
  int term_signal;
  bool pipe_closed;
} harness_daemon;

/** Starts `$CURTAIND --socket DIR/d.sock --log-level warning --ephemeral` and runs the
 *  loop until it says it listens. False (with a failed check) otherwise. */
bool harness_daemon_start(uv_loop_t *loop, harness_daemon *daemon);

/** Like `harness_daemon_start` with more arguments (at most 12) for
 *  curtaind, waiting for `listeners` "listening on" lines (without
 *  `--ephemeral` when they hold `--cluster`). */
bool harness_daemon_start_with(uv_loop_t *loop, harness_daemon *daemon,
                               const char *const *arguments, size_t count, int listeners);

/** The port of the daemon's "listening on tcp HOST:PORT" line, or 0. */
uint16_t harness_daemon_tcp_port(const harness_daemon *daemon);

/** Sends SIGTERM unless it already exited, waits for the exit, checks it
 *  exited 0 and removed its socket, and removes the directory. */
void harness_daemon_stop(uv_loop_t *loop, harness_daemon *daemon);

/** Waits for a daemon that was asked to stop (e.g. by a Shutdown request)
 *  without signalling it, then checks and cleans up as `stop` does. */
void harness_daemon_wait(uv_loop_t *loop, harness_daemon *daemon);

#endif
