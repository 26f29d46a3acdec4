/*
 * Remote delegates (docs/delegates.md) through libcurtain against the real
 * curtaind (CURTAIND) on a temporary socket: a navigation delegate answers a
 * push with an animator that the push then runs, while the same client
 * waits for the push's answer; a tab bar delegate declines a tab; a
 * delegate that answers later than its timeout makes the daemon fall back
 * (and its late answer is not accepted); a second client takes a role over
 * (REPLACED); an adaptive presentation delegate makes a page sheet full
 * screen and keeps it presented when it is pulled down; a call no
 * registration answers goes to `on_delegate_call`; remote animators send
 * frames and complete, cancel (a second completion is refused), or never
 * complete and are ended after the grace; an interaction controller drives
 * a push it is handed and finishes or cancels it; a custom presentation is
 * described by the delegate, which moves it at a resize; a replacement
 * controller wraps a compact popover; prepare_for_segue
 * configures the destination before the segue goes on; and bad arguments
 * fail with a status and a message. The examples slide-delegate and remote-slide run
 * as children. Each test stops its
 * daemon, which must exit 0 and remove its socket.
 */
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "session.h"

#define MAX_CALLS 8
/* The example advances its clock by quarters of each transition. */
#define QUARTERS_IN_EXAMPLE 4

/* What a test delegate was asked, and how it answers. */
typedef struct delegate_log {
  size_t count;
  int methods[MAX_CALLS];
  uint64_t controllers[MAX_CALLS];
  uint64_t from[MAX_CALLS];
  uint64_t to[MAX_CALLS];
  char operation[MAX_CALLS][8];
  /* The answers: an animator, a "no" for this controller, or later. */
  const Curtain__V1__AnimatorSpec *animator;
  uint64_t refuse;
  bool later;
  char session[64];
  uint64_t call_id;
  /* reply_result */
  size_t results;
  bool accepted;
  /* replaced */
  size_t replaced;
  Curtain__V1__DelegateRole replaced_role;
  uint64_t replaced_by;
} delegate_log;

static void log_call(delegate_log *log, const Curtain__V1__DelegateCall *call, uint64_t from,
                     uint64_t to, const char *operation) {
  if (log->count < MAX_CALLS) {
    log->methods[log->count] = (int)call->method;
    log->controllers[log->count] = call->controller_id;
    log->from[log->count] = from;
    log->to[log->count] = to;
    snprintf(log->operation[log->count], sizeof log->operation[0], "%s", operation);
    log->count++;
  }
  snprintf(log->session, sizeof log->session, "%s", call->session);
  log->call_id = call->call_id;
}

static int navigation_animation_controller(curtain_client *client,
                                           const Curtain__V1__DelegateCall *call,
                                           const char *operation, uint64_t from_id, uint64_t to_id,
                                           Curtain__V1__DelegateAnswer *answer, void *data) {
  (void)client;
  delegate_log *log = data;
  log_call(log, call, from_id, to_id, operation);
  if (log->later) {
    return CURTAIN_REPLY_LATER;
  }
  if (log->animator != NULL) {
    curtain_answer_animator(answer, log->animator);
  }
  return CURTAIN_REPLY_NOW;
}

static int tab_bar_should_select(curtain_client *client, const Curtain__V1__DelegateCall *call,
                                 uint64_t tab_bar_id, uint64_t view_controller_id,
                                 Curtain__V1__DelegateAnswer *answer, void *data) {
  (void)client;
  delegate_log *log = data;
  log_call(log, call, tab_bar_id, view_controller_id, "");
  curtain_answer_yes(answer, view_controller_id != log->refuse);
  return CURTAIN_REPLY_NOW;
}

static void reply_result(curtain_client *client, uint64_t call_id, int status,
                         const Curtain__V1__Response *response, void *data) {
  (void)client;
  (void)call_id;
  delegate_log *log = data;
  log->results++;
  log->accepted = status == CURTAIN_OK &&
                  response->result_case == CURTAIN__V1__RESPONSE__RESULT_DELEGATE_REPLY &&
                  response->delegate_reply->accepted;
}

static void replaced(curtain_client *client, const Curtain__V1__DelegateEvent *event, void *data) {
  (void)client;
  delegate_log *log = data;
  log->replaced++;
  log->replaced_role = event->role;
  log->replaced_by = event->by_client_id;
}

/* A one-track animator: the to-view fades in over `duration` seconds. */
typedef struct fade_animator {
  Curtain__V1__AnimatableValue transparent;
  Curtain__V1__AnimatableValue opaque;
  Curtain__V1__ValueSpec from;
  Curtain__V1__ValueSpec to;
  Curtain__V1__TrackTarget target;
  Curtain__V1__Track track;
  Curtain__V1__Track *tracks[1];
  Curtain__V1__AnimatorSpec spec;
} fade_animator;

static void fade_init(fade_animator *fade, double duration) {
  fade->transparent = (Curtain__V1__AnimatableValue)CURTAIN__V1__ANIMATABLE_VALUE__INIT;
  fade->transparent.kind_case = CURTAIN__V1__ANIMATABLE_VALUE__KIND_SCALAR;
  fade->transparent.scalar = 0;
  fade->opaque = fade->transparent;
  fade->opaque.scalar = 1;
  fade->from = (Curtain__V1__ValueSpec)CURTAIN__V1__VALUE_SPEC__INIT;
  fade->from.spec_base = CURTAIN__V1__VALUE_SPEC__BASE__BASE_VALUE;
  fade->to = fade->from;
  fade->from.value = &fade->transparent;
  fade->to.value = &fade->opaque;
  fade->target = (Curtain__V1__TrackTarget)CURTAIN__V1__TRACK_TARGET__INIT;
  fade->target.role = CURTAIN__V1__TRACK_TARGET__ROLE__ROLE_TO_VIEW;
  fade->track = (Curtain__V1__Track)CURTAIN__V1__TRACK__INIT;
  fade->track.target = &fade->target;
  fade->track.property = CURTAIN__V1__ANIMATABLE_PROPERTY__ANIMATABLE_PROPERTY_ALPHA;
  fade->track.from = &fade->from;
  fade->track.to = &fade->to;
  fade->tracks[0] = &fade->track;
  fade->spec = (Curtain__V1__AnimatorSpec)CURTAIN__V1__ANIMATOR_SPEC__INIT;
  fade->spec.duration = duration;
  fade->spec.n_tracks = 1;
  fade->spec.tracks = fade->tracks;
}

/* The answer to a request sent with curtain_set_delegate & co. */
typedef struct answer_slot {
  bool done;
  int status;
  int result_case;
  int error_code;
  bool accepted;
} answer_slot;

static void on_answer(curtain_client *client, int status, const Curtain__V1__Response *response,
                      void *data) {
  (void)client;
  answer_slot *slot = data;
  slot->done = true;
  slot->status = status;
  if (response != NULL) {
    slot->result_case = (int)response->result_case;
    if (response->result_case == CURTAIN__V1__RESPONSE__RESULT_ERROR) {
      slot->error_code = (int)response->error->code;
    } else if (response->result_case == CURTAIN__V1__RESPONSE__RESULT_DELEGATE_REPLY) {
      slot->accepted = response->delegate_reply->accepted;
    }
  }
}

/* Runs the loop until the slot is answered; true when it is. */
static bool wait_answer(uv_loop_t *loop, answer_slot *slot) {
  bool done = harness_run_until(loop, &slot->done, 10);
  CHECK(done);
  return done;
}

/* Registers `delegate` and waits for the daemon's Empty answer. */
static bool register_delegate(uv_loop_t *loop, test_connection *connection,
                              const curtain_delegate_target *target,
                              const curtain_delegate *delegate, void *data) {
  answer_slot slot = {0};
  int result = curtain_set_delegate(connection->client, target, delegate, data, on_answer, &slot);
  CHECK_EQ_U64(result, CURTAIN_OK);
  if (result != CURTAIN_OK || !wait_answer(loop, &slot)) {
    return false;
  }
  CHECK_EQ_U64(slot.status, CURTAIN_OK);
  CHECK_EQ_U64(slot.result_case, CURTAIN__V1__RESPONSE__RESULT_EMPTY);
  return slot.result_case == CURTAIN__V1__RESPONSE__RESULT_EMPTY;
}

/* The texts of the recorder's delegate events (the ".delegate" ones), one
 * per line, in `out`. */
static void delegate_texts(const harness_recorder *recorder, char *out, size_t size) {
  size_t used = 0;
  out[0] = '\0';
  for (size_t index = 0; index < recorder->event_count; index++) {
    const char *text = recorder->events[index]->text;
    if (strstr(text, ".delegate") != NULL && used < size) {
      used += (size_t)snprintf(out + used, size - used, "%s\n", text);
    }
  }
}

/* The index of the first event with this text, or -1. */
static long find_event(const harness_recorder *recorder, const char *text) {
  for (size_t index = 0; index < recorder->event_count; index++) {
    if (strcmp(recorder->events[index]->text, text) == 0) {
      return (long)index;
    }
  }
  return -1;
}

/* Runs the loop until an event with this text arrived; its index or -1. */
static long wait_event(uv_loop_t *loop, harness_recorder *recorder, const char *text) {
  long found = find_event(recorder, text);
  while (found < 0 && harness_wait_events(loop, recorder, recorder->event_count + 1)) {
    found = find_event(recorder, text);
  }
  return found;
}

/* The id of the controller with this identifier in the session. */
static void
test_a_navigation_delegate_answers_an_animator_that_the_push_runs_body(uv_loop_t *loop,
                                                                       test_connection *clients) {
  test_connection *session = &clients[0];
  uint64_t window_id = make_navigation_window(loop, session);
  REQUIRE(window_id != 0);
  fade_animator fade;
  fade_init(&fade, 1);
  delegate_log log = {.animator = &fade.spec};
  curtain_delegate delegate = {.navigation_animation_controller = navigation_animation_controller,
                               .reply_result = reply_result};
  /* By identifier: the library looks the id up. No roles: those of the
   * callbacks (navigation). */
  curtain_delegate_target target = {.controller = "Nav", .timeout_ms = 10000};
  REQUIRE(register_delegate(loop, session, &target, &delegate, &log));
  uint64_t subscription_id = subscribe(
      loop, session, window_id, true, CURTAIN__V1__SUBSCRIBE__FRAME_POLICY__FRAME_POLICY_LATEST, 0);
  REQUIRE(subscription_id != 0);

  /* The same client asks and answers: the call arrives while the push
   * waits for its start, and the library answers it. */
  const Curtain__V1__OperationResult *push =
      navigate(loop, session, true, "", CURTAIN__V1__WAIT_UNTIL__WAIT_UNTIL_STARTED);
  REQUIRE(push != NULL);
  uint64_t transition_id = push->transition_id;
  CHECK(transition_id != 0);
  CHECK_EQ_U64(push->delegate_call_id, 0);
  REQUIRE(log.count == 1);
  CHECK_EQ_U64(log.methods[0],
               CURTAIN__V1__DELEGATE_METHOD__DELEGATE_METHOD_NAVIGATION_ANIMATION_CONTROLLER);
  CHECK_EQ_STR(log.operation[0], "push");
  CHECK_EQ_U64(log.controllers[0], controller_id(loop, session, "Nav"));
  CHECK_EQ_U64(log.from[0], controller_id(loop, session, "Home"));
  CHECK_EQ_U64(log.to[0], controller_id(loop, session, "Detail"));
  CHECK_EQ_STR(log.session, "default");
  sync_with(loop, session);
  CHECK_EQ_U64(log.results, 1);
  CHECK(log.accepted);

  char texts[1024];
  delegate_texts(&session->recorder, texts, sizeof texts);
  CHECK_EQ_STR(texts, "Nav.delegate#1.navigationAnimationController(push, Home → Detail)\n"
                      "Nav.delegate#1 → animator(1 s, 1 tracks)\n");
  long answered = find_event(&session->recorder, "Nav.delegate#1 → animator(1 s, 1 tracks)");
  REQUIRE(answered >= 0);
  const Curtain__V1__Event *event = session->recorder.events[answered];
  REQUIRE(event->kind_case == CURTAIN__V1__EVENT__KIND_DELEGATE);
  CHECK_EQ_U64(event->delegate->phase, CURTAIN__V1__DELEGATE_EVENT__PHASE__PHASE_ANSWERED);
  CHECK_EQ_U64(event->delegate->method,
               CURTAIN__V1__DELEGATE_METHOD__DELEGATE_METHOD_NAVIGATION_ANIMATION_CONTROLLER);
  CHECK_EQ_U64(event->delegate->call_id, 1);
  /* The push's own events follow the answer. */
  CHECK(find_event(&session->recorder, "Detail.willMove(Nav)") > answered);

  /* Half way through the delegate's 1 s fade (UIKit's push would be over
   * after 0.35 s): Detail's view is half opaque. */
  size_t frames = session->recorder.frame_count;
  advance(loop, session, window_id, 0.5);
  harness_wait_frames(loop, &session->recorder, frames + 1);
  REQUIRE(session->recorder.frame_count > frames);
  const Curtain__V1__Frame *frame = session->recorder.frames[session->recorder.frame_count - 1];
  REQUIRE(frame->n_transitions == 1);
  CHECK_EQ_U64(frame->transitions[0]->transition_id, transition_id);
  CHECK(frame->transitions[0]->percent > 0.49 && frame->transitions[0]->percent < 0.51);
  bool half = false;
  for (size_t index = 0; index < frame->n_views; index++) {
    const Curtain__V1__ViewFrame *view = frame->views[index];
    half |= view->controller_id == log.to[0] && strcmp(view->role, "controllerRoot") == 0 &&
            view->state->alpha > 0.4 && view->state->alpha < 0.6;
  }
  CHECK(half);
  advance(loop, session, window_id, 0.5);
  CHECK(wait_event(loop, &session->recorder, "Detail.viewDidAppear(true)") >= 0);

  /* Cleared: the pop is not asked about. */
  answer_slot cleared = {0};
  CHECK_EQ_U64(curtain_clear_delegate(session->client, &target, on_answer, &cleared), CURTAIN_OK);
  wait_answer(loop, &cleared);
  CHECK_EQ_U64(cleared.result_case, CURTAIN__V1__RESPONSE__RESULT_EMPTY);
  const Curtain__V1__OperationResult *pop =
      navigate(loop, session, false, "", CURTAIN__V1__WAIT_UNTIL__WAIT_UNTIL_STARTED);
  CHECK(pop != NULL && pop->transition_id != 0);
  sync_with(loop, session);
  CHECK_EQ_U64(log.count, 1);
  char after[1024];
  delegate_texts(&session->recorder, after, sizeof after);
  CHECK_EQ_STR(after, texts);
}

