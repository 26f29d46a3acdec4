/*
 * slide-delegate: a navigation controller delegate that slides (seed 001),
 * answered live through libcurtain's delegate callbacks.
 *
 *   slide-delegate [--socket ADDRESS] [--session NAME] [--serve]
 *
 * The program becomes the delegate of a navigation controller: the daemon
 * asks `navigationController(_:animationControllerFor:from:to:)` before
 * each animated push or pop, and the callback answers with an animator
 * spec: the new view slides in from the right edge and fades in while the
 * old one slides a third of the way out to the left and fades out
 * (mirrored for a pop). The same client pushes, with `wait_until` STARTED:
 * the library answers the daemon's question while the push waits. On a
 * manual clock it prints the delegate's events and where the two views are
 * at each quarter of each transition.
 *
 * With --serve it only answers (for the navigation controller Nav of
 * --session, created by another program) until Ctrl-C.
 *
 * An example of libcurtain: requests chained through their callbacks, a
 * `curtain_delegate` with one callback, frames and events through the
 * client's callbacks.
 */
#include <getopt.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "curtain.h"

#define PROGRAM "slide-delegate"
/* The animator's duration, in seconds; the clock advances by quarters. */
#define DURATION 0.5
#define QUARTERS 4

static const char usage_text[] =
    "usage: " PROGRAM " [--socket ADDRESS] [--session NAME] [--serve]\n"
    "\n"
    "Becomes the delegate of a navigation controller and answers each push and\n"
    "pop with a slide animator (seed 001). Without --serve it makes a window\n"
    "on a manual clock, pushes and pops, and prints the delegate's events and\n"
    "the views' positions at each quarter of the transitions.\n"
    "\n"
    "  --socket ADDRESS   the daemon's Unix socket path or tcp://HOST:PORT\n"
    "                     (default: $CURTAIN_SOCKET, else the default socket)\n"
    "  --session NAME     the session to work in, which must hold nothing yet;\n"
    "                     deleted at the end (default: slide-PID); with --serve,\n"
    "                     the session to answer for, left as it is\n"
    "  --serve            only answer, for @Nav of --session, until Ctrl-C\n"
    "  --help             show this help\n";

/* The steps of the demo, in order. */
typedef enum step {
  STEP_CHECK_SESSION,
  STEP_CREATE_WINDOW,
  STEP_CREATE_DETAIL,
  STEP_LIST,
  STEP_SET_DELEGATE,
  STEP_SUBSCRIBE,
  STEP_PUSH,
  STEP_PUSH_CLOCK,
  STEP_POP = STEP_PUSH_CLOCK + QUARTERS,
  STEP_POP_CLOCK,
  STEP_CLEAR = STEP_POP_CLOCK + QUARTERS,
  STEP_KILL_SESSION,
  STEP_DONE,
} step;

/* A slide animator: four tracks, built once per direction. */
typedef struct slide_animator {
  Curtain__V1__AnimatableValue transparent;
  Curtain__V1__AnimatableValue opaque;
  Curtain__V1__ValueSpec values[8];
  Curtain__V1__TrackTarget to_view;
  Curtain__V1__TrackTarget from_view;
  Curtain__V1__TimingFunction ease;
  Curtain__V1__Track tracks[4];
  Curtain__V1__Track *track_list[4];
  Curtain__V1__AnimatorSpec spec;
} slide_animator;

typedef struct demo {
  uv_loop_t *loop;
  uv_signal_t interrupt;
  uv_signal_t terminate;
  curtain_client *client;
  char session[128];
  bool serve;
  int step;
  int status;
  uint64_t window_id;
  uint64_t home_id;
  uint64_t detail_id;
  slide_animator push;
  slide_animator pop;
} demo;

/* One track of `animator`: `property` of `target` from `from` to `to`. */
static void add_track(slide_animator *animator, size_t index, Curtain__V1__TrackTarget *target,
                      Curtain__V1__AnimatableProperty property, Curtain__V1__ValueSpec *from,
                      Curtain__V1__ValueSpec *to) {
  Curtain__V1__Track *track = &animator->tracks[index];
  *track = (Curtain__V1__Track)CURTAIN__V1__TRACK__INIT;
  track->target = target;
  track->property = property;
  track->from = from;
  track->to = to;
  track->timing = &animator->ease;
  animator->track_list[index] = track;
}

