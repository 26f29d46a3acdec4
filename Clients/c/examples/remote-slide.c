/*
 * remote-slide: a navigation controller delegate whose animator runs in this
 * program (a remote animator, docs/delegates.md), through libcurtain.
 *
 *   remote-slide [--socket ADDRESS] [--session NAME]
 *
 * The program makes a window on a manual clock with Nav = nav[Home], becomes
 * Nav's delegate and pushes Detail (`wait_until` COMPLETED). The daemon asks
 * `navigationController(_:animationControllerFor:from:to:)`; the callback
 * answers with a remote animator, so the transition begins with nothing
 * moving and the delegate's `animate_transition` gets its context. A libuv
 * timer then sends a frame every 20 ms: Detail slides in from the right
 * edge and fades in while Home slides a third of the way out, in QUARTERS
 * steps, and the last step completes the transition, which answers the
 * push. The manual clock never moves: only the program's frames do. It
 * prints the delegate's events and where the two views are in each frame.
 *
 * An example of `curtain_answer_remote_animator`, `animate_transition`,
 * `curtain_transition_frame` and `curtain_complete_transition`.
 */
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "curtain.h"

#define PROGRAM "remote-slide"
/* `transitionDuration(using:)`: the daemon ends a transition not completed
 * this long (plus the registration's timeout) after it began. */
#define DURATION          0.4
#define QUARTERS          4
#define FRAME_INTERVAL_MS 20

static const char usage_text[] =
    "usage: " PROGRAM " [--socket ADDRESS] [--session NAME]\n"
    "\n"
    "Becomes the delegate of a navigation controller, answers its push with a\n"
    "remote animator and runs the slide itself: frames sent from a timer, then\n"
    "the completion. Prints the delegate's events and the views' positions.\n"
    "\n"
    "  --socket ADDRESS   the daemon's Unix socket path or tcp://HOST:PORT\n"
    "                     (default: $CURTAIN_SOCKET, else the default socket)\n"
    "  --session NAME     the session to work in, which must hold nothing yet;\n"
    "                     deleted at the end (default: remote-slide-PID)\n"
    "  --help             show this help\n";

typedef enum step {
  STEP_CHECK_SESSION,
  STEP_CREATE_WINDOW,
  STEP_CREATE_DETAIL,
  STEP_SET_DELEGATE,
  STEP_SUBSCRIBE,
  STEP_PUSH,
  STEP_KILL_SESSION,
  STEP_DONE,
} step;

typedef struct demo {
  uv_loop_t *loop;
  curtain_client *client;
  char session[128];
  int step;
  int status;
  uint64_t window_id;
  /* The answer's message: it must outlive the callback. */
  Curtain__V1__RemoteAnimator remote;
  /* The running transition (a copy of its context) and its frame timer. */
  Curtain__V1__AnimateTransition *transition;
  uv_timer_t timer;
  bool timer_open;
  int quarter;
} demo;

static void stop(demo *state, int status) {
  if (status != 0) {
    state->status = status;
  }
  curtain_close(state->client);
}

/* A refused frame or completion ends the program. */
static void on_sent(curtain_client *client, int status, const Curtain__V1__Response *response,
                    void *data) {
  (void)client;
  demo *state = data;
  if (status == CURTAIN_OK && response->result_case == CURTAIN__V1__RESPONSE__RESULT_ERROR) {
    fprintf(stderr, PROGRAM ": the daemon refused a frame: %s: %s\n",
            curtain_error_code_name(response->error->code), response->error->message);
    stop(state, 1);
  }
}

static void close_timer(demo *state) {
  if (state->timer_open) {
    state->timer_open = false;
    uv_close((uv_handle_t *)&state->timer, NULL);
  }
}

