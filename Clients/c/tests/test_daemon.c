/*
 * libcurtain against the real curtaind (CURTAIND, built by swift build) on a
 * temporary socket: the handshake, creating a window on the manual clock,
 * subscribing, an animated push whose events and frames arrive in order,
 * advancing the clock, error responses, the PAUSE frame policy with
 * FrameAck on a second connection, the running transitions
 * (ListTransitions), curtain-frames (CURTAIN_FRAMES) run
 * against the daemon, and a Shutdown that says goodbye to every client.
 * Each test stops its daemon and checks that it exited 0 and removed its
 * socket.
 */
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"
#include "session.h"

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

    const Curtain__V1__OperationResult *push =
        navigate(&loop, &session, true, "push-1", CURTAIN__V1__WAIT_UNTIL__WAIT_UNTIL_ACCEPTED);
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
    /* ListTransitions: the push, as far as the window's clock has come. */
    uint64_t detail_id = controller_id(&loop, &session, "Detail");
    Curtain__V1__ListTransitions list = CURTAIN__V1__LIST_TRANSITIONS__INIT;
    list.window_id = window_id;
    Curtain__V1__Request listing = CURTAIN__V1__REQUEST__INIT;
    listing.body_case = CURTAIN__V1__REQUEST__BODY_LIST_TRANSITIONS;
    listing.list_transitions = &list;
    const Curtain__V1__Response *running =
        call(&loop, &session, &listing, CURTAIN__V1__RESPONSE__RESULT_TRANSITIONS);
    REQUIRE(running != NULL && running->transitions->n_transitions == 1);
    const Curtain__V1__TransitionInfo *info = running->transitions->transitions[0];
    CHECK_EQ_U64(info->transition_id, transition_id);
    CHECK_EQ_U64(info->window_id, window_id);
    CHECK_EQ_STR(info->kind, "push");
    CHECK_EQ_U64(info->to_id, detail_id);
    CHECK(info->percent > 0.2857 && info->percent < 0.2858);
    CHECK(!info->interactive);
    CHECK_EQ_U64(info->owner_client_id, welcome->client_id);
    CHECK_EQ_STR(info->owner_name, "c-integration");
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
    REQUIRE(navigate(&loop, &driver, true, "push", CURTAIN__V1__WAIT_UNTIL__WAIT_UNTIL_ACCEPTED) !=
            NULL);
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

/* Subscribe{max_fps} on a manual window: of a push moved 1/60 s at a time,
 * a 5-fps watcher gets its first frame, the first from 0.2 s and its last,
 * with the frames left out counted; a rate of 0 is refused. */
static void test_a_watcher_at_five_frames_a_second(void) {
  uv_loop_t loop;
  harness_daemon daemon;
  if (!start_daemon(&loop, &daemon)) {
    return;
  }
  test_connection driver;
  test_connection watcher;
  if (connect_two(&loop, &daemon, &driver, &watcher)) {
    uint64_t window_id = make_navigation_window(&loop, &driver);
    REQUIRE(window_id != 0);
    Curtain__V1__Subscribe body = CURTAIN__V1__SUBSCRIBE__INIT;
    body.window_id = window_id;
    body.frames = 1;
    body._max_fps_case = CURTAIN__V1__SUBSCRIBE___MAX_FPS_MAX_FPS;
    body.max_fps = 0;
    Curtain__V1__Request request = CURTAIN__V1__REQUEST__INIT;
    request.body_case = CURTAIN__V1__REQUEST__BODY_SUBSCRIBE;
    request.subscribe = &body;
    const Curtain__V1__Response *refused =
        harness_call(&loop, watcher.client, &watcher.recorder, &request);
    REQUIRE(refused != NULL);
    CHECK_EQ_U64(refused->result_case, CURTAIN__V1__RESPONSE__RESULT_ERROR);
    CHECK_EQ_U64(refused->error->code, CURTAIN__V1__ERROR_CODE__ERROR_CODE_INVALID_ARGUMENT);
    CHECK(strstr(refused->error->message, "max_fps must be a number of frames a second") != NULL);

    body.max_fps = 5;
    REQUIRE(call(&loop, &watcher, &request, CURTAIN__V1__RESPONSE__RESULT_SUBSCRIBED) != NULL);
    REQUIRE(navigate(&loop, &driver, true, "push", CURTAIN__V1__WAIT_UNTIL__WAIT_UNTIL_ACCEPTED) !=
            NULL);
    for (int k = 1; k <= 30; k++) {
      REQUIRE(advance_to(&loop, &driver, window_id, k / 60.0) != NULL);
    }
    sync_with(&loop, &watcher);
    REQUIRE(watcher.recorder.frame_count == 3);
    const uint64_t seqs[] = {1, 12, 21};
    const uint64_t skipped[] = {0, 10, 8};
    for (size_t i = 0; i < 3; i++) {
      CHECK_EQ_U64(watcher.recorder.frames[i]->frame_seq, seqs[i]);
      CHECK_EQ_U64(watcher.recorder.frames[i]->frames_skipped, skipped[i]);
    }
    CHECK_EQ_U64(watcher.recorder.frames[2]->n_transitions, 0);
  }
  disconnect(&loop, &watcher);
  disconnect(&loop, &driver);
  harness_daemon_stop(&loop, &daemon);
  harness_close_loop(&loop);
}