static void test_a_navigation_delegate_answers_an_animator_that_the_push_runs(void) {
  run_with_clients(1, test_a_navigation_delegate_answers_an_animator_that_the_push_runs_body);
}

static void
test_a_tab_bar_delegate_of_another_client_declines_a_tab_body(uv_loop_t *loop,
                                                              test_connection *clients) {
  test_connection *driver = &clients[0];
  test_connection *answering = &clients[1];
  uint64_t window_id = make_tab_window(loop, driver);
  REQUIRE(window_id != 0);
  uint64_t tabs = controller_id(loop, driver, "Tabs");
  uint64_t locked = controller_id(loop, driver, "Locked");
  delegate_log log = {.refuse = locked};
  curtain_delegate delegate = {.tab_bar_should_select = tab_bar_should_select};
  /* By id, with its role named. */
  Curtain__V1__DelegateRole roles[] = {CURTAIN__V1__DELEGATE_ROLE__DELEGATE_ROLE_TAB_BAR};
  curtain_delegate_target target = {
      .controller_id = tabs, .roles = roles, .role_count = 1, .timeout_ms = 10000};
  REQUIRE(register_delegate(loop, answering, &target, &delegate, &log));
  REQUIRE(subscribe(loop, driver, window_id, true,
                    CURTAIN__V1__SUBSCRIBE__FRAME_POLICY__FRAME_POLICY_LATEST, 0) != 0);

  const Curtain__V1__OperationResult *declined = tap_tab(loop, driver, window_id, 1);
  CHECK(declined != NULL && declined->completed);
  CHECK_EQ_U64(selected_index(loop, driver, window_id), 0);
  const Curtain__V1__OperationResult *selected = tap_tab(loop, driver, window_id, 2);
  CHECK(selected != NULL && selected->completed);
  CHECK_EQ_U64(selected_index(loop, driver, window_id), 2);

  REQUIRE(log.count == 2);
  CHECK_EQ_U64(log.methods[0], CURTAIN__V1__DELEGATE_METHOD__DELEGATE_METHOD_TAB_BAR_SHOULD_SELECT);
  CHECK_EQ_U64(log.from[0], tabs);
  CHECK_EQ_U64(log.to[0], locked);
  CHECK_EQ_U64(log.to[1], controller_id(loop, driver, "T3"));
  char texts[1024];
  delegate_texts(&driver->recorder, texts, sizeof texts);
  /* Without a callback for the animation controller: UIKit's default. */
  CHECK_EQ_STR(texts, "Tabs.delegate#1.tabBarShouldSelect(T1 → Locked)\n"
                      "Tabs.delegate#1 → false\n"
                      "Tabs.delegate#2.tabBarShouldSelect(T1 → T3)\n"
                      "Tabs.delegate#2 → true\n"
                      "Tabs.delegate#3.tabBarAnimationController(T1 → T3)\n"
                      "Tabs.delegate#3 → default\n");
}

static void test_a_tab_bar_delegate_of_another_client_declines_a_tab(void) {
  run_with_clients(2, test_a_tab_bar_delegate_of_another_client_declines_a_tab_body);
}

static void test_an_answer_later_than_the_timeout_falls_back_body(uv_loop_t *loop,
                                                                  test_connection *clients) {
  test_connection *session = &clients[0];
  uint64_t window_id = make_navigation_window(loop, session);
  REQUIRE(window_id != 0);
  delegate_log log = {.later = true};
  curtain_delegate delegate = {.navigation_animation_controller = navigation_animation_controller};
  curtain_delegate_target target = {.controller = "Nav", .timeout_ms = 50};
  REQUIRE(register_delegate(loop, session, &target, &delegate, &log));
  REQUIRE(subscribe(loop, session, window_id, true,
                    CURTAIN__V1__SUBSCRIBE__FRAME_POLICY__FRAME_POLICY_LATEST, 0) != 0);

  /* Answered at once: the push waits for the delegate's answer. */
  const Curtain__V1__OperationResult *push =
      navigate(loop, session, true, "", CURTAIN__V1__WAIT_UNTIL__WAIT_UNTIL_ACCEPTED);
  REQUIRE(push != NULL);
  CHECK_EQ_U64(push->delegate_call_id, 1);
  CHECK_EQ_U64(push->transition_id, 0);
  long fallback = wait_event(loop, &session->recorder, "Nav.delegate#1 fallback(timeout)");
  REQUIRE(fallback >= 0);
  const Curtain__V1__Event *event = session->recorder.events[fallback];
  REQUIRE(event->kind_case == CURTAIN__V1__EVENT__KIND_DELEGATE);
  CHECK_EQ_U64(event->delegate->phase, CURTAIN__V1__DELEGATE_EVENT__PHASE__PHASE_FALLBACK);
  CHECK_EQ_STR(event->delegate->reason, "timeout");
  CHECK_EQ_U64(log.count, 1);

  /* The late answer is not accepted, and the push is UIKit's. */
  fade_animator fade;
  fade_init(&fade, 1);
  Curtain__V1__DelegateAnswer answer = CURTAIN__V1__DELEGATE_ANSWER__INIT;
  curtain_answer_animator(&answer, &fade.spec);
  answer_slot late = {0};
  CHECK_EQ_U64(
      curtain_delegate_reply(session->client, log.session, log.call_id, &answer, on_answer, &late),
      CURTAIN_OK);
  wait_answer(loop, &late);
  CHECK_EQ_U64(late.result_case, CURTAIN__V1__RESPONSE__RESULT_DELEGATE_REPLY);
  CHECK(!late.accepted);
  advance(loop, session, window_id, 0.35);
  CHECK(wait_event(loop, &session->recorder, "Detail.viewDidAppear(true)") >= 0);
  CHECK(find_event(&session->recorder, "Nav.delegate#1 → animator(1 s, 1 tracks)") < 0);
}

static void test_an_answer_later_than_the_timeout_falls_back(void) {
  run_with_clients(1, test_an_answer_later_than_the_timeout_falls_back_body);
}

static void test_a_second_client_replaces_the_first_body(uv_loop_t *loop,
                                                         test_connection *clients) {
  test_connection *first = &clients[0];
  test_connection *second = &clients[1];
  REQUIRE(make_navigation_window(loop, first) != 0);
  delegate_log first_log = {0};
  delegate_log second_log = {0};
  curtain_delegate delegate = {.navigation_animation_controller = navigation_animation_controller,
                               .replaced = replaced};
  curtain_delegate_target target = {.controller = "Nav", .timeout_ms = 10000};
  REQUIRE(register_delegate(loop, first, &target, &delegate, &first_log));
  REQUIRE(register_delegate(loop, second, &target, &delegate, &second_log));
  harness_wait_count(loop, &first_log.replaced, 1);
  CHECK_EQ_U64(first_log.replaced, 1);
  CHECK_EQ_U64(first_log.replaced_role, CURTAIN__V1__DELEGATE_ROLE__DELEGATE_ROLE_NAVIGATION);
  CHECK_EQ_U64(first_log.replaced_by, second->recorder.welcome->client_id);
  CHECK_EQ_U64(second_log.replaced, 0);

  const Curtain__V1__OperationResult *push =
      navigate(loop, first, true, "", CURTAIN__V1__WAIT_UNTIL__WAIT_UNTIL_STARTED);
  CHECK(push != NULL && push->transition_id != 0);
  CHECK_EQ_U64(first_log.count, 0);
  CHECK_EQ_U64(second_log.count, 1);
}

static void test_a_second_client_replaces_the_first(void) {
  run_with_clients(2, test_a_second_client_replaces_the_first_body);
}

/* Calls passed to on_delegate_call. */
static size_t unregistered_calls;

/* on_delegate_call: counts the call and answers it with a "no". */
static void unregistered_call(curtain_client *client, const Curtain__V1__DelegateCall *call,
                              void *user) {
  (void)user;
  unregistered_calls++;
  Curtain__V1__DelegateAnswer answer = CURTAIN__V1__DELEGATE_ANSWER__INIT;
  curtain_answer_yes(&answer, 0);
  CHECK_EQ_U64(curtain_delegate_reply(client, call->session, call->call_id, &answer, NULL, NULL),
               CURTAIN_OK);
}

/* A SetDelegate sent as a plain request: the library has no delegate for
 * the calls it brings. */
static void register_by_request(uv_loop_t *loop, test_connection *connection, char *identifier,
                                Curtain__V1__DelegateRole role) {
  Curtain__V1__ControllerRef controller = reference(identifier);
  Curtain__V1__SetDelegate body = CURTAIN__V1__SET_DELEGATE__INIT;
  body.controller = &controller;
  body.n_roles = 1;
  body.roles = &role;
  body.timeout_ms = 60000;
  Curtain__V1__Request request = CURTAIN__V1__REQUEST__INIT;
  request.body_case = CURTAIN__V1__REQUEST__BODY_SET_DELEGATE;
  request.set_delegate = &body;
  call(loop, connection, &request, CURTAIN__V1__RESPONSE__RESULT_EMPTY);
}

static void test_calls_without_a_delegate_go_to_on_delegate_call_or_get_the_default(void) {
  uv_loop_t loop;
  harness_daemon daemon;
  if (!start_daemon(&loop, &daemon)) {
    return;
  }
  test_connection driver;
  test_connection low_level;
  bool ready = connect_to(&loop, &daemon, &driver, "driver");
  memset(&low_level, 0, sizeof low_level);
  curtain_callbacks callbacks = harness_recorder_callbacks;
  callbacks.on_delegate_call = unregistered_call;
  curtain_options options = {.client_name = "low-level"};
  CHECK_EQ_U64(curtain_connect_unix(&loop, daemon.socket_path, &options, &callbacks,
                                    &low_level.recorder, &low_level.client),
               CURTAIN_OK);
  if (harness_run_until(&loop, &low_level.recorder.ready, 10) && ready) {
    uint64_t window_id = make_tab_window(&loop, &driver);
    REQUIRE(window_id != 0);
    register_by_request(&loop, &low_level, "Tabs",
                        CURTAIN__V1__DELEGATE_ROLE__DELEGATE_ROLE_TAB_BAR);
    const Curtain__V1__OperationResult *declined = tap_tab(&loop, &driver, window_id, 1);
    CHECK(declined != NULL && declined->completed);
    CHECK_EQ_U64(unregistered_calls, 1);
    CHECK_EQ_U64(selected_index(&loop, &driver, window_id), 0);

    /* Without on_delegate_call (the driver's callbacks), the library
     * answers UIKit's default at once: the push does not wait a minute. */
    make_navigation_window(&loop, &driver);
    register_by_request(&loop, &driver, "Nav",
                        CURTAIN__V1__DELEGATE_ROLE__DELEGATE_ROLE_NAVIGATION);
    const Curtain__V1__OperationResult *push =
        navigate(&loop, &driver, true, "", CURTAIN__V1__WAIT_UNTIL__WAIT_UNTIL_STARTED);
    CHECK(push != NULL && push->transition_id != 0);
    CHECK_EQ_U64(unregistered_calls, 1);
  }
  disconnect(&loop, &driver);
  disconnect(&loop, &low_level);
  harness_daemon_stop(&loop, &daemon);
  harness_close_loop(&loop);
}

