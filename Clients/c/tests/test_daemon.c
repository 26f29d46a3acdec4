/*
 * libcurtain against the real curtaind (CURTAIND, built by swift build) on a
 * temporary socket: the handshake, creating a window on the manual clock,
 * subscribing, an animated push whose events and frames arrive in order,
 * advancing the clock, error responses, the PAUSE frame policy with
 * FrameAck on a second connection, curtain-frames (CURTAIN_FRAMES) run
 * against the daemon, and a Shutdown that says goodbye to every client.
 * Each test stops its daemon and checks that it exited 0 and removed its
 * socket.
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"

/* Starts a loop and a daemon on it; false (the loop closed again) when the
 * daemon does not start. */
static bool start_daemon(uv_loop_t *loop, harness_daemon *daemon) {
  uv_loop_init(loop);
  if (harness_daemon_start(loop, daemon)) {
    return true;
  }
  harness_close_loop(loop);
  return false;
}

/* A connected, ready client with its recorder. */
typedef struct test_connection {
  harness_recorder recorder;
  curtain_client *client;
} test_connection;

static bool connect_to(uv_loop_t *loop, const harness_daemon *daemon, test_connection *connection,
                       const char *name) {
  memset(connection, 0, sizeof *connection);
  curtain_options options = {.client_name = name};
  int result =
      curtain_connect_unix(loop, daemon->socket_path, &options, &harness_recorder_callbacks,
                           &connection->recorder, &connection->client);
  CHECK_EQ_U64(result, CURTAIN_OK);
  if (result != CURTAIN_OK) {
    return false;
  }
  bool ready = harness_run_until(loop, &connection->recorder.ready, 10);
  if (!ready) {
    fprintf(stderr, "%s did not become ready: %s\n", name, connection->recorder.close_message);
    harness_failures++;
  }
  return ready;
}

/* Connects two clients, named "first" and "second"; true when both are
 * ready (both must be disconnected either way). */
static bool connect_two(uv_loop_t *loop, const harness_daemon *daemon, test_connection *first,
                        test_connection *second) {
  bool ready = connect_to(loop, daemon, first, "first");
  return connect_to(loop, daemon, second, "second") && ready;
}

static void disconnect(uv_loop_t *loop, test_connection *connection) {
  if (!connection->recorder.closed && connection->client != NULL) {
    curtain_close(connection->client);
    harness_run_until(loop, &connection->recorder.closed, 10);
  }
  harness_recorder_free(&connection->recorder);
}

/* Sends a request and returns its answer when it has `result_case`. */
static const Curtain__V1__Response *call(uv_loop_t *loop, test_connection *connection,
                                         Curtain__V1__Request *request, int result_case) {
  return harness_call_ok(loop, connection->client, &connection->recorder, request, result_case);
}

static uint64_t create_controller(uv_loop_t *loop, test_connection *connection,
                                  Curtain__V1__ControllerKind kind, char *identifier) {
  Curtain__V1__CreateController body = CURTAIN__V1__CREATE_CONTROLLER__INIT;
  body.kind = kind;
  body.identifier = identifier;
  body.title = identifier;
  Curtain__V1__Request request = CURTAIN__V1__REQUEST__INIT;
  request.body_case = CURTAIN__V1__REQUEST__BODY_CREATE_CONTROLLER;
  request.create_controller = &body;
  const Curtain__V1__Response *response =
      call(loop, connection, &request, CURTAIN__V1__RESPONSE__RESULT_CONTROLLER);
  return response ? response->controller->id : 0;
}

static Curtain__V1__ControllerRef reference(char *identifier) {
  Curtain__V1__ControllerRef ref = CURTAIN__V1__CONTROLLER_REF__INIT;
  ref.ref_case = CURTAIN__V1__CONTROLLER_REF__REF_IDENTIFIER;
  ref.identifier = identifier;
  return ref;
}

/* Nav = nav[Home] as the root of a new manual-clock window; Detail waits
 * to be pushed. Returns the window id. */
