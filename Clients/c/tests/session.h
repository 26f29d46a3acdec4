/*
 * Shared by the tests that talk to the real curtaind (test_daemon,
 * test_delegates, test_cluster): a daemon on a fresh loop, connections with a recorder,
 * and the requests they send most (each runs the loop until its answer).
 */
#ifndef CURTAIN_TEST_SESSION_H
#define CURTAIN_TEST_SESSION_H

#include "harness.h"

/* A connected, ready client with its recorder. */
typedef struct test_connection {
  harness_recorder recorder;
  curtain_client *client;
} test_connection;

/* Starts a loop and a daemon on it; false (the loop closed again) when the
 * daemon does not start. */
bool start_daemon(uv_loop_t *loop, harness_daemon *daemon);

/* Connects a client called `name` with the recorder's callbacks and runs
 * the loop until it is ready (false, with a failed check, otherwise). */
bool connect_to(uv_loop_t *loop, const harness_daemon *daemon, test_connection *connection,
                const char *name);

/* Connects two clients, named "first" and "second"; true when both are
 * ready (both must be disconnected either way). */
bool connect_two(uv_loop_t *loop, const harness_daemon *daemon, test_connection *first,
                 test_connection *second);

/* Closes the client, runs the loop until it closed and frees the recorder. */
void disconnect(uv_loop_t *loop, test_connection *connection);

/* Sends a request and returns its answer when it has `result_case`. */
const Curtain__V1__Response *call(uv_loop_t *loop, test_connection *connection,
                                  Curtain__V1__Request *request, int result_case);

/* Creates a controller with that identifier and title; its id, or 0. */
uint64_t create_controller(uv_loop_t *loop, test_connection *connection,
                           Curtain__V1__ControllerKind kind, char *identifier);

/* A reference to a controller by identifier. */
Curtain__V1__ControllerRef reference(char *identifier);

/* A new manual-clock window without a root. Returns the window id, or 0. */
uint64_t make_empty_window(uv_loop_t *loop, test_connection *connection);

/* A new manual-clock window with the controller `root` as its root.
 * Returns the window id, or 0. */
uint64_t make_window(uv_loop_t *loop, test_connection *connection, char *root);

/* Nav = nav[Home] as the root of a new manual-clock window; Detail waits
 * to be pushed. Returns the window id. */
uint64_t make_navigation_window(uv_loop_t *loop, test_connection *connection);

/* The id of the controller with that identifier in the client's session,
 * or 0. */
uint64_t controller_id(uv_loop_t *loop, test_connection *connection, const char *name);

/* Tabs = tabs[T1, Locked, T3] as the root of a new manual-clock window.
 * Returns the window id, or 0. */
uint64_t make_tab_window(uv_loop_t *loop, test_connection *connection);

/* Taps the tab bar item of tab `index` of the window's root tab bar
 * controller (found in the view tree), as a user selects a tab: the tab
 * bar's delegate is asked shouldSelect. Waits for the tap to complete. */
const Curtain__V1__OperationResult *tap_tab(uv_loop_t *loop, test_connection *connection,
                                            uint64_t window_id, uint32_t index);

/* The window's view tree at its on-screen (presentation) values (valid until
 * the next request), or NULL. */
const Curtain__V1__Tree *presentation_tree(uv_loop_t *loop, test_connection *connection,
                                           uint64_t window_id);

/* The root of the window's controller tree (valid until the next request),
 * or NULL. */
const Curtain__V1__ControllerNode *tree_root(uv_loop_t *loop, test_connection *connection,
                                             uint64_t window_id);

/* The selected index of the window's root tab bar controller (-2 without
 * a tree). */
int selected_index(uv_loop_t *loop, test_connection *connection, uint64_t window_id);

/* Subscribes to the window's frames (and events); the subscription id, or 0. */
uint64_t subscribe(uv_loop_t *loop, test_connection *connection, uint64_t window_id, bool events,
                   Curtain__V1__Subscribe__FramePolicy policy, uint32_t credits);

/* An animated push of Detail on Nav (or a pop), answered when `wait_until`
 * is reached; returns the operation result. */
const Curtain__V1__OperationResult *navigate(uv_loop_t *loop, test_connection *connection,
                                             bool push, char *trace_id,
                                             Curtain__V1__WaitUntil wait_until);

/* Advances the window's manual clock. */
const Curtain__V1__ClockResult *advance(uv_loop_t *loop, test_connection *connection,
                                        uint64_t window_id, double seconds);

/* Moves the window's manual clock to window time `time`. */
const Curtain__V1__ClockResult *advance_to(uv_loop_t *loop, test_connection *connection,
                                           uint64_t window_id, double time);

/* A Sync round trip: everything the daemon queued for this connection
 * before it has arrived once it returns. */
void sync_with(uv_loop_t *loop, test_connection *connection);

/* Runs `body` on a fresh loop, with a daemon on it, and `count` (1 or 2) ready
 * clients, named "first" and "second", then disconnects them, stops the
 * daemon (which must exit 0) and closes the loop. */
void run_with_clients(size_t count, void (*body)(uv_loop_t *loop, test_connection *clients));

/* A program run as a child process, with its output collected. */
typedef struct child_process {
  uv_process_t process;
  uv_pipe_t out;
  uv_pipe_t err;
  char out_text[8192];
  size_t out_length;
  char err_text[4096];
  size_t err_length;
  int pipes_open;
  bool exited;
  int64_t exit_status;
  int term_signal;
  /* Its stderr has said "subscribed to" (curtain-frames does). */
  bool subscribed;
  const char *program;
} child_process;

/* The program named by the environment variable `variable` (a built
 * example); NULL, with a failed check, when it is not set. */
char *example_program(const char *variable);

/* Runs `program --socket SOCKET --session SESSION` against the daemon
 * until it exits, twice, and checks that each run exited 0 with nothing on
 * stderr and deleted its session (so it runs again and again); `child` holds
 * the second run. False when it could not start. */
bool run_example(uv_loop_t *loop, const harness_daemon *daemon, char *program, char *session,
                 child_process *child);

/* Starts `arguments[0]` with `arguments`, its stdout and stderr collected;
 * false (with a failed check) when it cannot start. */
bool child_start(uv_loop_t *loop, child_process *child, char **arguments);

/* Waits for the exit and the end of both pipes (killing it after 10 s). */
void child_wait(uv_loop_t *loop, child_process *child);

#endif