/* What the adaptive delegate was asked. */
typedef struct adaptive_log {
  size_t styles;
  uint64_t presented;
  uint64_t presenting;
  Curtain__V1__ModalPresentationStyle requested;
  Curtain__V1__SizeClass horizontal;
  Curtain__V1__SizeClass vertical;
  size_t should_dismiss;
  uint64_t dismissed;
} adaptive_log;

static int adaptive_presentation_style(curtain_client *client,
                                       const Curtain__V1__DelegateCall *call, uint64_t presented_id,
                                       uint64_t presenting_id,
                                       Curtain__V1__ModalPresentationStyle requested_style,
                                       const Curtain__V1__Traits *traits,
                                       Curtain__V1__DelegateAnswer *answer, void *data) {
  (void)client;
  (void)call;
  adaptive_log *log = data;
  log->styles++;
  log->presented = presented_id;
  log->presenting = presenting_id;
  log->requested = requested_style;
  log->horizontal = traits->horizontal;
  log->vertical = traits->vertical;
  CHECK_EQ_U64(
      curtain_answer_style(
          answer, CURTAIN__V1__MODAL_PRESENTATION_STYLE__MODAL_PRESENTATION_STYLE_FULL_SCREEN),
      CURTAIN_OK);
  return CURTAIN_REPLY_NOW;
}

static int presentation_controller_should_dismiss(curtain_client *client,
                                                  const Curtain__V1__DelegateCall *call,
                                                  uint64_t presented_id,
                                                  Curtain__V1__DelegateAnswer *answer, void *data) {
  (void)client;
  (void)call;
  adaptive_log *log = data;
  log->should_dismiss++;
  log->dismissed = presented_id;
  curtain_answer_yes(answer, 0);
  return CURTAIN_REPLY_NOW;
}

static void test_an_adaptive_delegate_picks_the_style_and_keeps_a_pulled_down_sheet_body(
    uv_loop_t *loop, test_connection *clients) {
  test_connection *session = &clients[0];
  uint64_t window_id = make_navigation_window(loop, session);
  REQUIRE(window_id != 0);
  uint64_t modal = create_controller(
      loop, session, CURTAIN__V1__CONTROLLER_KIND__CONTROLLER_KIND_CONTENT, "Modal");
  REQUIRE(modal != 0);
  adaptive_log log = {0};
  /* No roles: both callbacks are of ADAPTIVE_PRESENTATION. */
  curtain_delegate delegate = {.adaptive_presentation_style = adaptive_presentation_style,
                               .presentation_controller_should_dismiss =
                                   presentation_controller_should_dismiss};
  curtain_delegate_target target = {.controller = "Modal", .timeout_ms = 10000};
  REQUIRE(register_delegate(loop, session, &target, &delegate, &log));
  REQUIRE(subscribe(loop, session, window_id, true,
                    CURTAIN__V1__SUBSCRIBE__FRAME_POLICY__FRAME_POLICY_LATEST, 0) != 0);

  /* A page sheet, which the delegate makes full screen. */
  Curtain__V1__ControllerRef presenter = reference("Nav");
  Curtain__V1__ControllerRef presented = reference("Modal");
  Curtain__V1__Present present = CURTAIN__V1__PRESENT__INIT;
  present.presenter = &presenter;
  present.controller = &presented;
  present._style_case = CURTAIN__V1__PRESENT___STYLE_STYLE;
  present.style = CURTAIN__V1__MODAL_PRESENTATION_STYLE__MODAL_PRESENTATION_STYLE_PAGE_SHEET;
  Curtain__V1__Request request = CURTAIN__V1__REQUEST__INIT;
  request.wait_until = CURTAIN__V1__WAIT_UNTIL__WAIT_UNTIL_STARTED;
  request.body_case = CURTAIN__V1__REQUEST__BODY_PRESENT;
  request.present = &present;
  const Curtain__V1__Response *response =
      call(loop, session, &request, CURTAIN__V1__RESPONSE__RESULT_OPERATION);
  REQUIRE(response != NULL && response->operation->transition_id != 0);
  advance(loop, session, window_id, 1);
  /* Full screen: the presenter's view goes away (a sheet would keep it). */
  CHECK(wait_event(loop, &session->recorder, "Nav.viewDidDisappear(true)") >= 0);
  CHECK_EQ_U64(log.styles, 1);
  CHECK_EQ_U64(log.presented, modal);
  CHECK_EQ_U64(log.presenting, controller_id(loop, session, "Nav"));
  CHECK_EQ_U64(log.requested,
               CURTAIN__V1__MODAL_PRESENTATION_STYLE__MODAL_PRESENTATION_STYLE_PAGE_SHEET);
  CHECK_EQ_U64(log.horizontal, CURTAIN__V1__SIZE_CLASS__SIZE_CLASS_COMPACT);
  CHECK_EQ_U64(log.vertical, CURTAIN__V1__SIZE_CLASS__SIZE_CLASS_REGULAR);

  /* A pull-down of the sheet: the delegate says no, and it stays. */
  Curtain__V1__BeginInteractive begin = CURTAIN__V1__BEGIN_INTERACTIVE__INIT;
  begin.kind = CURTAIN__V1__BEGIN_INTERACTIVE__KIND__KIND_DISMISS;
  begin.controller = &presented;
  Curtain__V1__Request pull = CURTAIN__V1__REQUEST__INIT;
  pull.wait_until = CURTAIN__V1__WAIT_UNTIL__WAIT_UNTIL_COMPLETED;
  pull.body_case = CURTAIN__V1__REQUEST__BODY_BEGIN_INTERACTIVE;
  pull.begin_interactive = &begin;
  response = call(loop, session, &pull, CURTAIN__V1__RESPONSE__RESULT_OPERATION);
  REQUIRE(response != NULL);
  CHECK_EQ_U64(response->operation->transition_id, 0);
  sync_with(loop, session);
  CHECK_EQ_U64(log.should_dismiss, 1);
  CHECK_EQ_U64(log.dismissed, modal);

  char texts[1024];
  delegate_texts(&session->recorder, texts, sizeof texts);
  CHECK_EQ_STR(texts, "Modal.delegate#1.adaptivePresentationStyle(Nav → Modal, pageSheet, compact "
                      "width, regular height)\n"
                      "Modal.delegate#1 → style(fullScreen)\n"
                      "Modal.delegate#2.presentationControllerShouldDismiss(nil → Modal, "
                      "interactive)\n"
                      "Modal.delegate#2 → false\n");
  const Curtain__V1__ControllerNode *root = tree_root(loop, session, window_id);
  REQUIRE(root != NULL && root->presented != NULL && root->presented->presentation != NULL);
  const Curtain__V1__ControllerNode *shown = root->presented;
  CHECK_EQ_U64(shown->id, modal);
  CHECK_EQ_U64(shown->presentation->requested_style,
               CURTAIN__V1__MODAL_PRESENTATION_STYLE__MODAL_PRESENTATION_STYLE_PAGE_SHEET);
  CHECK_EQ_U64(shown->presentation->style,
               CURTAIN__V1__MODAL_PRESENTATION_STYLE__MODAL_PRESENTATION_STYLE_FULL_SCREEN);
  CHECK(!shown->presentation->card);
}

static void test_an_adaptive_delegate_picks_the_style_and_keeps_a_pulled_down_sheet(void) {
  run_with_clients(1, test_an_adaptive_delegate_picks_the_style_and_keeps_a_pulled_down_sheet_body);
}

/* A remote animator (docs/delegates.md, "Remote animators"): what it was
 * given and sent, and how it runs. */
typedef struct remote_log {
  /* Answers with a remote animator of this duration, or later (the
   * question's session and call id kept). */
  double duration;
  Curtain__V1__RemoteAnimator remote;
  bool later;
  size_t calls;
  char session[64];
  uint64_t call_id;
  /* In animate_transition: frames sliding the to-view in over `steps`
   * steps, then a completion (unless `idle`). */
  size_t steps;
  bool idle;
  int did_complete;
  /* The context it got (a copy) and the responses to what it sent. */
  size_t contexts;
  Curtain__V1__AnimateTransition *transition;
  answer_slot results[8];
  size_t sent;
} remote_log;

static int remote_navigation(curtain_client *client, const Curtain__V1__DelegateCall *call,
                             const char *operation, uint64_t from_id, uint64_t to_id,
                             Curtain__V1__DelegateAnswer *answer, void *data) {
  (void)client;
  (void)operation;
  (void)from_id;
  (void)to_id;
  remote_log *log = data;
  log->calls++;
  if (log->later) {
    snprintf(log->session, sizeof log->session, "%s", call->session);
    log->call_id = call->call_id;
    return CURTAIN_REPLY_LATER;
  }
  CHECK_EQ_U64(curtain_answer_remote_animator(answer, &log->remote, log->duration), CURTAIN_OK);
  return CURTAIN_REPLY_NOW;
}

/* The next response slot of the log (the last one again when full). */
static answer_slot *next_slot(remote_log *log) {
  size_t capacity = sizeof log->results / sizeof log->results[0];
  return &log->results[log->sent < capacity ? log->sent++ : capacity - 1];
}

static void animate_transition(curtain_client *client,
                               const Curtain__V1__AnimateTransition *transition, void *data) {
  remote_log *log = data;
  log->contexts++;
  if (log->transition != NULL) {
    protobuf_c_message_free_unpacked(&log->transition->base, NULL);
  }
  log->transition = (Curtain__V1__AnimateTransition *)curtain_message_copy(&transition->base);
  if (log->idle) {
    return;
  }
  const Curtain__V1__Rect *final = transition->to_final_frame;
  REQUIRE(final != NULL);
  for (size_t step = 1; step <= log->steps; step++) {
    double percent = (double)step / (double)log->steps;
    curtain_view_value values[] = {
        {.view_id = transition->to_view_id,
         .property = CURTAIN__V1__ANIMATABLE_PROPERTY__ANIMATABLE_PROPERTY_FRAME,
         .numbers = {final->x + final->width * (1 - percent), final->y, final->width,
                     final->height}},
        {.view_id = transition->to_view_id,
         .property = CURTAIN__V1__ANIMATABLE_PROPERTY__ANIMATABLE_PROPERTY_ALPHA,
         .numbers = {percent}},
    };
    CHECK_EQ_U64(curtain_transition_frame(client, transition, &percent, values, 2, on_answer,
                                          next_slot(log)),
                 CURTAIN_OK);
  }
  CHECK_EQ_U64(
      curtain_complete_transition(client, transition, log->did_complete, on_answer, next_slot(log)),
      CURTAIN_OK);
}

static void free_remote_log(remote_log *log) {
  if (log->transition != NULL) {
    protobuf_c_message_free_unpacked(&log->transition->base, NULL);
  }
}

/* Registers a remote animator for Nav's navigation questions (the daemon
 * waits `timeout_ms` past its duration for a completion). */
static bool register_remote(uv_loop_t *loop, test_connection *connection, remote_log *log,
                            uint32_t timeout_ms) {
  curtain_delegate delegate = {.navigation_animation_controller = remote_navigation,
                               .animate_transition = animate_transition};
  curtain_delegate_target target = {.controller = "Nav", .timeout_ms = timeout_ms};
  return register_delegate(loop, connection, &target, &delegate, log);
}

/* The view state of the controller's root view in the frame, or NULL. */
static const Curtain__V1__ViewState *root_view_state(const Curtain__V1__Frame *frame,
                                                     uint64_t controller) {
  for (size_t index = 0; index < frame->n_views; index++) {
    const Curtain__V1__ViewFrame *view = frame->views[index];
    if (view->controller_id == controller && strcmp(view->role, "controllerRoot") == 0) {
      return view->state;
    }
  }
  return NULL;
}