/* A frame value: `base` moved by `offset` container widths. */
static Curtain__V1__ValueSpec *frame_value(slide_animator *animator, size_t index,
                                           Curtain__V1__ValueSpec__Base base, double offset) {
  Curtain__V1__ValueSpec *value = &animator->values[index];
  *value = (Curtain__V1__ValueSpec)CURTAIN__V1__VALUE_SPEC__INIT;
  value->spec_base = base;
  value->container_offset_x = offset;
  return value;
}

/* An alpha value. */
static Curtain__V1__ValueSpec *alpha_value(slide_animator *animator, size_t index,
                                           Curtain__V1__AnimatableValue *alpha) {
  Curtain__V1__ValueSpec *value = &animator->values[index];
  *value = (Curtain__V1__ValueSpec)CURTAIN__V1__VALUE_SPEC__INIT;
  value->spec_base = CURTAIN__V1__VALUE_SPEC__BASE__BASE_VALUE;
  value->value = alpha;
  return value;
}

/* A push comes in from the right (side 1), a pop from the left (-1). */
static void slide_init(slide_animator *animator, double side) {
  animator->transparent = (Curtain__V1__AnimatableValue)CURTAIN__V1__ANIMATABLE_VALUE__INIT;
  animator->transparent.kind_case = CURTAIN__V1__ANIMATABLE_VALUE__KIND_SCALAR;
  animator->opaque = animator->transparent;
  animator->opaque.scalar = 1;
  animator->to_view = (Curtain__V1__TrackTarget)CURTAIN__V1__TRACK_TARGET__INIT;
  animator->to_view.role = CURTAIN__V1__TRACK_TARGET__ROLE__ROLE_TO_VIEW;
  animator->from_view = animator->to_view;
  animator->from_view.role = CURTAIN__V1__TRACK_TARGET__ROLE__ROLE_FROM_VIEW;
  animator->ease = (Curtain__V1__TimingFunction)CURTAIN__V1__TIMING_FUNCTION__INIT;
  animator->ease.kind_case = CURTAIN__V1__TIMING_FUNCTION__KIND_NAMED;
  animator->ease.named = CURTAIN__V1__NAMED_CURVE__NAMED_CURVE_EASE_IN_OUT;
  const Curtain__V1__AnimatableProperty frame =
      CURTAIN__V1__ANIMATABLE_PROPERTY__ANIMATABLE_PROPERTY_FRAME;
  const Curtain__V1__AnimatableProperty alpha =
      CURTAIN__V1__ANIMATABLE_PROPERTY__ANIMATABLE_PROPERTY_ALPHA;
  add_track(animator, 0, &animator->to_view, frame,
            frame_value(animator, 0, CURTAIN__V1__VALUE_SPEC__BASE__BASE_FINAL_FRAME, side),
            frame_value(animator, 1, CURTAIN__V1__VALUE_SPEC__BASE__BASE_FINAL_FRAME, 0));
  add_track(animator, 1, &animator->from_view, frame,
            frame_value(animator, 2, CURTAIN__V1__VALUE_SPEC__BASE__BASE_INITIAL_FRAME, 0),
            frame_value(animator, 3, CURTAIN__V1__VALUE_SPEC__BASE__BASE_INITIAL_FRAME, -side / 3));
  add_track(animator, 2, &animator->to_view, alpha,
            alpha_value(animator, 4, &animator->transparent),
            alpha_value(animator, 5, &animator->opaque));
  add_track(animator, 3, &animator->from_view, alpha, alpha_value(animator, 6, &animator->opaque),
            alpha_value(animator, 7, &animator->transparent));
  animator->spec = (Curtain__V1__AnimatorSpec)CURTAIN__V1__ANIMATOR_SPEC__INIT;
  animator->spec.duration = DURATION;
  animator->spec.n_tracks = 4;
  animator->spec.tracks = animator->track_list;
}

/* UINavigationControllerDelegate navigationController(_:animationControllerFor:from:to:). */
static int animation_controller_for(curtain_client *client, const Curtain__V1__DelegateCall *call,
                                    const char *operation, uint64_t from_id, uint64_t to_id,
                                    Curtain__V1__DelegateAnswer *answer, void *data) {
  (void)client;
  (void)call;
  (void)from_id;
  (void)to_id;
  demo *state = data;
  curtain_answer_animator(answer,
                          strcmp(operation, "push") == 0 ? &state->push.spec : &state->pop.spec);
  return CURTAIN_REPLY_NOW;
}