static uint64_t make_navigation_window(uv_loop_t *loop, test_connection *connection) {
  create_controller(loop, connection, CURTAIN__V1__CONTROLLER_KIND__CONTROLLER_KIND_NAVIGATION,
                    "Nav");
  create_controller(loop, connection, CURTAIN__V1__CONTROLLER_KIND__CONTROLLER_KIND_CONTENT,
                    "Home");
  create_controller(loop, connection, CURTAIN__V1__CONTROLLER_KIND__CONTROLLER_KIND_CONTENT,
                    "Detail");

  Curtain__V1__ControllerRef nav = reference("Nav");
  Curtain__V1__ControllerRef home = reference("Home");
  Curtain__V1__ControllerRef *stack[] = {&home};
  Curtain__V1__SetStack set_stack = CURTAIN__V1__SET_STACK__INIT;
  set_stack.navigation = &nav;
  set_stack.n_controllers = 1;
  set_stack.controllers = stack;
  set_stack.not_animated = 1;
  Curtain__V1__Request request = CURTAIN__V1__REQUEST__INIT;
  request.body_case = CURTAIN__V1__REQUEST__BODY_SET_STACK;
  request.set_stack = &set_stack;
  call(loop, connection, &request, CURTAIN__V1__RESPONSE__RESULT_OPERATION);

  Curtain__V1__CreateWindow create_window = CURTAIN__V1__CREATE_WINDOW__INIT;
  create_window.clock = CURTAIN__V1__CLOCK_MODE__CLOCK_MODE_MANUAL;
  request = (Curtain__V1__Request)CURTAIN__V1__REQUEST__INIT;
  request.body_case = CURTAIN__V1__REQUEST__BODY_CREATE_WINDOW;
  request.create_window = &create_window;
  const Curtain__V1__Response *response =
      call(loop, connection, &request, CURTAIN__V1__RESPONSE__RESULT_WINDOW);
  if (response == NULL) {
    return 0;
  }
  uint64_t window_id = response->window->id;
  CHECK_EQ_U64(response->window->clock, CURTAIN__V1__CLOCK_MODE__CLOCK_MODE_MANUAL);

  Curtain__V1__SetRoot set_root = CURTAIN__V1__SET_ROOT__INIT;
  set_root.window_id = window_id;
  set_root.controller = &nav;
  request = (Curtain__V1__Request)CURTAIN__V1__REQUEST__INIT;
  request.body_case = CURTAIN__V1__REQUEST__BODY_SET_ROOT;
  request.set_root = &set_root;
  response = call(loop, connection, &request, CURTAIN__V1__RESPONSE__RESULT_OPERATION);
  if (response != NULL) {
    CHECK(response->operation->completed);
  }
  return window_id;
}

static uint64_t subscribe(uv_loop_t *loop, test_connection *connection, uint64_t window_id,
                          bool events, Curtain__V1__Subscribe__FramePolicy policy,
                          uint32_t credits) {
  Curtain__V1__Subscribe body = CURTAIN__V1__SUBSCRIBE__INIT;
  body.window_id = window_id;
  body.events = events;
  body.frames = 1;
  body.frame_policy = policy;
  body.frame_credits = credits;
  Curtain__V1__Request request = CURTAIN__V1__REQUEST__INIT;
  request.body_case = CURTAIN__V1__REQUEST__BODY_SUBSCRIBE;
  request.subscribe = &body;
  const Curtain__V1__Response *response =
      call(loop, connection, &request, CURTAIN__V1__RESPONSE__RESULT_SUBSCRIBED);
  return response ? response->subscribed->subscription_id : 0;
}

/* An animated push or pop on Nav; returns the operation result. */
static const Curtain__V1__OperationResult *navigate(uv_loop_t *loop, test_connection *connection,
                                                    bool push, char *trace_id) {
  Curtain__V1__ControllerRef nav = reference("Nav");
  Curtain__V1__ControllerRef detail = reference("Detail");
  Curtain__V1__Push push_body = CURTAIN__V1__PUSH__INIT;
  push_body.navigation = &nav;
  push_body.controller = &detail;
  Curtain__V1__Pop pop_body = CURTAIN__V1__POP__INIT;
  pop_body.navigation = &nav;
  Curtain__V1__Request request = CURTAIN__V1__REQUEST__INIT;
  request.trace_id = trace_id;
  if (push) {
    request.body_case = CURTAIN__V1__REQUEST__BODY_PUSH;
    request.push = &push_body;
  } else {
    request.body_case = CURTAIN__V1__REQUEST__BODY_POP;
    request.pop = &pop_body;
  }
  const Curtain__V1__Response *response =
      call(loop, connection, &request, CURTAIN__V1__RESPONSE__RESULT_OPERATION);
  return response ? response->operation : NULL;
}

static const Curtain__V1__ClockResult *advance(uv_loop_t *loop, test_connection *connection,
                                               uint64_t window_id, double seconds) {
  Curtain__V1__AdvanceClock body = CURTAIN__V1__ADVANCE_CLOCK__INIT;
  body.window_id = window_id;
  body.seconds = seconds;
  Curtain__V1__Request request = CURTAIN__V1__REQUEST__INIT;
  request.body_case = CURTAIN__V1__REQUEST__BODY_ADVANCE_CLOCK;
  request.advance_clock = &body;
  const Curtain__V1__Response *response =
      call(loop, connection, &request, CURTAIN__V1__RESPONSE__RESULT_CLOCK);
  return response ? response->clock : NULL;
}

/* A Sync round trip: everything the daemon queued for this connection
 * before it has arrived once it returns. */