/* The identifiers of the children of the window's root controller,
 * comma-separated, in `out`. */
static void root_children(uv_loop_t *loop, test_connection *connection, uint64_t window_id,
                          char *out, size_t size) {
  const Curtain__V1__ControllerNode *root = tree_root(loop, connection, window_id);
  size_t used = 0;
  out[0] = '\0';
  for (size_t index = 0; root != NULL && index < root->n_children && used < size; index++) {
    used += (size_t)snprintf(out + used, size - used, "%s%s", index ? "," : "",
                             root->children[index]->identifier);
  }
}

static void test_a_remote_animator_sends_frames_and_completes_body(uv_loop_t *loop,
                                                                   test_connection *clients) {
  test_connection *session = &clients[0];
  uint64_t window_id = make_navigation_window(loop, session);
  REQUIRE(window_id != 0);
  remote_log log = {.duration = 0.25, .steps = 2, .did_complete = 1};
  REQUIRE(register_remote(loop, session, &log, 10000));
  REQUIRE(subscribe(loop, session, window_id, true,
                    CURTAIN__V1__SUBSCRIBE__FRAME_POLICY__FRAME_POLICY_PAUSE, 64) != 0);

  /* The clock is manual and never moves: the push completes because the
   * animator completed it, while the push waited for its own answer. */
  const Curtain__V1__OperationResult *push =
      navigate(loop, session, true, "", CURTAIN__V1__WAIT_UNTIL__WAIT_UNTIL_COMPLETED);
  REQUIRE(push != NULL);
  CHECK(push->completed);
  sync_with(loop, session);
  CHECK_EQ_U64(log.contexts, 1);
  const Curtain__V1__AnimateTransition *context = log.transition;
  REQUIRE(context != NULL);
  CHECK_EQ_STR(context->session, "default");
  CHECK_EQ_U64(context->call_id, 1);
  CHECK_EQ_U64(context->window_id, window_id);
  CHECK_EQ_U64(context->transition_id, push->transition_id);
  CHECK_EQ_STR(context->kind, "push");
  CHECK_EQ_U64(context->from_controller_id, controller_id(loop, session, "Home"));
  uint64_t detail = controller_id(loop, session, "Detail");
  CHECK_EQ_U64(context->to_controller_id, detail);
  CHECK(context->to_view_id != 0);
  CHECK(context->duration == 0.25);
  CHECK_EQ_U64(context->grace_ms, 10000);
  CHECK(context->animated);
  CHECK(!context->interactive);
  REQUIRE(context->to_final_frame != NULL && context->container_size != NULL);
  CHECK(context->to_final_frame->width == context->container_size->width);
  CHECK(context->to_initial_frame == NULL || context->to_initial_frame->width == 0);

  /* Each frame and the completion got a TransitionResult. */
  CHECK_EQ_U64(log.sent, 3);
  for (size_t index = 0; index < log.sent; index++) {
    CHECK(log.results[index].done);
    CHECK_EQ_U64(log.results[index].status, CURTAIN_OK);
    CHECK_EQ_U64(log.results[index].result_case, CURTAIN__V1__RESPONSE__RESULT_TRANSITION);
  }
  char texts[1024];
  delegate_texts(&session->recorder, texts, sizeof texts);
  CHECK_EQ_STR(texts, "Nav.delegate#1.navigationAnimationController(push, Home → Detail)\n"
                      "Nav.delegate#1 → remote animator(0.25 s)\n");
  CHECK(find_event(&session->recorder, "t1.ended(cancelled: false)") >= 0);
  CHECK(find_event(&session->recorder, "Detail.viewDidAppear(true)") >= 0);

  /* The halfway frame reached the subscriber: Detail half way in, half
   * opaque. */
  const Curtain__V1__Rect *final = context->to_final_frame;
  bool halfway = false;
  for (size_t index = 0; index < session->recorder.frame_count; index++) {
    const Curtain__V1__ViewState *state = root_view_state(session->recorder.frames[index], detail);
    halfway |= state != NULL && state->alpha == 0.5 && state->frame != NULL &&
               state->frame->x == final->x + final->width / 2;
  }
  CHECK(halfway);
  char children[128];
  root_children(loop, session, window_id, children, sizeof children);
  CHECK_EQ_STR(children, "Home,Detail");
  free_remote_log(&log);
}

static void test_a_remote_animator_sends_frames_and_completes(void) {
  run_with_clients(1, test_a_remote_animator_sends_frames_and_completes_body);
}

static void
test_a_remote_animator_cancels_and_a_second_completion_is_refused_body(uv_loop_t *loop,
                                                                       test_connection *clients) {
  test_connection *session = &clients[0];
  uint64_t window_id = make_navigation_window(loop, session);
  REQUIRE(window_id != 0);
  remote_log log = {.duration = 0.25, .steps = 1, .did_complete = 0, .later = true};
  REQUIRE(register_remote(loop, session, &log, 10000));
  REQUIRE(subscribe(loop, session, window_id, true,
                    CURTAIN__V1__SUBSCRIBE__FRAME_POLICY__FRAME_POLICY_LATEST, 0) != 0);
  /* Answered later, with curtain_delegate_reply: the AnimateTransition
   * still goes to the delegate's animate_transition. */
  const Curtain__V1__OperationResult *push =
      navigate(loop, session, true, "", CURTAIN__V1__WAIT_UNTIL__WAIT_UNTIL_ACCEPTED);
  REQUIRE(push != NULL);
  REQUIRE(harness_wait_count(loop, &log.calls, 1));
  Curtain__V1__DelegateAnswer answer = CURTAIN__V1__DELEGATE_ANSWER__INIT;
  CHECK_EQ_U64(curtain_answer_remote_animator(&answer, &log.remote, log.duration), CURTAIN_OK);
  answer_slot reply = {0};
  CHECK_EQ_U64(
      curtain_delegate_reply(session->client, log.session, log.call_id, &answer, on_answer, &reply),
      CURTAIN_OK);
  wait_answer(loop, &reply);
  CHECK(reply.accepted);
  CHECK(wait_event(loop, &session->recorder, "t1.ended(cancelled: true)") >= 0);
  sync_with(loop, session);
  CHECK_EQ_U64(log.contexts, 1);
  REQUIRE(log.transition != NULL);
  CHECK_EQ_U64(log.sent, 2);
  CHECK_EQ_U64(log.results[1].result_case, CURTAIN__V1__RESPONSE__RESULT_TRANSITION);
  CHECK(find_event(&session->recorder, "t1.ended(cancelled: true)") >= 0);
  CHECK(find_event(&session->recorder, "Detail.viewDidAppear(true)") < 0);
  char children[128];
  root_children(loop, session, window_id, children, sizeof children);
  CHECK_EQ_STR(children, "Home");

  /* The transition no longer runs: a second completion and a frame are
   * refused, and the refusals reach their callbacks. */
  answer_slot again = {0};
  CHECK_EQ_U64(curtain_complete_transition(session->client, log.transition, 1, on_answer, &again),
               CURTAIN_OK);
  answer_slot frame = {0};
  double percent = 0.5;
  CHECK_EQ_U64(curtain_transition_frame(session->client, log.transition, &percent, NULL, 0,
                                        on_answer, &frame),
               CURTAIN_OK);
  wait_answer(loop, &frame);
  CHECK(again.done);
  CHECK_EQ_U64(again.status, CURTAIN_OK);
  CHECK_EQ_U64(again.result_case, CURTAIN__V1__RESPONSE__RESULT_ERROR);
  CHECK_EQ_U64(again.error_code, CURTAIN__V1__ERROR_CODE__ERROR_CODE_NOT_FOUND);
  CHECK_EQ_U64(frame.error_code, CURTAIN__V1__ERROR_CODE__ERROR_CODE_NOT_FOUND);
  free_remote_log(&log);
}

static void test_a_remote_animator_cancels_and_a_second_completion_is_refused(void) {
  run_with_clients(1, test_a_remote_animator_cancels_and_a_second_completion_is_refused_body);
}

static void test_a_transition_never_completed_ends_after_the_grace_body(uv_loop_t *loop,
                                                                        test_connection *clients) {
  test_connection *session = &clients[0];
  uint64_t window_id = make_navigation_window(loop, session);
  REQUIRE(window_id != 0);
  remote_log log = {.duration = 0.5, .idle = true};
  REQUIRE(register_remote(loop, session, &log, 250));
  REQUIRE(subscribe(loop, session, window_id, true,
                    CURTAIN__V1__SUBSCRIBE__FRAME_POLICY__FRAME_POLICY_LATEST, 0) != 0);
  const Curtain__V1__OperationResult *push =
      navigate(loop, session, true, "", CURTAIN__V1__WAIT_UNTIL__WAIT_UNTIL_STARTED);
  REQUIRE(push != NULL);
  sync_with(loop, session);
  REQUIRE(log.transition != NULL);
  CHECK_EQ_U64(log.transition->transition_id, push->transition_id);
  CHECK_EQ_U64(log.transition->grace_ms, 250);

  /* Only the animator's client drives it. */
  answer_slot other = {0};
  double percent = 0.5;
  CHECK_EQ_U64(curtain_transition_frame(clients[1].client, log.transition, &percent, NULL, 0,
                                        on_answer, &other),
               CURTAIN_OK);
  wait_answer(loop, &other);
  CHECK_EQ_U64(other.error_code, CURTAIN__V1__ERROR_CODE__ERROR_CODE_NOT_OWNER);

  /* The duration (0.5 s) plus the grace (0.25 s) on the window's clock. */
  advance(loop, session, window_id, 0.7);
  sync_with(loop, session);
  CHECK(find_event(&session->recorder, "t1.ended(cancelled: false)") < 0);
  advance(loop, session, window_id, 0.05);
  long fallback = wait_event(loop, &session->recorder, "Nav.delegate#1 fallback(timeout)");
  REQUIRE(fallback >= 0);
  const Curtain__V1__Event *event = session->recorder.events[fallback];
  REQUIRE(event->kind_case == CURTAIN__V1__EVENT__KIND_DELEGATE);
  CHECK_EQ_U64(event->delegate->phase, CURTAIN__V1__DELEGATE_EVENT__PHASE__PHASE_FALLBACK);
  CHECK_EQ_STR(event->delegate->reason, "timeout");
  CHECK(wait_event(loop, &session->recorder, "t1.ended(cancelled: false)") > fallback);
  char children[128];
  root_children(loop, session, window_id, children, sizeof children);
  CHECK_EQ_STR(children, "Home,Detail");
  CHECK_EQ_U64(log.sent, 0);
  free_remote_log(&log);
}

static void
test_a_transition_never_completed_ends_after_the_grace_and_only_its_client_drives_it(void) {
  run_with_clients(2, test_a_transition_never_completed_ends_after_the_grace_body);
}