static const curtain_delegate slide_delegate = {
    .navigation_animation_controller = animation_controller_for,
};

static void close_signals(demo *state) {
  if (!uv_is_closing((uv_handle_t *)&state->interrupt)) {
    uv_close((uv_handle_t *)&state->interrupt, NULL);
    uv_close((uv_handle_t *)&state->terminate, NULL);
  }
}

static void stop(demo *state, int status) {
  if (status != 0) {
    state->status = status;
  }
  close_signals(state);
  curtain_close(state->client);
}

static void run_step(demo *state);

/* Stops the program when `answer` (a SessionList) shows its session
 * holding windows or controllers: they are someone else's, or those of a
 * run that was killed. */
static bool session_in_use(demo *state, const Curtain__V1__Response *answer) {
  for (size_t index = 0; index < answer->sessions->n_sessions; index++) {
    const Curtain__V1__SessionList__Entry *entry = answer->sessions->sessions[index];
    if (strcmp(entry->name, state->session) == 0 && (entry->windows || entry->controllers)) {
      fprintf(stderr,
              PROGRAM ": session \"%s\" is not empty (%u windows, %u controllers: a run that "
                      "was killed?); remove it with `curtain kill-session %s`, or pass "
                      "--session with another name\n",
              state->session, entry->windows, entry->controllers, state->session);
      stop(state, 1);
      return true;
    }
  }
  return false;
}

/* Every request's answer: an error ends the program, else the next step. */
static void on_answer(curtain_client *client, int status, const Curtain__V1__Response *response,
                      void *data) {
  (void)client;
  demo *state = data;
  if (status != CURTAIN_OK) {
    return; /* the connection ended: on_close says why */
  }
  if (response->result_case == CURTAIN__V1__RESPONSE__RESULT_ERROR) {
    fprintf(stderr, PROGRAM ": %s: %s\n", curtain_error_code_name(response->error->code),
            response->error->message);
    stop(state, 1);
    return;
  }
  switch (state->step) {
  case STEP_CHECK_SESSION:
    if (session_in_use(state, response)) {
      return;
    }
    break;
  case STEP_CREATE_WINDOW:
    state->window_id = response->window->id;
    break;
  case STEP_LIST:
    for (size_t index = 0; index < response->controllers->n_controllers; index++) {
      const Curtain__V1__ControllerInfo *info = response->controllers->controllers[index];
      if (strcmp(info->identifier, "Home") == 0) {
        state->home_id = info->id;
      } else if (strcmp(info->identifier, "Detail") == 0) {
        state->detail_id = info->id;
      }
    }
    break;
  case STEP_PUSH:
  case STEP_POP:
    printf("%s: transition t%llu started\n", state->step == STEP_PUSH ? "push" : "pop",
           (unsigned long long)response->operation->transition_id);
    break;
  case STEP_SET_DELEGATE:
    if (state->serve) {
      printf("answering @Nav's navigation questions in session \"%s\"; Ctrl-C to stop\n",
             state->session);
      fflush(stdout);
      return;
    }
    break;
  default:
    break;
  }
  state->step++;
  run_step(state);
}

/* Sends a request whose answer goes to the next step. */
static void send_step(demo *state, Curtain__V1__Request *request) {
  request->session = state->session;
  if (curtain_request(state->client, request, on_answer, state, NULL) != CURTAIN_OK) {
    fprintf(stderr, PROGRAM ": could not send a request\n");
    stop(state, 1);
  }
}