static void sync_with(uv_loop_t *loop, test_connection *connection) {
  Curtain__V1__Sync body = CURTAIN__V1__SYNC__INIT;
  Curtain__V1__Request request = CURTAIN__V1__REQUEST__INIT;
  request.body_case = CURTAIN__V1__REQUEST__BODY_SYNC;
  request.sync = &body;
  call(loop, connection, &request, CURTAIN__V1__RESPONSE__RESULT_EMPTY);
}

/* Checks events[first...] have exactly the texts given, consecutive seqs,
 * the subscription, window and trace id. */
static void check_event_texts(const harness_recorder *recorder, size_t first,
                              const char *const *texts, size_t count, uint64_t subscription_id,
                              uint64_t window_id, const char *trace_id) {
  int failures_before = harness_failures;
  if (recorder->event_count < first + count) {
    fprintf(stderr, "%zu events, expected %zu\n", recorder->event_count, first + count);
    harness_failures++;
  }
  for (size_t index = 0; index < count && first + index < recorder->event_count; index++) {
    const Curtain__V1__Event *event = recorder->events[first + index];
    CHECK_EQ_STR(event->text, texts[index]);
    CHECK_EQ_U64(event->subscription_id, subscription_id);
    CHECK_EQ_U64(event->window_id, window_id);
    CHECK_EQ_STR(event->trace_id, trace_id);
    if (first + index > 0) {
      CHECK_EQ_U64(event->seq, recorder->events[first + index - 1]->seq + 1);
    }
  }
  if (harness_failures != failures_before) {
    for (size_t index = 0; index < recorder->event_count; index++) {
      const Curtain__V1__Event *event = recorder->events[index];
      fprintf(stderr, "  event %zu: seq %llu %s\n", index, (unsigned long long)event->seq,
              event->text);
    }
  }
}