static void test_bad_arguments_fail_with_a_message_body(uv_loop_t *loop, test_connection *clients) {
  test_connection *session = &clients[0];
  curtain_client *client = session->client;
  delegate_log log = {0};
  curtain_delegate delegate = {.navigation_animation_controller = navigation_animation_controller};
  curtain_delegate none = {0};
  curtain_delegate_target nav = {.controller = "Nav"};
  CHECK_EQ_U64(curtain_set_delegate(client, NULL, &delegate, &log, NULL, NULL), CURTAIN_E_INVALID);
  CHECK_EQ_STR(curtain_last_error(client), "no delegate target (NULL)");
  CHECK_EQ_U64(curtain_set_delegate(client, &nav, NULL, &log, NULL, NULL), CURTAIN_E_INVALID);
  CHECK_EQ_STR(curtain_last_error(client), "no delegate (NULL)");
  CHECK_EQ_U64(curtain_set_delegate(client, &nav, &none, &log, NULL, NULL), CURTAIN_E_INVALID);
  CHECK_EQ_STR(curtain_last_error(client), "the delegate has no callback of any delegate method");
  curtain_delegate_target both = {.controller = "Nav", .controller_id = 3};
  CHECK_EQ_U64(curtain_set_delegate(client, &both, &delegate, &log, NULL, NULL), CURTAIN_E_INVALID);
  CHECK_EQ_STR(curtain_last_error(client),
               "name the controller either by id (controller_id) or by identifier "
               "(controller), not both");
  curtain_delegate_target neither = {.controller = ""};
  CHECK_EQ_U64(curtain_clear_delegate(client, &neither, NULL, NULL), CURTAIN_E_INVALID);
  CHECK_EQ_STR(curtain_last_error(client),
               "name the controller either by id (controller_id) or by identifier "
               "(controller), not neither");
  Curtain__V1__DelegateRole unknown[] = {(Curtain__V1__DelegateRole)42};
  curtain_delegate_target strange = {.controller = "Nav", .roles = unknown, .role_count = 1};
  CHECK_EQ_U64(curtain_set_delegate(client, &strange, &delegate, &log, NULL, NULL),
               CURTAIN_E_INVALID);
  CHECK_EQ_STR(curtain_last_error(client),
               "unknown delegate role 42 (roles are 1 to 5: DelegateRole)");
  Curtain__V1__DelegateRole adaptive[] = {
      CURTAIN__V1__DELEGATE_ROLE__DELEGATE_ROLE_NAVIGATION,
      CURTAIN__V1__DELEGATE_ROLE__DELEGATE_ROLE_ADAPTIVE_PRESENTATION};
  curtain_delegate_target unanswered = {.controller = "Nav", .roles = adaptive, .role_count = 2};
  CHECK_EQ_U64(curtain_set_delegate(client, &unanswered, &delegate, &log, NULL, NULL),
               CURTAIN_E_INVALID);
  CHECK_EQ_STR(curtain_last_error(client),
               "the delegate has no callback of a method of role ADAPTIVE_PRESENTATION");
  CHECK_EQ_U64(curtain_delegate_reply(client, NULL, 0, NULL, NULL, NULL), CURTAIN_E_INVALID);
  CHECK_EQ_STR(curtain_last_error(client), "no call id (0): answer the call_id of a DelegateCall");

  /* The daemon's refusals come as error responses. */
  answer_slot missing = {0};
  curtain_delegate_target nowhere = {.controller = "Nowhere"};
  CHECK_EQ_U64(curtain_set_delegate(client, &nowhere, &delegate, &log, on_answer, &missing),
               CURTAIN_OK);
  CHECK_EQ_STR(curtain_last_error(client), "");
  wait_answer(loop, &missing);
  CHECK_EQ_U64(missing.error_code, CURTAIN__V1__ERROR_CODE__ERROR_CODE_NOT_FOUND);
  answer_slot never_asked = {0};
  CHECK_EQ_U64(curtain_delegate_reply(client, NULL, 99, NULL, on_answer, &never_asked), CURTAIN_OK);
  wait_answer(loop, &never_asked);
  CHECK_EQ_U64(never_asked.error_code, CURTAIN__V1__ERROR_CODE__ERROR_CODE_NOT_FOUND);
  CHECK_EQ_U64(log.count, 0);

  /* A remote animator's requests. */
  Curtain__V1__AnimateTransition transition = CURTAIN__V1__ANIMATE_TRANSITION__INIT;
  double percent = 0.5;
  CHECK_EQ_U64(curtain_transition_frame(client, NULL, &percent, NULL, 0, NULL, NULL),
               CURTAIN_E_INVALID);
  CHECK_EQ_STR(curtain_last_error(client),
               "no transition (NULL): pass the AnimateTransition that animate_transition got");
  CHECK_EQ_U64(curtain_complete_transition(client, NULL, 1, NULL, NULL), CURTAIN_E_INVALID);
  CHECK_EQ_STR(curtain_last_error(client),
               "no transition (NULL): pass the AnimateTransition that animate_transition got");
  CHECK_EQ_U64(curtain_transition_frame(client, &transition, NULL, NULL, 2, NULL, NULL),
               CURTAIN_E_INVALID);
  CHECK_EQ_STR(curtain_last_error(client), "2 values but no values array (NULL)");
  double nowhere_percent = NAN;
  CHECK_EQ_U64(curtain_transition_frame(client, &transition, &nowhere_percent, NULL, 0, NULL, NULL),
               CURTAIN_E_INVALID);
  CHECK_EQ_STR(curtain_last_error(client), "percent nan is not a number from 0 to 1");
  curtain_view_value values[] = {
      {.view_id = 5, .property = CURTAIN__V1__ANIMATABLE_PROPERTY__ANIMATABLE_PROPERTY_ALPHA},
      {.view_id = 5, .property = CURTAIN__V1__ANIMATABLE_PROPERTY__ANIMATABLE_PROPERTY_UNSPECIFIED},
  };
  CHECK_EQ_U64(curtain_transition_frame(client, &transition, &percent, values, 2, NULL, NULL),
               CURTAIN_E_INVALID);
  CHECK_EQ_STR(curtain_last_error(client),
               "value 1: unknown view property 0 (FRAME, CENTER, BOUNDS, ALPHA, TRANSFORM or "
               "CORNER_RADIUS)");
  CHECK_EQ_U64(curtain_transition_frame(client, &transition, &percent, values,
                                        CURTAIN_TRANSITION_FRAME_MAX_VALUES + 1, NULL, NULL),
               CURTAIN_E_INVALID);
  CHECK_EQ_STR(curtain_last_error(client), "4097 values: a frame holds at most 4096");
  /* Well formed, of a transition that does not exist. */
  answer_slot unknown_transition = {0};
  CHECK_EQ_U64(curtain_transition_frame(client, &transition, &percent, values, 1, on_answer,
                                        &unknown_transition),
               CURTAIN_OK);
  CHECK_EQ_STR(curtain_last_error(client), "");
  wait_answer(loop, &unknown_transition);
  CHECK_EQ_U64(unknown_transition.result_case, CURTAIN__V1__RESPONSE__RESULT_ERROR);
}

static void test_bad_arguments_fail_with_a_message(void) {
  CHECK_EQ_U64(curtain_set_delegate(NULL, NULL, NULL, NULL, NULL, NULL), CURTAIN_E_INVALID);
  CHECK_EQ_STR(curtain_last_error(NULL), "no client (NULL)");
  CHECK_EQ_STR(curtain_delegate_role_name(CURTAIN__V1__DELEGATE_ROLE__DELEGATE_ROLE_TAB_BAR),
               "TAB_BAR");
  CHECK_EQ_STR(curtain_delegate_method_name(
                   CURTAIN__V1__DELEGATE_METHOD__DELEGATE_METHOD_SHOULD_PERFORM_SEGUE),
               "SHOULD_PERFORM_SEGUE");
  CHECK_EQ_STR(curtain_delegate_role_name(99), "UNKNOWN");
  /* A style answer: only the four adaptive styles, into an answer. */
  Curtain__V1__DelegateAnswer answer = CURTAIN__V1__DELEGATE_ANSWER__INIT;
  CHECK_EQ_U64(curtain_answer_style(
                   NULL, CURTAIN__V1__MODAL_PRESENTATION_STYLE__MODAL_PRESENTATION_STYLE_NONE),
               CURTAIN_E_INVALID);
  CHECK_EQ_U64(
      curtain_answer_style(&answer,
                           CURTAIN__V1__MODAL_PRESENTATION_STYLE__MODAL_PRESENTATION_STYLE_POPOVER),
      CURTAIN_E_INVALID);
  CHECK_EQ_U64(answer.answer_case, CURTAIN__V1__DELEGATE_ANSWER__ANSWER__NOT_SET);
  CHECK_EQ_U64(
      curtain_answer_style(
          &answer,
          CURTAIN__V1__MODAL_PRESENTATION_STYLE__MODAL_PRESENTATION_STYLE_OVER_FULL_SCREEN),
      CURTAIN_OK);
  CHECK_EQ_U64(answer.answer_case, CURTAIN__V1__DELEGATE_ANSWER__ANSWER_STYLE);
  CHECK_EQ_U64(answer.style,
               CURTAIN__V1__MODAL_PRESENTATION_STYLE__MODAL_PRESENTATION_STYLE_OVER_FULL_SCREEN);
  /* A remote animator: a duration from 0 to 3600 seconds. */
  Curtain__V1__RemoteAnimator remote;
  CHECK_EQ_U64(curtain_answer_remote_animator(&answer, &remote, -1), CURTAIN_E_INVALID);
  CHECK_EQ_U64(curtain_answer_remote_animator(&answer, &remote, 3601), CURTAIN_E_INVALID);
  CHECK_EQ_U64(curtain_answer_remote_animator(&answer, &remote, NAN), CURTAIN_E_INVALID);
  CHECK_EQ_U64(curtain_answer_remote_animator(&answer, NULL, 1), CURTAIN_E_INVALID);
  CHECK_EQ_U64(curtain_answer_remote_animator(NULL, &remote, 1), CURTAIN_E_INVALID);
  CHECK_EQ_U64(answer.answer_case, CURTAIN__V1__DELEGATE_ANSWER__ANSWER_STYLE);
  CHECK_EQ_U64(curtain_answer_remote_animator(&answer, &remote, 0.5), CURTAIN_OK);
  CHECK_EQ_U64(answer.answer_case, CURTAIN__V1__DELEGATE_ANSWER__ANSWER_REMOTE_ANIMATOR);
  CHECK(answer.remote_animator == &remote && remote.duration == 0.5);
  CHECK_EQ_U64(curtain_transition_frame(NULL, NULL, NULL, NULL, 0, NULL, NULL), CURTAIN_E_INVALID);
  CHECK_EQ_U64(curtain_complete_transition(NULL, NULL, 1, NULL, NULL), CURTAIN_E_INVALID);
  run_with_clients(1, test_bad_arguments_fail_with_a_message_body);
}

/* The number of times `needle` occurs in `text`. */
static size_t occurrences(const char *text, const char *needle) {
  size_t count = 0;
  for (const char *found = strstr(text, needle); found != NULL; found = strstr(found + 1, needle)) {
    count++;
  }
  return count;
}

static void test_the_slide_delegate_example(void) {
  char *program = example_program("CURTAIN_SLIDE_DELEGATE");
  uv_loop_t loop;
  harness_daemon daemon;
  if (program == NULL || !start_daemon(&loop, &daemon)) {
    return;
  }
  child_process child;
  if (run_example(&loop, &daemon, program, "slide", &child)) {
    const char *out = child.out_text;
    /* The question and its answer come while the push waits to start. */
    CHECK(strstr(out, "  Nav.delegate#1.navigationAnimationController(push, Home → Detail)\n"
                      "  Nav.delegate#1 → animator(0.5 s, 4 tracks)\n"
                      "push: transition t1 started\n") != NULL);
    CHECK(strstr(out, "  Nav.delegate#2.navigationAnimationController(pop, Detail → Home)\n"
                      "  Nav.delegate#2 → animator(0.5 s, 4 tracks)\n"
                      "pop: transition t2 started\n") != NULL);
    /* Half way through the push, Detail has slid half way in. */
    CHECK(
        strstr(out, "  frame t=0.250  Home   x= -65.0 alpha=0.50  Detail x= 195.0 alpha=0.50\n") !=
        NULL);
    CHECK_EQ_U64(occurrences(out, "  frame t="), 2 * QUARTERS_IN_EXAMPLE);
    if (harness_failures > 0) {
      fprintf(stderr, "slide-delegate printed:\n%s", out);
    }
  }

  /* --serve answers for Nav of another program's session until Ctrl-C. */
  test_connection driver;
  uint64_t window_id = 0;
  if (connect_to(&loop, &daemon, &driver, "driver") &&
      (window_id = make_navigation_window(&loop, &driver)) != 0) {
    char *serve[] = {program,   "--socket", daemon.socket_path, "--session", "default",
                     "--serve", NULL};
    if (child_start(&loop, &child, serve)) {
      bool never = false;
      for (int turn = 0; turn < 1000 && strstr(child.out_text, "answering") == NULL; turn++) {
        harness_run_until(&loop, &never, 0.01);
      }
      CHECK_EQ_STR(
          child.out_text,
          "answering @Nav's navigation questions in session \"default\"; Ctrl-C to stop\n");
      CHECK(subscribe(&loop, &driver, window_id, true,
                      CURTAIN__V1__SUBSCRIBE__FRAME_POLICY__FRAME_POLICY_LATEST, 0) != 0);
      navigate(&loop, &driver, true, "", CURTAIN__V1__WAIT_UNTIL__WAIT_UNTIL_STARTED);
      sync_with(&loop, &driver);
      CHECK(find_event(&driver.recorder, "Nav.delegate#1 → animator(0.5 s, 4 tracks)") >= 0);
      uv_process_kill(&child.process, SIGINT);
      child_wait(&loop, &child);
      CHECK_EQ_U64(child.exit_status, 0);
      CHECK_EQ_U64(child.term_signal, 0);
      CHECK_EQ_STR(child.err_text, "");
    }
  }
  disconnect(&loop, &driver);
  harness_daemon_stop(&loop, &daemon);
  harness_close_loop(&loop);
}