/* One step of the slide: the views' frames and alphas at `percent`. */
static void on_tick(uv_timer_t *timer) {
  demo *state = timer->data;
  const Curtain__V1__AnimateTransition *transition = state->transition;
  double percent = (double)++state->quarter / QUARTERS;
  const Curtain__V1__Rect *to = transition->to_final_frame;
  const Curtain__V1__Rect *from = transition->from_initial_frame;
  curtain_view_value values[] = {
      {.view_id = transition->to_view_id,
       .property = CURTAIN__V1__ANIMATABLE_PROPERTY__ANIMATABLE_PROPERTY_FRAME,
       .numbers = {to->x + to->width * (1 - percent), to->y, to->width, to->height}},
      {.view_id = transition->to_view_id,
       .property = CURTAIN__V1__ANIMATABLE_PROPERTY__ANIMATABLE_PROPERTY_ALPHA,
       .numbers = {percent}},
      {.view_id = transition->from_view_id,
       .property = CURTAIN__V1__ANIMATABLE_PROPERTY__ANIMATABLE_PROPERTY_FRAME,
       .numbers = {from->x - from->width / 3 * percent, from->y, from->width, from->height}},
      {.view_id = transition->from_view_id,
       .property = CURTAIN__V1__ANIMATABLE_PROPERTY__ANIMATABLE_PROPERTY_ALPHA,
       .numbers = {1 - percent}},
  };
  /* A view the animator must not move has id 0: send only the others. */
  size_t count = transition->from_view_id != 0 ? 4 : 2;
  if (curtain_transition_frame(state->client, transition, &percent, values, count, on_sent,
                               state) != CURTAIN_OK ||
      (state->quarter == QUARTERS &&
       curtain_complete_transition(state->client, transition, 1, on_sent, state) != CURTAIN_OK)) {
    fprintf(stderr, PROGRAM ": %s\n", curtain_last_error(state->client));
    stop(state, 1);
  }
  if (state->quarter == QUARTERS) {
    close_timer(state);
  }
}

/* UINavigationControllerDelegate navigationController(_:animationControllerFor:from:to:). */
static int animation_controller_for(curtain_client *client, const Curtain__V1__DelegateCall *call,
                                    const char *operation, uint64_t from_id, uint64_t to_id,
                                    Curtain__V1__DelegateAnswer *answer, void *data) {
  (void)client;
  (void)call;
  (void)operation;
  (void)from_id;
  (void)to_id;
  demo *state = data;
  curtain_answer_remote_animator(answer, &state->remote, DURATION);
  return CURTAIN_REPLY_NOW;
}

/* UIViewControllerAnimatedTransitioning animateTransition(using:). */
static void animate_transition(curtain_client *client,
                               const Curtain__V1__AnimateTransition *transition, void *data) {
  demo *state = data;
  if (state->transition != NULL) {
    return; /* one transition at a time: the daemon ends this one itself */
  }
  state->transition = (Curtain__V1__AnimateTransition *)curtain_message_copy(&transition->base);
  if (state->transition == NULL || transition->to_final_frame == NULL ||
      transition->from_initial_frame == NULL) {
    fprintf(stderr, PROGRAM ": cannot run transition t%llu\n",
            (unsigned long long)transition->transition_id);
    stop(state, 1);
    return;
  }
  printf("animating t%llu (%s, %.2f s)\n", (unsigned long long)transition->transition_id,
         transition->kind, transition->duration);
  (void)client;
  uv_timer_init(state->loop, &state->timer);
  state->timer.data = state;
  state->timer_open = true;
  uv_timer_start(&state->timer, on_tick, FRAME_INTERVAL_MS, FRAME_INTERVAL_MS);
}

static const curtain_delegate remote_delegate = {
    .navigation_animation_controller = animation_controller_for,
    .animate_transition = animate_transition,
};

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
  if (state->step == STEP_CHECK_SESSION && session_in_use(state, response)) {
    return;
  }
  if (state->step == STEP_CREATE_WINDOW) {
    state->window_id = response->window->id;
  } else if (state->step == STEP_PUSH) {
    printf("push: transition t%llu completed\n",
           (unsigned long long)response->operation->transition_id);
  }
  state->step++;
  run_step(state);
}