static void test_push_events_and_frames_on_the_manual_clock(void) {
  uv_loop_t loop;
  harness_daemon daemon;
  if (!start_daemon(&loop, &daemon)) {
    return;
  }
  test_connection session;
  if (connect_to(&loop, &daemon, &session, "c-integration")) {
    const Curtain__V1__Welcome *welcome = session.recorder.welcome;
    CHECK_EQ_U64(welcome->protocol_version, CURTAIN_PROTOCOL_VERSION);
    CHECK(welcome->client_id > 0);
    bool frames = false;
    bool manual = false;
    for (size_t index = 0; index < welcome->n_capabilities; index++) {
      frames |= strcmp(welcome->capabilities[index], "frames") == 0;
      manual |= strcmp(welcome->capabilities[index], "manual-clock") == 0;
    }
    CHECK(frames && manual);
    CHECK_EQ_U64(welcome->limits->max_frame_bytes, 4194304);

    uint64_t window_id = make_navigation_window(&loop, &session);
    REQUIRE(window_id != 0);
    uint64_t subscription_id =
        subscribe(&loop, &session, window_id, true,
                  CURTAIN__V1__SUBSCRIBE__FRAME_POLICY__FRAME_POLICY_LATEST, 0);
    REQUIRE(subscription_id != 0);
    CHECK_EQ_U64(session.recorder.event_count, 0);

    const Curtain__V1__OperationResult *push = navigate(&loop, &session, true, "push-1");
    REQUIRE(push != NULL);
    uint64_t transition_id = push->transition_id;
    CHECK(transition_id != 0);
    CHECK(!push->completed);
    CHECK_EQ_U64(push->window_id, window_id);

    char started[64];
    snprintf(started, sizeof started, "o%llu.started", (unsigned long long)push->operation_id);
    char began[128];
    snprintf(began, sizeof began,
             "t%llu.began(push, Home → Detail, animated: true, interactive: false)",
             (unsigned long long)transition_id);
    const char *start_texts[] = {
        started,
        "Detail.willMove(Nav)",
        "Nav.childAdded(Detail)",
        "Nav.viewControllers([Home, Detail])",
        "Detail.viewDidLoad",
        "Nav.willShow(Detail, true)",
        "Home.viewWillDisappear(true)",
        "Detail.viewWillAppear(true)",
        began,
    };
    harness_wait_events(&loop, &session.recorder, 9);
    check_event_texts(&session.recorder, 0, start_texts, 9, subscription_id, window_id, "push-1");
    CHECK_EQ_U64(session.recorder.events[8]->category,
                 CURTAIN__V1__EVENT_CATEGORY__EVENT_CATEGORY_TRANSITION);
    CHECK_EQ_U64(session.recorder.events[8]->transition->phase,
                 CURTAIN__V1__TRANSITION_EVENT__PHASE__PHASE_BEGAN);
    CHECK_EQ_U64(session.recorder.events[7]->lifecycle->callback,
                 CURTAIN__V1__LIFECYCLE_EVENT__CALLBACK__CALLBACK_VIEW_WILL_APPEAR);
    CHECK_EQ_U64(session.recorder.frame_count, 0);

    /* 0.1 s into the 0.35 s push: one frame, mid-transition. */
    const Curtain__V1__ClockResult *clock = advance(&loop, &session, window_id, 0.1);
    REQUIRE(clock != NULL);
    CHECK(clock->time > 0.0999 && clock->time < 0.1001);
    CHECK_EQ_U64(clock->frames, 1);
    harness_wait_frames(&loop, &session.recorder, 1);
    REQUIRE(session.recorder.frame_count == 1);
    const Curtain__V1__Frame *frame = session.recorder.frames[0];
    CHECK_EQ_U64(frame->window_id, window_id);
    CHECK_EQ_U64(frame->frame_seq, 1);
    CHECK(frame->model_time > 0.0999 && frame->model_time < 0.1001);
    CHECK_EQ_U64(frame->frames_skipped, 0);
    CHECK(frame->n_views > 0);
    REQUIRE(frame->n_transitions == 1);
    CHECK_EQ_U64(frame->transitions[0]->transition_id, transition_id);
    CHECK(frame->transitions[0]->percent > 0 && frame->transitions[0]->percent < 1);
    CHECK(!frame->transitions[0]->interactive);
    /* The pushed view slides in from the right: between 0 and the width. */
    bool sliding = false;
    for (size_t index = 0; index < frame->n_views; index++) {
      const Curtain__V1__Rect *rect = frame->views[index]->state->frame;
      sliding |=
          strcmp(frame->views[index]->role, "controllerRoot") == 0 && rect->x > 0 && rect->x < 390;
    }
    CHECK(sliding);
    /* No event during the transition's middle. */
    CHECK_EQ_U64(session.recorder.event_count, 9);

    /* Past the end: a last frame, then the end of the push. */
    clock = advance(&loop, &session, window_id, 1);
    REQUIRE(clock != NULL);
    CHECK(clock->time > 1.0999 && clock->time < 1.1001);
    CHECK_EQ_U64(clock->frames, 1);
    char completed[64];
    snprintf(completed, sizeof completed, "o%llu.completed(cancelled: false, removed: [])",
             (unsigned long long)push->operation_id);
    char ended[64];
    snprintf(ended, sizeof ended, "t%llu.ended(cancelled: false)",
             (unsigned long long)transition_id);
    const char *end_texts[] = {
        "Home.viewDidDisappear(true)",
        "Detail.viewDidAppear(true)",
        "Detail.didMove(Nav)",
        "Nav.didShow(Detail, true)",
        ended,
        completed,
    };
    harness_wait_events(&loop, &session.recorder, 15);
    check_event_texts(&session.recorder, 9, end_texts, 6, subscription_id, window_id, "push-1");
    CHECK_EQ_U64(session.recorder.frame_count, 2);
    if (session.recorder.frame_count == 2) {
      CHECK_EQ_U64(session.recorder.frames[1]->frame_seq, 2);
    }

    /* An error response leaves the connection usable. */
    Curtain__V1__ControllerRef nav = reference("Nav");
    Curtain__V1__ControllerRef nope = reference("Nope");
    Curtain__V1__Push bad = CURTAIN__V1__PUSH__INIT;
    bad.navigation = &nav;
    bad.controller = &nope;
    Curtain__V1__Request request = CURTAIN__V1__REQUEST__INIT;
    request.body_case = CURTAIN__V1__REQUEST__BODY_PUSH;
    request.push = &bad;
    const Curtain__V1__Response *response =
        call(&loop, &session, &request, CURTAIN__V1__RESPONSE__RESULT_ERROR);
    if (response != NULL) {
      CHECK_EQ_U64(response->error->code, CURTAIN__V1__ERROR_CODE__ERROR_CODE_NOT_FOUND);
    }
    sync_with(&loop, &session);
    CHECK(!session.recorder.closed);
  }
  disconnect(&loop, &session);
  harness_daemon_stop(&loop, &daemon);
  harness_close_loop(&loop);
}

static void test_pause_policy_waits_for_frame_acks(void) {
  uv_loop_t loop;
  harness_daemon daemon;
  if (!start_daemon(&loop, &daemon)) {
    return;
  }
  test_connection driver;
  test_connection watcher;
  if (connect_two(&loop, &daemon, &driver, &watcher)) {
    uint64_t window_id = make_navigation_window(&loop, &driver);
    /* One frame in flight, then nothing until a FrameAck. */
    uint64_t subscription_id =
        subscribe(&loop, &watcher, window_id, false,
                  CURTAIN__V1__SUBSCRIBE__FRAME_POLICY__FRAME_POLICY_PAUSE, 1);
    REQUIRE(window_id != 0 && subscription_id != 0);
    REQUIRE(navigate(&loop, &driver, true, "push") != NULL);
    for (int step = 0; step < 3; step++) {
      const Curtain__V1__ClockResult *clock = advance(&loop, &driver, window_id, 0.05);
      REQUIRE(clock != NULL);
      CHECK_EQ_U64(clock->frames, 1);
    }
    sync_with(&loop, &watcher);
    CHECK_EQ_U64(watcher.recorder.frame_count, 1);
    CHECK_EQ_U64(watcher.recorder.event_count, 0);
    REQUIRE(watcher.recorder.frame_count == 1);
    CHECK_EQ_U64(watcher.recorder.frames[0]->frame_seq, 1);

    /* The acknowledgement restores the credit; the next frame reports the
     * two dropped while paused. */
    CHECK_EQ_U64(curtain_ack_frames(watcher.client, subscription_id, 1), CURTAIN_OK);
    sync_with(&loop, &watcher);
    advance(&loop, &driver, window_id, 0.05);
    sync_with(&loop, &watcher);
    REQUIRE(watcher.recorder.frame_count == 2);
    CHECK_EQ_U64(watcher.recorder.frames[1]->frame_seq, 4);
    CHECK_EQ_U64(watcher.recorder.frames[1]->frames_skipped, 2);
  }
  disconnect(&loop, &watcher);
  disconnect(&loop, &driver);
  harness_daemon_stop(&loop, &daemon);
  harness_close_loop(&loop);
}