static void test_the_remote_slide_example(void) {
  char *program = example_program("CURTAIN_REMOTE_SLIDE");
  uv_loop_t loop;
  harness_daemon daemon;
  if (program == NULL || !start_daemon(&loop, &daemon)) {
    return;
  }
  child_process child;
  if (run_example(&loop, &daemon, program, "remote", &child)) {
    const char *out = child.out_text;
    CHECK(strstr(out, "  Nav.delegate#1.navigationAnimationController(push, Home → Detail)\n") !=
          NULL);
    CHECK(strstr(out, "  Nav.delegate#1 → remote animator(0.4 s)\n") != NULL);
    CHECK(strstr(out, "animating t1 (push, 0.40 s)\n") != NULL);
    /* The program's four frames, then the completion answers the push. */
    CHECK(strstr(out, "  frame 0.25  Home   x= -32.5 alpha=0.75  Detail x= 292.5 alpha=0.25\n"
                      "  frame 0.50  Home   x= -65.0 alpha=0.50  Detail x= 195.0 alpha=0.50\n"
                      "  frame 0.75  Home   x= -97.5 alpha=0.25  Detail x=  97.5 alpha=0.75\n"
                      "  frame 1.00  Home   x=-130.0 alpha=0.00  Detail x=   0.0 alpha=1.00\n"
                      "push: transition t1 completed\n") != NULL);
    if (harness_failures > 0) {
      fprintf(stderr, "remote-slide printed:\n%s", out);
    }
  }
  harness_daemon_stop(&loop, &daemon);
  harness_close_loop(&loop);
}

/* An interaction controller (docs/delegates.md, "Interaction
 * controllers"): the delegate answers a fade, then "interactive", and
 * drives the transition it is handed. */
typedef struct interaction_log {
  fade_animator fade;
  bool cancel;
  size_t animation_calls;
  size_t interaction_calls;
  char operation[8];
  uint64_t from;
  uint64_t to;
  /* start_interactive_transition */
  bool started;
  char session[64];
  uint64_t window_id;
  uint64_t transition_id;
  answer_slot update;
  answer_slot end;
} interaction_log;

static int interaction_animation(curtain_client *client, const Curtain__V1__DelegateCall *call,
                                 const char *operation, uint64_t from_id, uint64_t to_id,
                                 Curtain__V1__DelegateAnswer *answer, void *data) {
  (void)client;
  (void)call;
  (void)operation;
  (void)from_id;
  (void)to_id;
  interaction_log *log = data;
  log->animation_calls++;
  curtain_answer_animator(answer, &log->fade.spec);
  return CURTAIN_REPLY_NOW;
}

static int interaction_controller(curtain_client *client, const Curtain__V1__DelegateCall *call,
                                  const char *operation, uint64_t from_id, uint64_t to_id,
                                  Curtain__V1__DelegateAnswer *answer, void *data) {
  (void)client;
  (void)call;
  interaction_log *log = data;
  log->interaction_calls++;
  snprintf(log->operation, sizeof log->operation, "%s", operation);
  log->from = from_id;
  log->to = to_id;
  CHECK_EQ_U64(curtain_answer_interactive(answer), CURTAIN_OK);
  return CURTAIN_REPLY_NOW;
}

static void start_interactive_transition(curtain_client *client, const char *session,
                                         uint64_t window_id, uint64_t transition_id, void *data) {
  interaction_log *log = data;
  log->started = true;
  snprintf(log->session, sizeof log->session, "%s", session);
  log->window_id = window_id;
  log->transition_id = transition_id;
  CHECK_EQ_U64(curtain_update_interactive(client, session, window_id, transition_id, 0.5, on_answer,
                                          &log->update),
               CURTAIN_OK);
  int (*end)(curtain_client *, const char *, uint64_t, uint64_t, double, curtain_response_cb,
             void *) = log->cancel ? curtain_cancel_interactive : curtain_finish_interactive;
  CHECK_EQ_U64(end(client, session, window_id, transition_id, 1, on_answer, &log->end), CURTAIN_OK);
}

static void interaction_body(uv_loop_t *loop, test_connection *session, bool cancel) {
  uint64_t window_id = make_navigation_window(loop, session);
  REQUIRE(window_id != 0);
  interaction_log log = {.cancel = cancel};
  fade_init(&log.fade, 1);
  curtain_delegate delegate = {.navigation_animation_controller = interaction_animation,
                               .navigation_interaction_controller = interaction_controller,
                               .start_interactive_transition = start_interactive_transition};
  curtain_delegate_target target = {.controller = "Nav", .timeout_ms = 10000};
  REQUIRE(register_delegate(loop, session, &target, &delegate, &log));
  REQUIRE(subscribe(loop, session, window_id, true,
                    CURTAIN__V1__SUBSCRIBE__FRAME_POLICY__FRAME_POLICY_LATEST, 0) != 0);

  const Curtain__V1__OperationResult *push =
      navigate(loop, session, true, "", CURTAIN__V1__WAIT_UNTIL__WAIT_UNTIL_STARTED);
  REQUIRE(push != NULL);
  uint64_t transition_id = push->transition_id;
  CHECK(transition_id != 0);
  /* The interaction-controller question follows the animator's, because
   * the registration says `interaction`. */
  CHECK_EQ_U64(log.animation_calls, 1);
  CHECK_EQ_U64(log.interaction_calls, 1);
  CHECK_EQ_STR(log.operation, "push");
  CHECK_EQ_U64(log.from, controller_id(loop, session, "Home"));
  CHECK_EQ_U64(log.to, controller_id(loop, session, "Detail"));
  REQUIRE(harness_run_until(loop, &log.started, 10));
  CHECK_EQ_STR(log.session, "default");
  CHECK_EQ_U64(log.window_id, window_id);
  CHECK_EQ_U64(log.transition_id, transition_id);
  REQUIRE(wait_answer(loop, &log.update) && wait_answer(loop, &log.end));
  CHECK_EQ_U64(log.update.result_case, CURTAIN__V1__RESPONSE__RESULT_TRANSITION);
  CHECK_EQ_U64(log.end.result_case, CURTAIN__V1__RESPONSE__RESULT_TRANSITION);

  /* Let go: the rest plays on the window's clock. */
  advance(loop, session, window_id, 1);
  const Curtain__V1__ControllerNode *root = tree_root(loop, session, window_id);
  REQUIRE(root != NULL);
  if (cancel) {
    /* A cancelled push leaves the stack as it was. */
    CHECK_EQ_U64(root->n_children, 1);
    CHECK(find_event(&session->recorder, "Detail.viewDidAppear(true)") < 0);
  } else {
    CHECK(wait_event(loop, &session->recorder, "Detail.viewDidAppear(true)") >= 0);
    CHECK_EQ_U64(root->n_children, 2);
  }
  REQUIRE(root->n_children >= 1);
  CHECK_EQ_U64(root->children[root->n_children - 1]->id,
               controller_id(loop, session, cancel ? "Home" : "Detail"));
  /* The transition is over: it takes no more updates. */
  answer_slot late = {0};
  CHECK_EQ_U64(curtain_update_interactive(session->client, NULL, window_id, transition_id, 0.2,
                                          on_answer, &late),
               CURTAIN_OK);
  REQUIRE(wait_answer(loop, &late));
  CHECK_EQ_U64(late.error_code, CURTAIN__V1__ERROR_CODE__ERROR_CODE_NOT_FOUND);
}

static void
test_an_interaction_controller_drives_a_push_and_finishes_it_body(uv_loop_t *loop,
                                                                  test_connection *clients) {
  interaction_body(loop, &clients[0], false);
}

static void test_an_interaction_controller_drives_a_push_and_finishes_it(void) {
  run_with_clients(1, test_an_interaction_controller_drives_a_push_and_finishes_it_body);
}

static void test_an_interaction_controller_cancels_a_push_body(uv_loop_t *loop,
                                                               test_connection *clients) {
  interaction_body(loop, &clients[0], true);
}

static void test_an_interaction_controller_cancels_a_push(void) {
  run_with_clients(1, test_an_interaction_controller_cancels_a_push_body);
}

/* Presents `name` on Home with `style`, animated or not, and waits until
 * `wait_until`. */
static bool present_from_home(uv_loop_t *loop, test_connection *session, const char *name,
                              Curtain__V1__ModalPresentationStyle style, bool animated,
                              Curtain__V1__WaitUntil wait_until) {
  Curtain__V1__ControllerRef presenter = reference("Home");
  Curtain__V1__ControllerRef presented = reference((char *)name);
  Curtain__V1__Present present = CURTAIN__V1__PRESENT__INIT;
  present.presenter = &presenter;
  present.controller = &presented;
  present.not_animated = !animated;
  present._style_case = CURTAIN__V1__PRESENT___STYLE_STYLE;
  present.style = style;
  Curtain__V1__Request request = CURTAIN__V1__REQUEST__INIT;
  request.wait_until = wait_until;
  request.body_case = CURTAIN__V1__REQUEST__BODY_PRESENT;
  request.present = &present;
  return call(loop, session, &request, CURTAIN__V1__RESPONSE__RESULT_OPERATION) != NULL;
}

/* A custom presentation described by the delegate, and its frame at each
 * resize; the delegate takes the presenter's view out. */
typedef struct custom_log {
  curtain_presentation_storage storage;
  Curtain__V1__Rect frame;
  size_t presentations;
  uint64_t presented;
  uint64_t presenting;
  size_t resizes;
  uint64_t resized;
  double width;
  double height;
  size_t removals;
  uint64_t removal_presented;
  uint64_t removal_presenting;
} custom_log;

static int presentation_controller(curtain_client *client, const Curtain__V1__DelegateCall *call,
                                   uint64_t presented_id, uint64_t presenting_id,
                                   uint64_t source_id, Curtain__V1__DelegateAnswer *answer,
                                   void *data) {
  (void)client;
  (void)call;
  custom_log *log = data;
  log->presentations++;
  log->presented = presented_id;
  log->presenting = presenting_id;
  CHECK_EQ_U64(source_id, presenting_id);
  const double frame[4] = {40, 100, 200, 300};
  const double dimming = 0.5;
  CHECK_EQ_U64(curtain_answer_presentation(answer, &log->storage, frame, &dimming, 0), CURTAIN_OK);
  return CURTAIN_REPLY_NOW;
}

static int frame_of_presented_view(curtain_client *client, const Curtain__V1__DelegateCall *call,
                                   uint64_t presented_id, double width, double height,
                                   Curtain__V1__DelegateAnswer *answer, void *data) {
  (void)client;
  (void)call;
  custom_log *log = data;
  log->resizes++;
  log->resized = presented_id;
  log->width = width;
  log->height = height;
  CHECK_EQ_U64(curtain_answer_frame(answer, &log->frame, 10, 20, width - 20, 100), CURTAIN_OK);
  return CURTAIN_REPLY_NOW;
}

static int should_remove_presenters_view(curtain_client *client,
                                         const Curtain__V1__DelegateCall *call,
                                         uint64_t presented_id, uint64_t presenting_id,
                                         Curtain__V1__DelegateAnswer *answer, void *data) {
  (void)client;
  (void)call;
  custom_log *log = data;
  log->removals++;
  log->removal_presented = presented_id;
  log->removal_presenting = presenting_id;
  curtain_answer_yes(answer, 1);
  return CURTAIN_REPLY_NOW;
}

/* The frame of the controller the window's root presents. */
static Curtain__V1__Rect presented_frame(uv_loop_t *loop, test_connection *connection,
                                         uint64_t window_id) {
  Curtain__V1__Rect none = CURTAIN__V1__RECT__INIT;
  const Curtain__V1__ControllerNode *root = tree_root(loop, connection, window_id);
  CHECK(root != NULL && root->presented != NULL && root->presented->frame != NULL);
  if (root == NULL || root->presented == NULL || root->presented->frame == NULL) {
    return none;
  }
  return *root->presented->frame;
}