static void run_step(demo *state) {
  Curtain__V1__Request request = CURTAIN__V1__REQUEST__INIT;
  Curtain__V1__ControllerRef nav = CURTAIN__V1__CONTROLLER_REF__INIT;
  nav.ref_case = CURTAIN__V1__CONTROLLER_REF__REF_IDENTIFIER;
  nav.identifier = "Nav";
  Curtain__V1__ControllerRef detail = nav;
  detail.identifier = "Detail";
  curtain_delegate_target target = {.session = state->session, .controller = "Nav"};
  if (state->step == STEP_CHECK_SESSION) {
    Curtain__V1__ListSessions body = CURTAIN__V1__LIST_SESSIONS__INIT;
    request.body_case = CURTAIN__V1__REQUEST__BODY_LIST_SESSIONS;
    request.list_sessions = &body;
    send_step(state, &request);
  } else if (state->step == STEP_CREATE_WINDOW) {
    Curtain__V1__ControllerSpec home = CURTAIN__V1__CONTROLLER_SPEC__INIT;
    home.kind = CURTAIN__V1__CONTROLLER_KIND__CONTROLLER_KIND_CONTENT;
    home.identifier = "Home";
    Curtain__V1__ControllerSpec *stack[] = {&home};
    Curtain__V1__ControllerSpec root = CURTAIN__V1__CONTROLLER_SPEC__INIT;
    root.kind = CURTAIN__V1__CONTROLLER_KIND__CONTROLLER_KIND_NAVIGATION;
    root.identifier = "Nav";
    root.n_children = 1;
    root.children = stack;
    Curtain__V1__CreateWindow body = CURTAIN__V1__CREATE_WINDOW__INIT;
    body.clock = CURTAIN__V1__CLOCK_MODE__CLOCK_MODE_MANUAL;
    body.root = &root;
    request.body_case = CURTAIN__V1__REQUEST__BODY_CREATE_WINDOW;
    request.create_window = &body;
    send_step(state, &request);
  } else if (state->step == STEP_CREATE_DETAIL) {
    Curtain__V1__CreateController body = CURTAIN__V1__CREATE_CONTROLLER__INIT;
    body.kind = CURTAIN__V1__CONTROLLER_KIND__CONTROLLER_KIND_CONTENT;
    body.identifier = "Detail";
    request.body_case = CURTAIN__V1__REQUEST__BODY_CREATE_CONTROLLER;
    request.create_controller = &body;
    send_step(state, &request);
  } else if (state->step == STEP_LIST) {
    Curtain__V1__ListControllers body = CURTAIN__V1__LIST_CONTROLLERS__INIT;
    request.body_case = CURTAIN__V1__REQUEST__BODY_LIST_CONTROLLERS;
    request.list_controllers = &body;
    send_step(state, &request);
  } else if (state->step == STEP_SET_DELEGATE) {
    if (curtain_set_delegate(state->client, &target, &slide_delegate, state, on_answer, state) !=
        CURTAIN_OK) {
      fprintf(stderr, PROGRAM ": %s\n", curtain_last_error(state->client));
      stop(state, 1);
    }
  } else if (state->step == STEP_SUBSCRIBE) {
    Curtain__V1__Subscribe body = CURTAIN__V1__SUBSCRIBE__INIT;
    body.window_id = state->window_id;
    body.events = 1;
    body.frames = 1;
    request.body_case = CURTAIN__V1__REQUEST__BODY_SUBSCRIBE;
    request.subscribe = &body;
    send_step(state, &request);
  } else if (state->step == STEP_PUSH || state->step == STEP_POP) {
    Curtain__V1__Push push = CURTAIN__V1__PUSH__INIT;
    push.navigation = &nav;
    push.controller = &detail;
    Curtain__V1__Pop pop = CURTAIN__V1__POP__INIT;
    pop.navigation = &nav;
    request.wait_until = CURTAIN__V1__WAIT_UNTIL__WAIT_UNTIL_STARTED;
    if (state->step == STEP_PUSH) {
      request.body_case = CURTAIN__V1__REQUEST__BODY_PUSH;
      request.push = &push;
    } else {
      request.body_case = CURTAIN__V1__REQUEST__BODY_POP;
      request.pop = &pop;
    }
    send_step(state, &request);
  } else if (state->step < STEP_CLEAR) {
    Curtain__V1__AdvanceClock body = CURTAIN__V1__ADVANCE_CLOCK__INIT;
    body.window_id = state->window_id;
    body.seconds = DURATION / QUARTERS;
    request.body_case = CURTAIN__V1__REQUEST__BODY_ADVANCE_CLOCK;
    request.advance_clock = &body;
    send_step(state, &request);
  } else if (state->step == STEP_CLEAR) {
    if (curtain_clear_delegate(state->client, &target, on_answer, state) != CURTAIN_OK) {
      fprintf(stderr, PROGRAM ": %s\n", curtain_last_error(state->client));
      stop(state, 1);
    }
  } else if (state->step == STEP_KILL_SESSION) {
    Curtain__V1__KillSession body = CURTAIN__V1__KILL_SESSION__INIT;
    body.name = state->session;
    request.body_case = CURTAIN__V1__REQUEST__BODY_KILL_SESSION;
    request.kill_session = &body;
    send_step(state, &request);
  } else {
    stop(state, 0);
  }
}