/* curtain-frames as a child process, with its output collected. */
typedef struct frames_process {
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
  bool subscribed;
} frames_process;

static void frames_alloc(uv_handle_t *handle, size_t suggested, uv_buf_t *buffer) {
  (void)suggested;
  frames_process *child = handle->data;
  bool is_out = handle == (uv_handle_t *)&child->out;
  char *text = is_out ? child->out_text : child->err_text;
  size_t length = is_out ? child->out_length : child->err_length;
  size_t capacity = is_out ? sizeof child->out_text : sizeof child->err_text;
  *buffer = uv_buf_init(text + length, (unsigned)(capacity - 1 - length));
}

static void frames_pipe_closed(uv_handle_t *handle) {
  frames_process *child = handle->data;
  child->pipes_open--;
}

static void frames_read(uv_stream_t *stream, ssize_t count, const uv_buf_t *buffer) {
  (void)buffer;
  frames_process *child = stream->data;
  if (count < 0 || (count == 0 && buffer->len == 0)) {
    uv_read_stop(stream);
    if (!uv_is_closing((uv_handle_t *)stream)) {
      uv_close((uv_handle_t *)stream, frames_pipe_closed);
    }
    return;
  }
  if (stream == (uv_stream_t *)&child->out) {
    child->out_length += (size_t)count;
    child->out_text[child->out_length] = '\0';
  } else {
    child->err_length += (size_t)count;
    child->err_text[child->err_length] = '\0';
    child->subscribed = strstr(child->err_text, "subscribed to") != NULL;
  }
}

static void frames_exited(uv_process_t *process, int64_t status, int signal) {
  frames_process *child = process->data;
  child->exited = true;
  child->exit_status = status;
  child->term_signal = signal;
  uv_close((uv_handle_t *)process, NULL);
}

static bool frames_start(uv_loop_t *loop, frames_process *child, char **arguments) {
  memset(child, 0, sizeof *child);
  uv_pipe_init(loop, &child->out, 0);
  uv_pipe_init(loop, &child->err, 0);
  child->out.data = child;
  child->err.data = child;
  child->process.data = child;
  child->pipes_open = 2;
  uv_stdio_container_t stdio[3] = {
      {.flags = UV_IGNORE},
      {.flags = UV_CREATE_PIPE | UV_WRITABLE_PIPE, .data.stream = (uv_stream_t *)&child->out},
      {.flags = UV_CREATE_PIPE | UV_WRITABLE_PIPE, .data.stream = (uv_stream_t *)&child->err},
  };
  uv_process_options_t options = {
      .exit_cb = frames_exited,
      .file = arguments[0],
      .args = arguments,
      .stdio = stdio,
      .stdio_count = 3,
  };
  int result = uv_spawn(loop, &child->process, &options);
  if (result < 0) {
    fprintf(stderr, "spawn %s: %s\n", arguments[0], uv_strerror(result));
    harness_failures++;
    uv_close((uv_handle_t *)&child->out, frames_pipe_closed);
    uv_close((uv_handle_t *)&child->err, frames_pipe_closed);
    uv_close((uv_handle_t *)&child->process, NULL);
    uv_run(loop, UV_RUN_NOWAIT);
    return false;
  }
  uv_read_start((uv_stream_t *)&child->out, frames_alloc, frames_read);
  uv_read_start((uv_stream_t *)&child->err, frames_alloc, frames_read);
  return true;
}

/* Waits for the exit and the end of both pipes (killing it after 10 s). */
static void frames_wait(uv_loop_t *loop, frames_process *child) {
  if (!harness_run_until(loop, &child->exited, 10)) {
    fprintf(stderr, "curtain-frames did not exit; killing it\n");
    harness_failures++;
    uv_process_kill(&child->process, SIGKILL);
    harness_run_until(loop, &child->exited, 10);
  }
  bool never = false;
  for (int turn = 0; turn < 1000 && child->pipes_open > 0; turn++) {
    harness_run_until(loop, &never, 0.01);
  }
  CHECK_EQ_U64(child->pipes_open, 0);
}