static void
test_a_custom_presentation_is_described_and_moved_at_a_resize_body(uv_loop_t *loop,
                                                                   test_connection *clients) {
  test_connection *session = &clients[0];
  uint64_t home = create_controller(loop, session,
                                    CURTAIN__V1__CONTROLLER_KIND__CONTROLLER_KIND_CONTENT, "Home");
  uint64_t note = create_controller(loop, session,
                                    CURTAIN__V1__CONTROLLER_KIND__CONTROLLER_KIND_CONTENT, "Note");
  REQUIRE(home != 0 && note != 0);
  uint64_t window_id = make_window(loop, session, "Home");
  REQUIRE(window_id != 0);
  custom_log log = {0};
  curtain_delegate delegate = {.presentation_controller = presentation_controller,
                               .frame_of_presented_view = frame_of_presented_view,
                               .should_remove_presenters_view = should_remove_presenters_view};
  curtain_delegate_target target = {.controller = "Note", .timeout_ms = 10000};
  REQUIRE(register_delegate(loop, session, &target, &delegate, &log));

  REQUIRE(present_from_home(loop, session, "Note",
                            CURTAIN__V1__MODAL_PRESENTATION_STYLE__MODAL_PRESENTATION_STYLE_CUSTOM,
                            false, CURTAIN__V1__WAIT_UNTIL__WAIT_UNTIL_COMPLETED));
  CHECK_EQ_U64(log.presentations, 1);
  CHECK_EQ_U64(log.presented, note);
  CHECK_EQ_U64(log.presenting, home);
  /* Then the frame, for the window's size (issue 37 §2): it wins over the
   * description's (40, 100, 200, 300). */
  CHECK_EQ_U64(log.resizes, 1);
  CHECK_EQ_U64(log.resized, note);
  CHECK(log.width == 390 && log.height == 844);
  Curtain__V1__Rect frame = presented_frame(loop, session, window_id);
  CHECK(frame.x == 10 && frame.y == 20 && frame.width == 370 && frame.height == 100);
  /* Then shouldRemovePresentersView: its yes takes Home's view out of the
   * window (the description said no), and Home disappears. */
  CHECK_EQ_U64(log.removals, 1);
  CHECK_EQ_U64(log.removal_presented, note);
  CHECK_EQ_U64(log.removal_presenting, home);
  const Curtain__V1__ControllerNode *root = tree_root(loop, session, window_id);
  REQUIRE(root != NULL);
  CHECK(!root->view_in_window);
  CHECK(root->appearance == CURTAIN__V1__APPEARANCE_STATE__APPEARANCE_STATE_DISAPPEARED);

  Curtain__V1__Size size = CURTAIN__V1__SIZE__INIT;
  size.width = 500;
  size.height = 600;
  Curtain__V1__WindowMetrics metrics = CURTAIN__V1__WINDOW_METRICS__INIT;
  metrics.size = &size;
  Curtain__V1__ResizeWindow resize = CURTAIN__V1__RESIZE_WINDOW__INIT;
  resize.window_id = window_id;
  resize.metrics = &metrics;
  resize.not_animated = true;
  Curtain__V1__Request request = CURTAIN__V1__REQUEST__INIT;
  request.wait_until = CURTAIN__V1__WAIT_UNTIL__WAIT_UNTIL_COMPLETED;
  request.body_case = CURTAIN__V1__REQUEST__BODY_RESIZE_WINDOW;
  request.resize_window = &resize;
  REQUIRE(call(loop, session, &request, CURTAIN__V1__RESPONSE__RESULT_OPERATION) != NULL);
  CHECK_EQ_U64(log.resizes, 2);
  CHECK_EQ_U64(log.resized, note);
  CHECK(log.width == 500 && log.height == 600);
  frame = presented_frame(loop, session, window_id);
  CHECK(frame.x == 10 && frame.y == 20 && frame.width == 480 && frame.height == 100);
}

static void test_a_custom_presentation_is_described_and_moved_at_a_resize(void) {
  run_with_clients(1, test_a_custom_presentation_is_described_and_moved_at_a_resize_body);
}

/* presentationTransitionWillBegin: the delegate animates the dimming view
 * alongside an animated custom presentation. */
typedef struct alongside_log {
  curtain_presentation_storage storage;
  fade_animator fade;
  fade_animator dimming;
  Curtain__V1__TimingFunction linear;
  size_t calls;
  uint64_t presented;
  uint64_t presenting;
} alongside_log;

static int dimmed_presentation(curtain_client *client, const Curtain__V1__DelegateCall *call,
                               uint64_t presented_id, uint64_t presenting_id, uint64_t source_id,
                               Curtain__V1__DelegateAnswer *answer, void *data) {
  (void)client;
  (void)call;
  (void)presented_id;
  (void)presenting_id;
  (void)source_id;
  alongside_log *log = data;
  const double dimming = 0.5;
  CHECK_EQ_U64(curtain_answer_presentation(answer, &log->storage, NULL, &dimming, 0), CURTAIN_OK);
  return CURTAIN_REPLY_NOW;
}

static int fading_in(curtain_client *client, const Curtain__V1__DelegateCall *call,
                     uint64_t presented_id, uint64_t presenting_id, uint64_t source_id,
                     Curtain__V1__DelegateAnswer *answer, void *data) {
  (void)client;
  (void)call;
  (void)presented_id;
  (void)presenting_id;
  (void)source_id;
  alongside_log *log = data;
  curtain_answer_animator(answer, &log->fade.spec);
  return CURTAIN_REPLY_NOW;
}

static int presentation_transition_will_begin(curtain_client *client,
                                              const Curtain__V1__DelegateCall *call,
                                              uint64_t presented_id, uint64_t presenting_id,
                                              Curtain__V1__DelegateAnswer *answer, void *data) {
  (void)client;
  (void)call;
  alongside_log *log = data;
  log->calls++;
  log->presented = presented_id;
  log->presenting = presenting_id;
  curtain_answer_animator(answer, &log->dimming.spec);
  return CURTAIN_REPLY_NOW;
}

/* The alpha of the first dimming view under `view`, or -1. */
static double dimming_alpha(const Curtain__V1__ViewNode *view) {
  if (view == NULL) {
    return -1;
  }
  if (strcmp(view->role, "dimming") == 0) {
    return view->state->alpha;
  }
  for (size_t index = 0; index < view->n_subviews; index++) {
    double alpha = dimming_alpha(view->subviews[index]);
    if (alpha >= 0) {
      return alpha;
    }
  }
  return -1;
}

/* The dimming view's alpha on screen (the presentation tree), or -1. */
static double dimming_on_screen(uv_loop_t *loop, test_connection *connection, uint64_t window_id) {
  const Curtain__V1__Tree *tree = presentation_tree(loop, connection, window_id);
  return tree != NULL ? dimming_alpha(tree->view) : -1;
}

static void test_animations_alongside_a_custom_presentation_body(uv_loop_t *loop,
                                                                 test_connection *clients) {
  test_connection *session = &clients[0];
  uint64_t home = create_controller(loop, session,
                                    CURTAIN__V1__CONTROLLER_KIND__CONTROLLER_KIND_CONTENT, "Home");
  uint64_t note = create_controller(loop, session,
                                    CURTAIN__V1__CONTROLLER_KIND__CONTROLLER_KIND_CONTENT, "Note");
  REQUIRE(home != 0 && note != 0);
  uint64_t window_id = make_window(loop, session, "Home");
  REQUIRE(window_id != 0);
  alongside_log log = {0};
  fade_init(&log.fade, 1);
  /* The dimming view's alpha 0 -> 1 along a straight line. */
  fade_init(&log.dimming, 0);
  log.dimming.target.role = CURTAIN__V1__TRACK_TARGET__ROLE__ROLE_DIMMING_VIEW;
  log.linear = (Curtain__V1__TimingFunction)CURTAIN__V1__TIMING_FUNCTION__INIT;
  log.linear.kind_case = CURTAIN__V1__TIMING_FUNCTION__KIND_NAMED;
  log.linear.named = CURTAIN__V1__NAMED_CURVE__NAMED_CURVE_LINEAR;
  log.dimming.track.timing = &log.linear;
  curtain_delegate delegate = {.presentation_controller = dimmed_presentation,
                               .animation_controller_for_presented = fading_in,
                               .presentation_transition_will_begin =
                                   presentation_transition_will_begin};
  curtain_delegate_target target = {.controller = "Note", .timeout_ms = 10000};
  REQUIRE(register_delegate(loop, session, &target, &delegate, &log));

  REQUIRE(present_from_home(loop, session, "Note",
                            CURTAIN__V1__MODAL_PRESENTATION_STYLE__MODAL_PRESENTATION_STYLE_CUSTOM,
                            true, CURTAIN__V1__WAIT_UNTIL__WAIT_UNTIL_STARTED));
  CHECK_EQ_U64(log.calls, 1);
  CHECK_EQ_U64(log.presented, note);
  CHECK_EQ_U64(log.presenting, home);
  CHECK(dimming_on_screen(loop, session, window_id) == 0);
  /* On the 1 s transition's clock: half way, half the alpha (the
   * description's built-in fade to 0.5 gave way to the track). */
  REQUIRE(advance(loop, session, window_id, 0.5) != NULL);
  CHECK(fabs(dimming_on_screen(loop, session, window_id) - 0.5) < 1e-9);
  REQUIRE(advance(loop, session, window_id, 0.5) != NULL);
  CHECK(dimming_on_screen(loop, session, window_id) == 1);
}

static void test_animations_alongside_a_custom_presentation(void) {
  run_with_clients(1, test_animations_alongside_a_custom_presentation_body);
}

/* viewControllerForAdaptivePresentationStyle: the delegate answers a
 * navigation controller with an empty stack, which wraps the compact
 * popover. */
typedef struct replacement_log {
  size_t calls;
  uint64_t presented;
  Curtain__V1__ModalPresentationStyle style;
  uint64_t wrapper;
} replacement_log;

static int view_controller_for_adaptive_presentation_style(
    curtain_client *client, const Curtain__V1__DelegateCall *call, uint64_t presented_id,
    Curtain__V1__ModalPresentationStyle adapted_style, Curtain__V1__DelegateAnswer *answer,
    void *data) {
  (void)client;
  (void)call;
  replacement_log *log = data;
  log->calls++;
  log->presented = presented_id;
  log->style = adapted_style;
  CHECK_EQ_U64(curtain_answer_controller(answer, log->wrapper), CURTAIN_OK);
  return CURTAIN_REPLY_NOW;
}

static void test_a_replacement_wraps_the_compact_popover_body(uv_loop_t *loop,
                                                              test_connection *clients) {
  test_connection *session = &clients[0];
  uint64_t home = create_controller(loop, session,
                                    CURTAIN__V1__CONTROLLER_KIND__CONTROLLER_KIND_CONTENT, "Home");
  uint64_t colors = create_controller(
      loop, session, CURTAIN__V1__CONTROLLER_KIND__CONTROLLER_KIND_CONTENT, "Colors");
  uint64_t wrapper = create_controller(
      loop, session, CURTAIN__V1__CONTROLLER_KIND__CONTROLLER_KIND_NAVIGATION, "Wrapper");
  REQUIRE(home != 0 && colors != 0 && wrapper != 0);
  uint64_t window_id = make_window(loop, session, "Home");
  REQUIRE(window_id != 0);
  replacement_log log = {.wrapper = wrapper};
  curtain_delegate delegate = {.view_controller_for_adaptive_presentation_style =
                                   view_controller_for_adaptive_presentation_style};
  curtain_delegate_target target = {.controller = "Colors", .timeout_ms = 10000};
  REQUIRE(register_delegate(loop, session, &target, &delegate, &log));

  REQUIRE(present_from_home(loop, session, "Colors",
                            CURTAIN__V1__MODAL_PRESENTATION_STYLE__MODAL_PRESENTATION_STYLE_POPOVER,
                            false, CURTAIN__V1__WAIT_UNTIL__WAIT_UNTIL_COMPLETED));
  CHECK_EQ_U64(log.calls, 1);
  CHECK_EQ_U64(log.presented, colors);
  CHECK_EQ_U64(log.style,
               CURTAIN__V1__MODAL_PRESENTATION_STYLE__MODAL_PRESENTATION_STYLE_OVER_FULL_SCREEN);
  const Curtain__V1__ControllerNode *root = tree_root(loop, session, window_id);
  REQUIRE(root != NULL && root->presented != NULL);
  CHECK_EQ_U64(root->presented->id, wrapper);
  REQUIRE(root->presented->n_children == 1);
  CHECK_EQ_U64(root->presented->children[0]->id, colors);

  CHECK_EQ_U64(curtain_answer_controller(NULL, 3), CURTAIN_E_INVALID);
  Curtain__V1__DelegateAnswer answer = CURTAIN__V1__DELEGATE_ANSWER__INIT;
  CHECK_EQ_U64(curtain_answer_controller(&answer, 0), CURTAIN_E_INVALID);
  CHECK_EQ_U64(answer.answer_case, CURTAIN__V1__DELEGATE_ANSWER__ANSWER__NOT_SET);
}