static void send_step(demo *state, Curtain__V1__Request *request) {
  request->session = state->session;
  if (curtain_request(state->client, request, on_answer, state, NULL) != CURTAIN_OK) {
    fprintf(stderr, PROGRAM ": could not send a request\n");
    stop(state, 1);
  }
}

static void run_step(demo *state) {
  Curtain__V1__Request request = CURTAIN__V1__REQUEST__INIT;
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
  } else if (state->step == STEP_SET_DELEGATE) {
    curtain_delegate_target target = {
        .session = state->session, .controller = "Nav", .timeout_ms = 5000};
    if (curtain_set_delegate(state->client, &target, &remote_delegate, state, on_answer, state) !=
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
  } else if (state->step == STEP_PUSH) {
    Curtain__V1__ControllerRef nav = CURTAIN__V1__CONTROLLER_REF__INIT;
    nav.ref_case = CURTAIN__V1__CONTROLLER_REF__REF_IDENTIFIER;
    nav.identifier = "Nav";
    Curtain__V1__ControllerRef detail = nav;
    detail.identifier = "Detail";
    Curtain__V1__Push push = CURTAIN__V1__PUSH__INIT;
    push.navigation = &nav;
    push.controller = &detail;
    request.wait_until = CURTAIN__V1__WAIT_UNTIL__WAIT_UNTIL_COMPLETED;
    request.body_case = CURTAIN__V1__REQUEST__BODY_PUSH;
    request.push = &push;
    send_step(state, &request);
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
  run_step(user);
}

/* Where the transition's two views are in a frame of the transition. */
static void on_frame(curtain_client *client, const Curtain__V1__Frame *frame, void *user) {
  (void)client;
  const demo *state = user;
  if (state->transition == NULL || frame->n_transitions == 0) {
    return;
  }
  printf("  frame %.2f", frame->transitions[0]->percent);
  for (int pass = 0; pass < 2; pass++) {
    uint64_t wanted = pass == 0 ? state->transition->from_view_id : state->transition->to_view_id;
    for (size_t index = 0; index < frame->n_views; index++) {
      const Curtain__V1__ViewFrame *view = frame->views[index];
      if (view->view_id == wanted && wanted != 0) {
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
  close_timer(state);
}

int main(int argc, char **argv) {
  static const struct option options[] = {
      {"socket", required_argument, NULL, 's'},
      {"session", required_argument, NULL, 'n'},
      {"help", no_argument, NULL, 'h'},
      {NULL, 0, NULL, 0},
  };
  demo state;
  memset(&state, 0, sizeof state);
  const char *address = NULL;
  snprintf(state.session, sizeof state.session, "remote-slide-%ld", (long)getpid());
  int option;
  while ((option = getopt_long(argc, argv, "", options, NULL)) != -1) {
    if (option == 's') {
      address = optarg;
    } else if (option == 'n') {
      snprintf(state.session, sizeof state.session, "%s", optarg);
    } else if (option == 'h') {
      fputs(usage_text, stdout);
      return 0;
    } else {
      fputs(usage_text, stderr);
      return 2;
    }
  }
  if (optind != argc) {
    fprintf(stderr, PROGRAM ": unexpected argument '%s'\n%s", argv[optind], usage_text);
    return 2;
  }
  uv_loop_t *loop = state.loop = uv_default_loop();
  curtain_options connect_options = {.client_name = PROGRAM};
  curtain_callbacks callbacks = {
      .on_ready = on_ready, .on_frame = on_frame, .on_event = on_event, .on_close = on_close};
  int result = curtain_connect(loop, address, &connect_options, &callbacks, &state, &state.client);
  if (result != CURTAIN_OK) {
    fprintf(stderr, PROGRAM ": cannot connect to %s: %s\n",
            address ? address : "the default socket", curtain_strerror(result));
    return 1;
  }
  uv_run(loop, UV_RUN_DEFAULT);
  uv_loop_close(loop);
  if (state.transition != NULL) {
    protobuf_c_message_free_unpacked(&state.transition->base, NULL);
  }
  return state.status;
}