static size_t count_lines(const char *text) {
  size_t lines = 0;
  for (const char *c = text; *c; c++) {
    lines += *c == '\n';
  }
  return lines;
}

static void test_curtain_frames_prints_frames_and_a_summary(void) {
  const char *program = getenv("CURTAIN_FRAMES");
  if (program == NULL || program[0] == '\0') {
    fprintf(stderr, "set CURTAIN_FRAMES to the built curtain-frames\n");
    harness_failures++;
    return;
  }
  uv_loop_t loop;
  harness_daemon daemon;
  if (!start_daemon(&loop, &daemon)) {
    return;
  }
  test_connection driver;
  if (connect_to(&loop, &daemon, &driver, "driver")) {
    uint64_t window_id = make_navigation_window(&loop, &driver);
    REQUIRE(window_id == 1);

    /* --count 2: two frame lines, then the summary, then exit 0. */
    char *arguments[] = {
        (char *)program, "--socket", daemon.socket_path, "--count", "2", "w1", NULL};
    frames_process child;
    if (frames_start(&loop, &child, arguments)) {
      if (harness_run_until(&loop, &child.subscribed, 10)) {
        navigate(&loop, &driver, true, "push");
        advance(&loop, &driver, window_id, 0.1);
        advance(&loop, &driver, window_id, 0.1);
      } else {
        fprintf(stderr, "curtain-frames did not subscribe: %s\n", child.err_text);
        harness_failures++;
      }
      frames_wait(&loop, &child);
      CHECK_EQ_U64(child.exit_status, 0);
      CHECK_EQ_U64(child.term_signal, 0);
      CHECK_EQ_U64(count_lines(child.out_text), 3);
      CHECK(strncmp(child.out_text, "1  w1  t=0.100  v", 17) == 0);
      const char *second = strchr(child.out_text, '\n');
      CHECK(second != NULL && strncmp(second + 1, "2  w1  t=0.200  v", 17) == 0);
      CHECK(strstr(child.out_text, "  t1 ") != NULL);
      CHECK(strstr(child.out_text, "\n2 frames in ") != NULL);
      CHECK(strstr(child.out_text, " fps") != NULL);
      CHECK(strstr(child.out_text, ", 0 skipped\n") != NULL);
      if (harness_failures > 0) {
        fprintf(stderr, "curtain-frames printed:\n%s\nand on stderr:\n%s\n", child.out_text,
                child.err_text);
      }
    }

    /* A window that does not exist: a clear error and exit status 1. */
    char *missing[] = {(char *)program, "--socket", daemon.socket_path, "w9", NULL};
    if (frames_start(&loop, &child, missing)) {
      frames_wait(&loop, &child);
      CHECK_EQ_U64(child.exit_status, 1);
      CHECK(strstr(child.err_text, "cannot subscribe to w9: NOT_FOUND") != NULL);
      CHECK_EQ_U64(child.out_length, 0);
    }

    /* SIGINT stops it with the summary. */
    char *interrupted[] = {(char *)program, "--socket", daemon.socket_path, "1", NULL};
    if (frames_start(&loop, &child, interrupted)) {
      if (harness_run_until(&loop, &child.subscribed, 10)) {
        advance(&loop, &driver, window_id, 0.1);
        CHECK(harness_wait_count(&loop, &child.out_length, 1));
        uv_process_kill(&child.process, SIGINT);
      }
      frames_wait(&loop, &child);
      CHECK_EQ_U64(child.exit_status, 0);
      CHECK_EQ_U64(count_lines(child.out_text), 2);
      CHECK(strncmp(child.out_text, "3  w1  t=0.300  v", 17) == 0);
      CHECK(strstr(child.out_text, "\n1 frame in ") != NULL);
    }

    /* The window closing stops it too; --quiet prints only the summary. */
    char *quiet[] = {(char *)program, "--socket", daemon.socket_path, "--quiet", "w1", NULL};
    if (frames_start(&loop, &child, quiet)) {
      if (harness_run_until(&loop, &child.subscribed, 10)) {
        advance(&loop, &driver, window_id, 1);
        Curtain__V1__CloseWindow close_window = CURTAIN__V1__CLOSE_WINDOW__INIT;
        close_window.window_id = window_id;
        Curtain__V1__Request request = CURTAIN__V1__REQUEST__INIT;
        request.body_case = CURTAIN__V1__REQUEST__BODY_CLOSE_WINDOW;
        request.close_window = &close_window;
        call(&loop, &driver, &request, CURTAIN__V1__RESPONSE__RESULT_EMPTY);
      }
      frames_wait(&loop, &child);
      CHECK_EQ_U64(child.exit_status, 0);
      CHECK_EQ_U64(count_lines(child.out_text), 1);
      CHECK(strncmp(child.out_text, "1 frame in ", 11) == 0);
      CHECK(strstr(child.err_text, "w1 was closed") != NULL);
    }
  }
  disconnect(&loop, &driver);
  harness_daemon_stop(&loop, &daemon);
  harness_close_loop(&loop);
}