static void test_a_replacement_wraps_the_compact_popover(void) {
  run_with_clients(1, test_a_replacement_wraps_the_compact_popover_body);
}

/* prepare(for:sender:): the delegate configures the destination, through
 * its other connection, before the segue goes on. */
typedef struct prepare_log {
  test_connection *configurer;
  size_t calls;
  char identifier[16];
  uint64_t source;
  uint64_t destination;
  Curtain__V1__ControllerRef reference;
  Curtain__V1__ConfigureController configure;
  answer_slot configured;
} prepare_log;

static int prepare_for_segue(curtain_client *client, const Curtain__V1__DelegateCall *call,
                             const char *identifier, uint64_t source_id, uint64_t destination_id,
                             void *data) {
  (void)client;
  (void)call;
  prepare_log *log = data;
  log->calls++;
  snprintf(log->identifier, sizeof log->identifier, "%s", identifier);
  log->source = source_id;
  log->destination = destination_id;
  log->reference = (Curtain__V1__ControllerRef)CURTAIN__V1__CONTROLLER_REF__INIT;
  log->reference.ref_case = CURTAIN__V1__CONTROLLER_REF__REF_ID;
  log->reference.id = destination_id;
  log->configure = (Curtain__V1__ConfigureController)CURTAIN__V1__CONFIGURE_CONTROLLER__INIT;
  log->configure.controller = &log->reference;
  log->configure._title_case = CURTAIN__V1__CONFIGURE_CONTROLLER___TITLE_TITLE;
  log->configure.title = "Prepared";
  Curtain__V1__Request request = CURTAIN__V1__REQUEST__INIT;
  request.body_case = CURTAIN__V1__REQUEST__BODY_CONFIGURE_CONTROLLER;
  request.configure_controller = &log->configure;
  CHECK_EQ_U64(
      curtain_request(log->configurer->client, &request, on_answer, &log->configured, NULL),
      CURTAIN_OK);
  /* The answer is empty whatever the callback leaves. */
  return CURTAIN_REPLY_NOW;
}

static void test_prepare_for_segue_configures_the_destination_body(uv_loop_t *loop,
                                                                   test_connection *clients) {
  test_connection *session = &clients[0];
  static const char document[] =
      "{\"name\": \"S\", \"initial\": \"Home\", \"scenes\": [{\"id\": \"Home\"}, {\"id\": "
      "\"Next\"}], \"segues\": [{\"identifier\": \"go\", \"source\": \"Home\", \"destination\": "
      "\"Next\", \"kind\": \"present\"}]}";
  uint64_t window_id = make_empty_window(loop, session);
  REQUIRE(window_id != 0);
  Curtain__V1__LoadStoryboard load = CURTAIN__V1__LOAD_STORYBOARD__INIT;
  load.document.data = (uint8_t *)document;
  load.document.len = sizeof document - 1;
  load.window_id = window_id;
  Curtain__V1__Request request = CURTAIN__V1__REQUEST__INIT;
  request.body_case = CURTAIN__V1__REQUEST__BODY_LOAD_STORYBOARD;
  request.load_storyboard = &load;
  const Curtain__V1__Response *response =
      call(loop, session, &request, CURTAIN__V1__RESPONSE__RESULT_STORYBOARD);
  REQUIRE(response != NULL);
  uint64_t home = response->storyboard->root_id;
  REQUIRE(home != 0);

  prepare_log log = {.configurer = &clients[1]};
  curtain_delegate delegate = {.prepare_for_segue = prepare_for_segue};
  curtain_delegate_target target = {.controller_id = home, .timeout_ms = 10000};
  REQUIRE(register_delegate(loop, session, &target, &delegate, &log));

  Curtain__V1__ControllerRef source = CURTAIN__V1__CONTROLLER_REF__INIT;
  source.ref_case = CURTAIN__V1__CONTROLLER_REF__REF_ID;
  source.id = home;
  Curtain__V1__PerformSegue segue = CURTAIN__V1__PERFORM_SEGUE__INIT;
  segue.source = &source;
  segue.identifier = "go";
  segue.not_animated = true;
  request = (Curtain__V1__Request)CURTAIN__V1__REQUEST__INIT;
  request.wait_until = CURTAIN__V1__WAIT_UNTIL__WAIT_UNTIL_COMPLETED;
  request.body_case = CURTAIN__V1__REQUEST__BODY_PERFORM_SEGUE;
  request.perform_segue = &segue;
  response = call(loop, session, &request, CURTAIN__V1__RESPONSE__RESULT_SEGUE);
  REQUIRE(response != NULL);
  CHECK(response->segue->performed);
  uint64_t destination = response->segue->destination_id;
  CHECK(destination != 0);
  CHECK_EQ_U64(log.calls, 1);
  CHECK_EQ_STR(log.identifier, "go");
  CHECK_EQ_U64(log.source, home);
  CHECK_EQ_U64(log.destination, destination);
  REQUIRE(wait_answer(loop, &log.configured));
  CHECK_EQ_U64(log.configured.result_case, CURTAIN__V1__RESPONSE__RESULT_CONTROLLER);
  const Curtain__V1__ControllerNode *root = tree_root(loop, session, window_id);
  REQUIRE(root != NULL && root->presented != NULL);
  CHECK_EQ_U64(root->presented->id, destination);
  CHECK_EQ_STR(root->presented->title, "Prepared");
}

static void test_prepare_for_segue_configures_the_destination(void) {
  run_with_clients(2, test_prepare_for_segue_configures_the_destination_body);
}

static void test_bad_answers_and_interaction_arguments_fail_body(uv_loop_t *loop,
                                                                 test_connection *clients) {
  (void)loop;
  curtain_client *client = clients[0].client;
  Curtain__V1__DelegateAnswer answer = CURTAIN__V1__DELEGATE_ANSWER__INIT;
  curtain_presentation_storage storage;
  Curtain__V1__Rect rect;
  const double good[4] = {0, 0, 100, 100};
  const double negative[4] = {0, 0, -1, 100};
  const double not_a_number[4] = {NAN, 0, 100, 100};
  const double flat[4] = {0, 0, 100, 0};
  const double alpha = 1.5;
  const double nan_alpha = NAN;
  CHECK_EQ_U64(curtain_answer_interactive(NULL), CURTAIN_E_INVALID);
  CHECK_EQ_U64(curtain_answer_presentation(NULL, &storage, good, NULL, 0), CURTAIN_E_INVALID);
  CHECK_EQ_U64(curtain_answer_presentation(&answer, NULL, good, NULL, 0), CURTAIN_E_INVALID);
  CHECK_EQ_U64(curtain_answer_presentation(&answer, &storage, negative, NULL, 0),
               CURTAIN_E_INVALID);
  CHECK_EQ_U64(curtain_answer_presentation(&answer, &storage, not_a_number, NULL, 0),
               CURTAIN_E_INVALID);
  CHECK_EQ_U64(curtain_answer_presentation(&answer, &storage, flat, NULL, 0), CURTAIN_E_INVALID);
  CHECK_EQ_U64(curtain_answer_presentation(&answer, &storage, good, &alpha, 0), CURTAIN_E_INVALID);
  CHECK_EQ_U64(curtain_answer_presentation(&answer, &storage, good, &nan_alpha, 0),
               CURTAIN_E_INVALID);
  CHECK_EQ_U64(curtain_answer_frame(NULL, &rect, 0, 0, 1, 1), CURTAIN_E_INVALID);
  CHECK_EQ_U64(curtain_answer_frame(&answer, NULL, 0, 0, 1, 1), CURTAIN_E_INVALID);
  CHECK_EQ_U64(curtain_answer_frame(&answer, &rect, 0, 0, -5, 1), CURTAIN_E_INVALID);
  CHECK_EQ_U64(curtain_answer_frame(&answer, &rect, 0, INFINITY, 5, 1), CURTAIN_E_INVALID);
  CHECK_EQ_U64(curtain_answer_frame(&answer, &rect, 0, 0, 5, NAN), CURTAIN_E_INVALID);
  /* Refused answers leave the answer as it was. */
  CHECK_EQ_U64(answer.answer_case, CURTAIN__V1__DELEGATE_ANSWER__ANSWER__NOT_SET);
  /* A frame alone, no dimming: the window's bounds, nothing else set. */
  CHECK_EQ_U64(curtain_answer_presentation(&answer, &storage, NULL, NULL, 1), CURTAIN_OK);
  CHECK_EQ_U64(answer.answer_case, CURTAIN__V1__DELEGATE_ANSWER__ANSWER_PRESENTATION);
  CHECK(answer.presentation->frame == NULL && answer.presentation->removes_presenter_view);
  CHECK_EQ_U64(answer.presentation->_dimming_alpha_case,
               CURTAIN__V1__CUSTOM_PRESENTATION___DIMMING_ALPHA__NOT_SET);
  CHECK_EQ_U64(curtain_answer_interactive(&answer), CURTAIN_OK);
  CHECK(answer.answer_case == CURTAIN__V1__DELEGATE_ANSWER__ANSWER_INTERACTIVE &&
        answer.interactive);

  CHECK_EQ_U64(curtain_update_interactive(NULL, NULL, 1, 1, 0.5, NULL, NULL), CURTAIN_E_INVALID);
  CHECK_EQ_U64(curtain_update_interactive(client, NULL, 0, 1, 0.5, NULL, NULL), CURTAIN_E_INVALID);
  CHECK_EQ_STR(curtain_last_error(client),
               "no window id (0): pass the ids start_interactive_transition got");
  CHECK_EQ_U64(curtain_finish_interactive(client, NULL, 1, 0, 1, NULL, NULL), CURTAIN_E_INVALID);
  CHECK_EQ_STR(curtain_last_error(client),
               "no transition id (0): pass the ids start_interactive_transition got");
  CHECK_EQ_U64(curtain_update_interactive(client, NULL, 1, 1, NAN, NULL, NULL), CURTAIN_E_INVALID);
  CHECK_EQ_STR(curtain_last_error(client), "percent nan is not a finite number");
  CHECK_EQ_U64(curtain_cancel_interactive(client, NULL, 1, 1, INFINITY, NULL, NULL),
               CURTAIN_E_INVALID);
  CHECK_EQ_STR(curtain_last_error(client), "completion speed inf is not a finite number");
}

static void test_bad_answers_and_interaction_arguments_fail(void) {
  run_with_clients(1, test_bad_answers_and_interaction_arguments_fail_body);
}

int main(void) {
  signal(SIGPIPE, SIG_IGN);
  static const harness_test tests[] = {
      {"a navigation delegate answers an animator that the push runs",
       test_a_navigation_delegate_answers_an_animator_that_the_push_runs},
      {"a tab bar delegate of another client declines a tab",
       test_a_tab_bar_delegate_of_another_client_declines_a_tab},
      {"an answer later than the timeout falls back",
       test_an_answer_later_than_the_timeout_falls_back},
      {"a second client replaces the first", test_a_second_client_replaces_the_first},
      {"calls without a delegate go to on_delegate_call or get the default",
       test_calls_without_a_delegate_go_to_on_delegate_call_or_get_the_default},
      {"an adaptive delegate picks the style and keeps a pulled-down sheet",
       test_an_adaptive_delegate_picks_the_style_and_keeps_a_pulled_down_sheet},
      {"a remote animator sends frames and completes",
       test_a_remote_animator_sends_frames_and_completes},
      {"a remote animator cancels and a second completion is refused",
       test_a_remote_animator_cancels_and_a_second_completion_is_refused},
      {"a transition never completed ends after the grace and only its client drives it",
       test_a_transition_never_completed_ends_after_the_grace_and_only_its_client_drives_it},
      {"bad arguments fail with a message", test_bad_arguments_fail_with_a_message},
      {"an interaction controller drives a push and finishes it",
       test_an_interaction_controller_drives_a_push_and_finishes_it},
      {"an interaction controller cancels a push", test_an_interaction_controller_cancels_a_push},
      {"a custom presentation is described and moved at a resize",
       test_a_custom_presentation_is_described_and_moved_at_a_resize},
      {"animations alongside a custom presentation",
       test_animations_alongside_a_custom_presentation},
      {"prepare for segue configures the destination",
       test_prepare_for_segue_configures_the_destination},
      {"bad answers and interaction arguments fail",
       test_bad_answers_and_interaction_arguments_fail},
      {"a replacement wraps the compact popover", test_a_replacement_wraps_the_compact_popover},
      {"the slide-delegate example", test_the_slide_delegate_example},
      {"the remote-slide example", test_the_remote_slide_example},
  };
  return harness_run(tests, sizeof tests / sizeof tests[0]);
}