static void on_ready(curtain_client *client, const Curtain__V1__Welcome *welcome, void *user) {
  (void)client;
  (void)welcome;
  demo *state = user;
  state->step = state->serve ? STEP_SET_DELEGATE : STEP_CHECK_SESSION;
  run_step(state);
}

/* Where Home's and Detail's views are in a frame. */
static void on_frame(curtain_client *client, const Curtain__V1__Frame *frame, void *user) {
  (void)client;
  demo *state = user;
  printf("  frame t=%5.3f", frame->model_time);
  for (int pass = 0; pass < 2; pass++) {
    uint64_t wanted = pass == 0 ? state->home_id : state->detail_id;
    for (size_t index = 0; index < frame->n_views; index++) {
      const Curtain__V1__ViewFrame *view = frame->views[index];
      if (view->controller_id == wanted && strcmp(view->role, "controllerRoot") == 0) {
        printf("  %-6s x=%6.1f alpha=%.2f", pass == 0 ? "Home" : "Detail",
               view->state->frame->x + 0.0, view->state->alpha);
      }
    }
  }
  printf("\n");
}

/* The delegate's events: asked, answered (or fallen back). */
static void on_event(curtain_client *client, const Curtain__V1__Event *event, void *user) {
  (void)client;
  (void)user;
  if (event->kind_case == CURTAIN__V1__EVENT__KIND_DELEGATE) {
    printf("  %s\n", event->text);
  }
}

static void on_close(curtain_client *client, int status, const char *message, void *user) {
  (void)client;
  demo *state = user;
  if (status != CURTAIN_E_CLOSED) {
    fprintf(stderr, PROGRAM ": %s\n", message);
    state->status = 1;
  }
  close_signals(state);
}

static void on_signal(uv_signal_t *handle, int number) {
  (void)number;
  demo *state = handle->data;
  stop(state, 0);
}

int main(int argc, char **argv) {
  static const struct option options[] = {
      {"socket", required_argument, NULL, 's'},
      {"session", required_argument, NULL, 'n'},
      {"serve", no_argument, NULL, 'S'},
      {"help", no_argument, NULL, 'h'},
      {NULL, 0, NULL, 0},
  };
  demo state;
  memset(&state, 0, sizeof state);
  const char *address = NULL;
  snprintf(state.session, sizeof state.session, "slide-%ld", (long)getpid());
  int option;
  while ((option = getopt_long(argc, argv, "", options, NULL)) != -1) {
    switch (option) {
    case 's':
      address = optarg;
      break;
    case 'n':
      snprintf(state.session, sizeof state.session, "%s", optarg);
      break;
    case 'S':
      state.serve = true;
      break;
    case 'h':
      fputs(usage_text, stdout);
      return 0;
    default:
      fputs(usage_text, stderr);
      return 2;
    }
  }
  if (optind != argc) {
    fprintf(stderr, PROGRAM ": unexpected argument '%s'\n%s", argv[optind], usage_text);
    return 2;
  }
  slide_init(&state.push, 1);
  slide_init(&state.pop, -1);
  state.loop = uv_default_loop();
  curtain_options connect_options = {.client_name = PROGRAM};
  curtain_callbacks callbacks = {
      .on_ready = on_ready, .on_frame = on_frame, .on_event = on_event, .on_close = on_close};
  int result =
      curtain_connect(state.loop, address, &connect_options, &callbacks, &state, &state.client);
  if (result != CURTAIN_OK) {
    fprintf(stderr, PROGRAM ": cannot connect to %s: %s\n",
            address ? address : "the default socket", curtain_strerror(result));
    return 1;
  }
  uv_signal_init(state.loop, &state.interrupt);
  uv_signal_init(state.loop, &state.terminate);
  state.interrupt.data = &state;
  state.terminate.data = &state;
  uv_signal_start(&state.interrupt, on_signal, SIGINT);
  uv_signal_start(&state.terminate, on_signal, SIGTERM);
  uv_unref((uv_handle_t *)&state.interrupt);
  uv_unref((uv_handle_t *)&state.terminate);
  uv_run(state.loop, UV_RUN_DEFAULT);
  uv_loop_close(state.loop);
  return state.status;
}