/* Runs the loop until a new connection is ready or closed. */
static void wait_settled(uv_loop_t *loop, test_connection *connection) {
  harness_recorder *recorder = &connection->recorder;
  bool settled = false;
  for (int turn = 0; turn < 1000 && !settled; turn++) {
    harness_run_until(loop, &recorder->ready, 0.01);
    settled = recorder->ready || recorder->closed;
  }
  CHECK(settled);
}

/* Connects over TCP with a token and runs the loop until the client is
 * ready or closed. */
static void connect_tcp(uv_loop_t *loop, const char *host, uint16_t port, const char *token,
                        test_connection *connection) {
  memset(connection, 0, sizeof *connection);
  curtain_options options = {.client_name = "tcp", .token = token};
  CHECK_EQ_U64(curtain_connect_tcp(loop, host, port, &options, &harness_recorder_callbacks,
                                   &connection->recorder, &connection->client),
               CURTAIN_OK);
  wait_settled(loop, connection);
}

/* Connects with curtain_connect (an address as the CLI takes it, NULL for
 * the default) and runs the loop until the client is ready or closed. */
static void connect_address(uv_loop_t *loop, const char *address, test_connection *connection) {
  memset(connection, 0, sizeof *connection);
  curtain_options options = {.client_name = "address"};
  CHECK_EQ_U64(curtain_connect(loop, address, &options, &harness_recorder_callbacks,
                               &connection->recorder, &connection->client),
               CURTAIN_OK);
  wait_settled(loop, connection);
}

static void test_tcp_with_a_token(void) {
  char directory[] = "/tmp/curtain-c-token-XXXXXX";
  REQUIRE(mkdtemp(directory) != NULL);
  char token_path[64];
  snprintf(token_path, sizeof token_path, "%s/token", directory);
  FILE *file = fopen(token_path, "w");
  REQUIRE(file != NULL);
  fputs("  secret-token\n", file);
  fclose(file);

  uv_loop_t loop;
  uv_loop_init(&loop);
  harness_daemon daemon;
  const char *arguments[] = {"--listen", "127.0.0.1:0", "--token-file", token_path};
  if (harness_daemon_start_with(&loop, &daemon, arguments, 4, 2)) {
    uint16_t port = harness_daemon_tcp_port(&daemon);
    CHECK(port != 0);

    /* A wrong token: the handshake is refused with the daemon's reason. */
    test_connection refused;
    connect_tcp(&loop, "127.0.0.1", port, "wrong", &refused);
    harness_run_until(&loop, &refused.recorder.closed, 10);
    CHECK(!refused.recorder.ready);
    CHECK_EQ_U64(refused.recorder.close_status, (uint64_t)CURTAIN_E_HANDSHAKE);
    CHECK(strncmp(refused.recorder.close_message, "UNAUTHENTICATED: ", 17) == 0);
    harness_recorder_free(&refused.recorder);

    /* The right token, with the host by name (resolved on libuv's thread
     * pool; the client tries each address it resolves to in turn). */
    test_connection accepted;
    connect_tcp(&loop, "localhost", port, "secret-token", &accepted);
    CHECK(accepted.recorder.ready);
    if (accepted.recorder.ready) {
      sync_with(&loop, &accepted);
      curtain_close(accepted.client);
      harness_run_until(&loop, &accepted.recorder.closed, 10);
      CHECK_EQ_U64(accepted.recorder.close_status, (uint64_t)CURTAIN_E_CLOSED);
    }
    disconnect(&loop, &accepted);

    /* An address as the CLI takes it, the token from $CURTAIN_TOKEN. */
    char address[64];
    snprintf(address, sizeof address, "tcp://127.0.0.1:%u", port);
    setenv("CURTAIN_TOKEN", "secret-token", 1);
    connect_address(&loop, address, &accepted);
    CHECK(accepted.recorder.ready);
    disconnect(&loop, &accepted);
    /* ... and from $CURTAIN_SOCKET, the default; an explicit token wins. */
    setenv("CURTAIN_SOCKET", "tcp://localhost:0", 1);
    CHECK_EQ_U64(curtain_connect(&loop, NULL, NULL, NULL, NULL, &accepted.client),
                 (uint64_t)CURTAIN_E_INVALID);
    snprintf(address, sizeof address, "tcp://localhost:%u", port);
    setenv("CURTAIN_SOCKET", address, 1);
    connect_address(&loop, NULL, &accepted);
    CHECK(accepted.recorder.ready);
    disconnect(&loop, &accepted);
    setenv("CURTAIN_TOKEN", "wrong", 1);
    connect_address(&loop, NULL, &refused);
    harness_run_until(&loop, &refused.recorder.closed, 10);
    CHECK_EQ_U64(refused.recorder.close_status, (uint64_t)CURTAIN_E_HANDSHAKE);
    harness_recorder_free(&refused.recorder);

    /* curtain-frames takes the same address and token: it connects and
     * reports the missing window (exit 1), or the refused token. */
    const char *program = getenv("CURTAIN_FRAMES");
    CHECK(program != NULL && program[0] != '\0');
    snprintf(address, sizeof address, "tcp://127.0.0.1:%u", port);
    char *by_socket[] = {(char *)program, "--socket", address, "w9", NULL};
    char *by_default[] = {(char *)program, "w9", NULL};
    char *by_file[] = {(char *)program, "--socket", address, "--token-file",
                       token_path,      "w9",       NULL};
    frames_process child;
    if (program != NULL && frames_start(&loop, &child, by_socket)) {
      frames_wait(&loop, &child);
      CHECK_EQ_U64(child.exit_status, 1);
      CHECK(strstr(child.err_text, "UNAUTHENTICATED") != NULL);
    }
    setenv("CURTAIN_TOKEN", "secret-token", 1);
    if (program != NULL && frames_start(&loop, &child, by_socket)) {
      frames_wait(&loop, &child);
      CHECK_EQ_U64(child.exit_status, 1);
      CHECK(strstr(child.err_text, "cannot subscribe to w9: NOT_FOUND") != NULL);
    }
    if (program != NULL && frames_start(&loop, &child, by_default)) {
      frames_wait(&loop, &child);
      CHECK_EQ_U64(child.exit_status, 1);
      CHECK(strstr(child.err_text, "cannot subscribe to w9: NOT_FOUND") != NULL);
    }
    unsetenv("CURTAIN_TOKEN");
    if (program != NULL && frames_start(&loop, &child, by_file)) {
      frames_wait(&loop, &child);
      CHECK_EQ_U64(child.exit_status, 1);
      CHECK(strstr(child.err_text, "cannot subscribe to w9: NOT_FOUND") != NULL);
    }
    unsetenv("CURTAIN_SOCKET");
    char *bad[] = {(char *)program, "--socket", "tcp://127.0.0.1:0", "w1", NULL};
    if (program != NULL && frames_start(&loop, &child, bad)) {
      frames_wait(&loop, &child);
      CHECK_EQ_U64(child.exit_status, 2);
      CHECK(strstr(child.err_text, "--socket needs a socket path or tcp://HOST:PORT") != NULL);
    }

    harness_daemon_stop(&loop, &daemon);
  }
  unlink(token_path);
  rmdir(directory);
  harness_close_loop(&loop);
}