static size_t count_lines(const char *text) {
  size_t lines = 0;
  for (const char *c = text; *c; c++) {
    lines += *c == '\n';
  }
  return lines;
}

static void test_curtain_frames_prints_frames_and_a_summary(void) {
  const char *program = example_program("CURTAIN_FRAMES");
  if (program == NULL) {
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
    child_process child;
    if (child_start(&loop, &child, arguments)) {
      if (harness_run_until(&loop, &child.subscribed, 10)) {
        navigate(&loop, &driver, true, "push", CURTAIN__V1__WAIT_UNTIL__WAIT_UNTIL_ACCEPTED);
        advance(&loop, &driver, window_id, 0.1);
        advance(&loop, &driver, window_id, 0.1);
      } else {
        fprintf(stderr, "curtain-frames did not subscribe: %s\n", child.err_text);
        harness_failures++;
      }
      child_wait(&loop, &child);
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
    if (child_start(&loop, &child, missing)) {
      child_wait(&loop, &child);
      CHECK_EQ_U64(child.exit_status, 1);
      CHECK(strstr(child.err_text, "cannot subscribe to w9: NOT_FOUND") != NULL);
      CHECK_EQ_U64(child.out_length, 0);
    }

    /* SIGINT stops it with the summary. */
    char *interrupted[] = {(char *)program, "--socket", daemon.socket_path, "1", NULL};
    if (child_start(&loop, &child, interrupted)) {
      if (harness_run_until(&loop, &child.subscribed, 10)) {
        advance(&loop, &driver, window_id, 0.1);
        CHECK(harness_wait_count(&loop, &child.out_length, 1));
        uv_process_kill(&child.process, SIGINT);
      }
      child_wait(&loop, &child);
      CHECK_EQ_U64(child.exit_status, 0);
      CHECK_EQ_U64(count_lines(child.out_text), 2);
      CHECK(strncmp(child.out_text, "3  w1  t=0.300  v", 17) == 0);
      CHECK(strstr(child.out_text, "\n1 frame in ") != NULL);
    }

    /* The window closing stops it too; --quiet prints only the summary. */
    char *quiet[] = {(char *)program, "--socket", daemon.socket_path, "--quiet", "w1", NULL};
    if (child_start(&loop, &child, quiet)) {
      if (harness_run_until(&loop, &child.subscribed, 10)) {
        advance(&loop, &driver, window_id, 1);
        Curtain__V1__CloseWindow close_window = CURTAIN__V1__CLOSE_WINDOW__INIT;
        close_window.window_id = window_id;
        Curtain__V1__Request request = CURTAIN__V1__REQUEST__INIT;
        request.body_case = CURTAIN__V1__REQUEST__BODY_CLOSE_WINDOW;
        request.close_window = &close_window;
        call(&loop, &driver, &request, CURTAIN__V1__RESPONSE__RESULT_EMPTY);
      }
      child_wait(&loop, &child);
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

/* curtain-frames --fps 5: of a push moved 1/60 s at a time, its first
 * frame, the first from 0.2 s (ten left out) and its last (eight); --fps 0
 * is bad usage. */
static void test_curtain_frames_at_five_frames_a_second(void) {
  const char *program = example_program("CURTAIN_FRAMES");
  if (program == NULL) {
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
    char *slow[] = {
        (char *)program, "--socket", daemon.socket_path, "--fps", "5", "--count", "3", "w1", NULL};
    child_process child;
    if (child_start(&loop, &child, slow)) {
      if (harness_run_until(&loop, &child.subscribed, 10)) {
        navigate(&loop, &driver, true, "push", CURTAIN__V1__WAIT_UNTIL__WAIT_UNTIL_ACCEPTED);
        for (int k = 1; k <= 21; k++) {
          advance_to(&loop, &driver, window_id, k / 60.0);
        }
      } else {
        fprintf(stderr, "curtain-frames did not subscribe: %s\n", child.err_text);
        harness_failures++;
      }
      child_wait(&loop, &child);
      CHECK_EQ_U64(child.exit_status, 0);
      CHECK_EQ_U64(count_lines(child.out_text), 4);
      CHECK(strncmp(child.out_text, "1  w1  t=0.017  v", 17) == 0);
      CHECK(strstr(child.out_text, "\n12  w1  t=0.200  v") != NULL);
      CHECK(strstr(child.out_text, "  (skipped 10)\n") != NULL);
      CHECK(strstr(child.out_text, "\n21  w1  t=0.350  v") != NULL);
      CHECK(strstr(child.out_text, "  (skipped 8)\n") != NULL);
      CHECK(strstr(child.out_text, "\n3 frames in ") != NULL);
      CHECK(strstr(child.out_text, ", 18 skipped\n") != NULL);
      if (harness_failures > 0) {
        fprintf(stderr, "curtain-frames --fps 5 printed:\n%s\nand on stderr:\n%s\n", child.out_text,
                child.err_text);
      }
    }
    char *zero[] = {(char *)program, "--socket", daemon.socket_path, "--fps", "0", "w1", NULL};
    if (child_start(&loop, &child, zero)) {
      child_wait(&loop, &child);
      CHECK_EQ_U64(child.exit_status, 2);
      CHECK(strstr(child.err_text,
                   "--fps needs a number of frames a second from 0.01 to 240: '0'") != NULL);
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
    child_process child;
    if (program != NULL && child_start(&loop, &child, by_socket)) {
      child_wait(&loop, &child);
      CHECK_EQ_U64(child.exit_status, 1);
      CHECK(strstr(child.err_text, "UNAUTHENTICATED") != NULL);
    }
    setenv("CURTAIN_TOKEN", "secret-token", 1);
    if (program != NULL && child_start(&loop, &child, by_socket)) {
      child_wait(&loop, &child);
      CHECK_EQ_U64(child.exit_status, 1);
      CHECK(strstr(child.err_text, "cannot subscribe to w9: NOT_FOUND") != NULL);
    }
    if (program != NULL && child_start(&loop, &child, by_default)) {
      child_wait(&loop, &child);
      CHECK_EQ_U64(child.exit_status, 1);
      CHECK(strstr(child.err_text, "cannot subscribe to w9: NOT_FOUND") != NULL);
    }
    unsetenv("CURTAIN_TOKEN");
    if (program != NULL && child_start(&loop, &child, by_file)) {
      child_wait(&loop, &child);
      CHECK_EQ_U64(child.exit_status, 1);
      CHECK(strstr(child.err_text, "cannot subscribe to w9: NOT_FOUND") != NULL);
    }
    unsetenv("CURTAIN_SOCKET");
    char *bad[] = {(char *)program, "--socket", "tcp://127.0.0.1:0", "w1", NULL};
    if (program != NULL && child_start(&loop, &child, bad)) {
      child_wait(&loop, &child);
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

/* The answer to curtain_set_window_speed. */
typedef struct speed_answer {
  bool done;
  int status;
  int error_code;
  double speed;
} speed_answer;

static void on_speed(curtain_client *client, int status, const Curtain__V1__Response *response,
                     void *data) {
  (void)client;
  speed_answer *answer = data;
  answer->done = true;
  answer->status = status;
  if (response == NULL) {
    return;
  }
  if (response->result_case == CURTAIN__V1__RESPONSE__RESULT_ERROR) {
    answer->error_code = (int)response->error->code;
  } else if (response->result_case == CURTAIN__V1__RESPONSE__RESULT_WINDOW) {
    answer->speed = response->window->speed;
  }
}

static void test_slow_motion_sets_a_realtime_windows_speed(void) {
  uv_loop_t loop;
  harness_daemon daemon;
  if (!start_daemon(&loop, &daemon)) {
    return;
  }
  test_connection session;
  if (connect_to(&loop, &daemon, &session, "c-speed")) {
    Curtain__V1__CreateWindow create = CURTAIN__V1__CREATE_WINDOW__INIT;
    Curtain__V1__Request request = CURTAIN__V1__REQUEST__INIT;
    request.body_case = CURTAIN__V1__REQUEST__BODY_CREATE_WINDOW;
    request.create_window = &create;
    const Curtain__V1__Response *made =
        call(&loop, &session, &request, CURTAIN__V1__RESPONSE__RESULT_WINDOW);
    REQUIRE(made != NULL);
    uint64_t realtime = made->window->id;
    CHECK(made->window->speed == 1);

    speed_answer answer = {0};
    CHECK_EQ_U64(curtain_set_window_speed(session.client, NULL, realtime, 0.25, on_speed, &answer),
                 CURTAIN_OK);
    CHECK(harness_run_until(&loop, &answer.done, 10));
    CHECK_EQ_U64(answer.status, CURTAIN_OK);
    CHECK(answer.speed == 0.25);

    /* Refused before anything is sent. */
    CHECK_EQ_U64(curtain_set_window_speed(session.client, NULL, realtime, 0, NULL, NULL),
                 CURTAIN_E_INVALID);
    CHECK_EQ_STR(curtain_last_error(session.client),
                 "speed 0 is not from 0.01 to 100 (1 is real time)");
    CHECK_EQ_U64(curtain_set_window_speed(session.client, NULL, realtime, NAN, NULL, NULL),
                 CURTAIN_E_INVALID);
    CHECK_EQ_U64(curtain_set_window_speed(session.client, NULL, 0, 1, NULL, NULL),
                 CURTAIN_E_INVALID);
    CHECK_EQ_STR(curtain_last_error(session.client), "no window id (0)");

    /* A manual window's time is the client's: the daemon refuses. */
    uint64_t manual = make_empty_window(&loop, &session);
    REQUIRE(manual != 0);
    speed_answer refused = {0};
    CHECK_EQ_U64(curtain_set_window_speed(session.client, NULL, manual, 0.5, on_speed, &refused),
                 CURTAIN_OK);
    CHECK(harness_run_until(&loop, &refused.done, 10));
    CHECK_EQ_U64(refused.error_code, CURTAIN__V1__ERROR_CODE__ERROR_CODE_INVALID_ARGUMENT);
  }
  disconnect(&loop, &session);
  harness_daemon_stop(&loop, &daemon);
  harness_close_loop(&loop);
}

/* The tree of a window at a moment of its past: GetTree with a PastPoint,
 * replayed by the daemon without touching the window (docs/protocol.md,
 * "The past"). */
static const Curtain__V1__Response *past_tree(uv_loop_t *loop, test_connection *connection,
                                              uint64_t window, uint64_t seq) {
  Curtain__V1__PastPoint past = CURTAIN__V1__PAST_POINT__INIT;
  past.point_case = CURTAIN__V1__PAST_POINT__POINT_SEQ;
  past.seq = seq;
  Curtain__V1__GetTree body = CURTAIN__V1__GET_TREE__INIT;
  body.window_id = window;
  body.past = &past;
  Curtain__V1__Request request = CURTAIN__V1__REQUEST__INIT;
  request.body_case = CURTAIN__V1__REQUEST__BODY_GET_TREE;
  request.get_tree = &body;
  return harness_call(loop, connection->client, &connection->recorder, &request);
}

static void test_the_past_of_a_window(void) {
  uv_loop_t loop;
  harness_daemon daemon;
  if (!start_daemon(&loop, &daemon)) {
    return;
  }
  test_connection session;
  if (connect_to(&loop, &daemon, &session, "c-past")) {
    uint64_t window = make_navigation_window(&loop, &session);
    REQUIRE(window != 0);
    Curtain__V1__GetTree get = CURTAIN__V1__GET_TREE__INIT;
    get.window_id = window;
    Curtain__V1__Request request = CURTAIN__V1__REQUEST__INIT;
    request.body_case = CURTAIN__V1__REQUEST__BODY_GET_TREE;
    request.get_tree = &get;
    const Curtain__V1__Response *before =
        call(&loop, &session, &request, CURTAIN__V1__RESPONSE__RESULT_TREE);
    REQUIRE(before != NULL);
    uint64_t seq = before->tree->window->last_seq;
    CHECK_EQ_U64(before->tree->root->n_children, 1);

    Curtain__V1__ControllerRef nav = reference("Nav");
    Curtain__V1__ControllerRef detail = reference("Detail");
    Curtain__V1__Push push = CURTAIN__V1__PUSH__INIT;
    push.navigation = &nav;
    push.controller = &detail;
    push.not_animated = 1;
    Curtain__V1__Request pushing = CURTAIN__V1__REQUEST__INIT;
    pushing.body_case = CURTAIN__V1__REQUEST__BODY_PUSH;
    pushing.push = &push;
    REQUIRE(call(&loop, &session, &pushing, CURTAIN__V1__RESPONSE__RESULT_OPERATION) != NULL);
    CHECK_EQ_U64(tree_root(&loop, &session, window)->n_children, 2);

    const Curtain__V1__Response *then = past_tree(&loop, &session, window, seq);
    REQUIRE(then != NULL && then->result_case == CURTAIN__V1__RESPONSE__RESULT_TREE);
    CHECK_EQ_U64(then->tree->window->last_seq, seq);
    CHECK_EQ_U64(then->tree->root->n_children, 1);
    CHECK_EQ_STR(then->tree->root->children[0]->identifier, "Home");
    /* The live window is untouched. */
    CHECK_EQ_U64(tree_root(&loop, &session, window)->n_children, 2);

    const Curtain__V1__Response *refused = past_tree(&loop, &session, window, 0);
    REQUIRE(refused != NULL && refused->result_case == CURTAIN__V1__RESPONSE__RESULT_ERROR);
    CHECK_EQ_U64(refused->error->code, CURTAIN__V1__ERROR_CODE__ERROR_CODE_INVALID_ARGUMENT);
    CHECK_EQ_STR(refused->error->message, "A past moment's seq counts from 1, got 0");
  }
  disconnect(&loop, &session);
  harness_daemon_stop(&loop, &daemon);
  harness_close_loop(&loop);
}

int main(void) {
  signal(SIGPIPE, SIG_IGN);
  static const harness_test tests[] = {
      {"push: events and frames on the manual clock",
       test_push_events_and_frames_on_the_manual_clock},
      {"PAUSE policy waits for FrameAcks", test_pause_policy_waits_for_frame_acks},
      {"a watcher at five frames a second", test_a_watcher_at_five_frames_a_second},
      {"curtain-frames prints frames and a summary",
       test_curtain_frames_prints_frames_and_a_summary},
      {"curtain-frames at five frames a second", test_curtain_frames_at_five_frames_a_second},
      {"TCP with a token", test_tcp_with_a_token},
      {"Shutdown says goodbye", test_shutdown_says_goodbye},
      {"slow motion sets a realtime window's speed",
       test_slow_motion_sets_a_realtime_windows_speed},
      {"the past of a window", test_the_past_of_a_window},
  };
  return harness_run(tests, sizeof tests / sizeof tests[0]);
}