static void test_shutdown_says_goodbye(void) {
  uv_loop_t loop;
  harness_daemon daemon;
  if (!start_daemon(&loop, &daemon)) {
    return;
  }
  test_connection first;
  test_connection second;
  if (connect_two(&loop, &daemon, &first, &second)) {
    Curtain__V1__Shutdown body = CURTAIN__V1__SHUTDOWN__INIT;
    Curtain__V1__Request request = CURTAIN__V1__REQUEST__INIT;
    request.body_case = CURTAIN__V1__REQUEST__BODY_SHUTDOWN;
    request.shutdown = &body;
    call(&loop, &first, &request, CURTAIN__V1__RESPONSE__RESULT_EMPTY);
    harness_run_until(&loop, &first.recorder.closed, 10);
    harness_run_until(&loop, &second.recorder.closed, 10);
    test_connection *both[] = {&first, &second};
    for (size_t index = 0; index < 2; index++) {
      harness_recorder *recorder = &both[index]->recorder;
      CHECK(recorder->closed);
      CHECK_EQ_U64(recorder->close_status, (uint64_t)CURTAIN_E_GOODBYE);
      CHECK(recorder->goodbye != NULL &&
            recorder->goodbye->reason == CURTAIN__V1__GOODBYE__REASON__REASON_SHUTDOWN);
    }
  }
  disconnect(&loop, &first);
  disconnect(&loop, &second);
  harness_daemon_wait(&loop, &daemon);
  harness_close_loop(&loop);
}

int main(void) {
  signal(SIGPIPE, SIG_IGN);
  static const harness_test tests[] = {
      {"push: events and frames on the manual clock",
       test_push_events_and_frames_on_the_manual_clock},
      {"PAUSE policy waits for FrameAcks", test_pause_policy_waits_for_frame_acks},
      {"curtain-frames prints frames and a summary",
       test_curtain_frames_prints_frames_and_a_summary},
      {"TCP with a token", test_tcp_with_a_token},
      {"Shutdown says goodbye", test_shutdown_says_goodbye},
  };
  return harness_run(tests, sizeof tests / sizeof tests[0]);
}
