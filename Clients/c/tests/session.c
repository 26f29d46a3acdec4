/* The helpers of session.h. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "session.h"

/* Starts a loop and a daemon on it; false (the loop closed again) when the
 * daemon does not start. */
bool start_daemon(uv_loop_t *loop, harness_daemon *daemon) {
  uv_loop_init(loop);
  if (harness_daemon_start(loop, daemon)) {
    return true;
  }
  harness_close_loop(loop);
  return false;
}

bool connect_to(uv_loop_t *loop, const harness_daemon *daemon, test_connection *connection,
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
bool connect_two(uv_loop_t *loop, const harness_daemon *daemon, test_connection *first,
                 test_connection *second) {
  bool ready = connect_to(loop, daemon, first, "first");
  return connect_to(loop, daemon, second, "second") && ready;
}

void disconnect(uv_loop_t *loop, test_connection *connection) {
  if (!connection->recorder.closed && connection->client != NULL) {
    curtain_close(connection->client);
    harness_run_until(loop, &connection->recorder.closed, 10);
  }
  harness_recorder_free(&connection->recorder);
}

/* Sends a request and returns its answer when it has `result_case`. */
const Curtain__V1__Response *call(uv_loop_t *loop, test_connection *connection,
                                  Curtain__V1__Request *request, int result_case) {
  return harness_call_ok(loop, connection->client, &connection->recorder, request, result_case);
}

uint64_t create_controller(uv_loop_t *loop, test_connection *connection,
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

Curtain__V1__ControllerRef reference(char *identifier) {
  Curtain__V1__ControllerRef ref = CURTAIN__V1__CONTROLLER_REF__INIT;
  ref.ref_case = CURTAIN__V1__CONTROLLER_REF__REF_IDENTIFIER;
  ref.identifier = identifier;
  return ref;
}

/* A new manual-clock window with the controller `root` as its root.
 * Returns the window id, or 0. */
uint64_t make_empty_window(uv_loop_t *loop, test_connection *connection) {
  Curtain__V1__CreateWindow create_window = CURTAIN__V1__CREATE_WINDOW__INIT;
  create_window.clock = CURTAIN__V1__CLOCK_MODE__CLOCK_MODE_MANUAL;
  Curtain__V1__Request request = CURTAIN__V1__REQUEST__INIT;
  request.body_case = CURTAIN__V1__REQUEST__BODY_CREATE_WINDOW;
  request.create_window = &create_window;
  const Curtain__V1__Response *response =
      call(loop, connection, &request, CURTAIN__V1__RESPONSE__RESULT_WINDOW);
  if (response == NULL) {
    return 0;
  }
  CHECK_EQ_U64(response->window->clock, CURTAIN__V1__CLOCK_MODE__CLOCK_MODE_MANUAL);
  return response->window->id;
}

uint64_t make_window(uv_loop_t *loop, test_connection *connection, char *root) {
  Curtain__V1__ControllerRef controller = reference(root);
  uint64_t window_id = make_empty_window(loop, connection);
  if (window_id == 0) {
    return 0;
  }
  Curtain__V1__SetRoot set_root = CURTAIN__V1__SET_ROOT__INIT;
  set_root.window_id = window_id;
  set_root.controller = &controller;
  Curtain__V1__Request request = CURTAIN__V1__REQUEST__INIT;
  request.body_case = CURTAIN__V1__REQUEST__BODY_SET_ROOT;
  request.set_root = &set_root;
  const Curtain__V1__Response *response =
      call(loop, connection, &request, CURTAIN__V1__RESPONSE__RESULT_OPERATION);
  if (response != NULL) {
    CHECK(response->operation->completed);
  }
  return window_id;
}

/* Nav = nav[Home] as the root of a new manual-clock window; Detail waits
 * to be pushed. Returns the window id. */
uint64_t make_navigation_window(uv_loop_t *loop, test_connection *connection) {
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

  return make_window(loop, connection, "Nav");
}

uint64_t controller_id(uv_loop_t *loop, test_connection *connection, const char *name) {
  Curtain__V1__ListControllers body = CURTAIN__V1__LIST_CONTROLLERS__INIT;
  Curtain__V1__Request request = CURTAIN__V1__REQUEST__INIT;
  request.body_case = CURTAIN__V1__REQUEST__BODY_LIST_CONTROLLERS;
  request.list_controllers = &body;
  const Curtain__V1__Response *response =
      call(loop, connection, &request, CURTAIN__V1__RESPONSE__RESULT_CONTROLLERS);
  for (size_t index = 0; response != NULL && index < response->controllers->n_controllers;
       index++) {
    if (strcmp(response->controllers->controllers[index]->identifier, name) == 0) {
      return response->controllers->controllers[index]->id;
    }
  }
  return 0;
}

/* Tabs = tabs[T1, Locked, T3] as the root of a new manual-clock window. */
uint64_t make_tab_window(uv_loop_t *loop, test_connection *connection) {
  create_controller(loop, connection, CURTAIN__V1__CONTROLLER_KIND__CONTROLLER_KIND_TAB_BAR,
                    "Tabs");
  char *names[] = {"T1", "Locked", "T3"};
  Curtain__V1__ControllerRef tabs[3];
  Curtain__V1__ControllerRef *list[3];
  for (size_t index = 0; index < 3; index++) {
    create_controller(loop, connection, CURTAIN__V1__CONTROLLER_KIND__CONTROLLER_KIND_CONTENT,
                      names[index]);
    tabs[index] = reference(names[index]);
    list[index] = &tabs[index];
  }
  Curtain__V1__ControllerRef tab_bar = reference("Tabs");
  Curtain__V1__SetTabs set_tabs = CURTAIN__V1__SET_TABS__INIT;
  set_tabs.tab_bar = &tab_bar;
  set_tabs.n_controllers = 3;
  set_tabs.controllers = list;
  Curtain__V1__Request request = CURTAIN__V1__REQUEST__INIT;
  request.body_case = CURTAIN__V1__REQUEST__BODY_SET_TABS;
  request.set_tabs = &set_tabs;
  call(loop, connection, &request, CURTAIN__V1__RESPONSE__RESULT_OPERATION);

  return make_window(loop, connection, "Tabs");
}

/* The window's tree, with its views when `views` and at its on-screen
 * values when `presentation` (valid until the next request), or NULL. */
static const Curtain__V1__Tree *get_tree(uv_loop_t *loop, test_connection *connection,
                                         uint64_t window_id, bool views, bool presentation) {
  Curtain__V1__GetTree body = CURTAIN__V1__GET_TREE__INIT;
  body.window_id = window_id;
  body.include_views = views;
  body.presentation = presentation;
  Curtain__V1__Request request = CURTAIN__V1__REQUEST__INIT;
  request.body_case = CURTAIN__V1__REQUEST__BODY_GET_TREE;
  request.get_tree = &body;
  const Curtain__V1__Response *response =
      call(loop, connection, &request, CURTAIN__V1__RESPONSE__RESULT_TREE);
  return response != NULL ? response->tree : NULL;
}

static const Curtain__V1__Tree *window_tree(uv_loop_t *loop, test_connection *connection,
                                            uint64_t window_id, bool views) {
  return get_tree(loop, connection, window_id, views, false);
}

const Curtain__V1__Tree *presentation_tree(uv_loop_t *loop, test_connection *connection,
                                           uint64_t window_id) {
  return get_tree(loop, connection, window_id, true, true);
}

/* The tab bar item view owned by `owner` under `view` (window coordinates
 * of `view`'s superview at `x`, `y`); its middle goes to `point`. */
static bool find_tab_item(const Curtain__V1__ViewNode *view, uint64_t owner, double x, double y,
                          Curtain__V1__Point *point) {
  const Curtain__V1__Rect *frame = view->state->frame;
  if (strcmp(view->role, "tabBarItem") == 0 && view->controller_id == owner) {
    point->x = x + frame->x + frame->width / 2;
    point->y = y + frame->y + frame->height / 2;
    return true;
  }
  const Curtain__V1__Rect *bounds = view->state->bounds;
  for (size_t index = 0; index < view->n_subviews; index++) {
    if (find_tab_item(view->subviews[index], owner, x + frame->x - bounds->x,
                      y + frame->y - bounds->y, point)) {
      return true;
    }
  }
  return false;
}

/* Taps the middle of the tab bar item of tab `index` of the window's root
 * tab bar controller, found in the view tree, as a user selects a tab (it
 * asks the delegate's shouldSelect), and waits for the tap to complete. */
const Curtain__V1__OperationResult *tap_tab(uv_loop_t *loop, test_connection *connection,
                                            uint64_t window_id, uint32_t index) {
  const Curtain__V1__Tree *tree = window_tree(loop, connection, window_id, true);
  if (tree == NULL || tree->root == NULL || index >= tree->root->n_children || tree->view == NULL) {
    return NULL;
  }
  Curtain__V1__Point point = CURTAIN__V1__POINT__INIT;
  uint64_t owner = tree->root->children[index]->id;
  const Curtain__V1__ViewNode *window_view = tree->view;
  bool found = false;
  for (size_t view = 0; !found && view < window_view->n_subviews; view++) {
    found = find_tab_item(window_view->subviews[view], owner, 0, 0, &point);
  }
  if (!found) {
    return NULL;
  }
  Curtain__V1__Tap body = CURTAIN__V1__TAP__INIT;
  body.window_id = window_id;
  body.point = &point;
  Curtain__V1__Request request = CURTAIN__V1__REQUEST__INIT;
  request.wait_until = CURTAIN__V1__WAIT_UNTIL__WAIT_UNTIL_COMPLETED;
  request.body_case = CURTAIN__V1__REQUEST__BODY_TAP;
  request.tap = &body;
  const Curtain__V1__Response *response =
      call(loop, connection, &request, CURTAIN__V1__RESPONSE__RESULT_OPERATION);
  return response ? response->operation : NULL;
}

/* The root of the window's controller tree (valid until the next request),
 * or NULL. */
const Curtain__V1__ControllerNode *tree_root(uv_loop_t *loop, test_connection *connection,
                                             uint64_t window_id) {
  const Curtain__V1__Tree *tree = window_tree(loop, connection, window_id, false);
  return tree != NULL ? tree->root : NULL;
}

/* The selected index of the window's root tab bar controller. */
int selected_index(uv_loop_t *loop, test_connection *connection, uint64_t window_id) {
  const Curtain__V1__ControllerNode *root = tree_root(loop, connection, window_id);
  return root != NULL ? root->selected_index : -2;
}

uint64_t subscribe(uv_loop_t *loop, test_connection *connection, uint64_t window_id, bool events,
                   Curtain__V1__Subscribe__FramePolicy policy, uint32_t credits) {
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
const Curtain__V1__OperationResult *navigate(uv_loop_t *loop, test_connection *connection,
                                             bool push, char *trace_id,
                                             Curtain__V1__WaitUntil wait_until) {
  Curtain__V1__ControllerRef nav = reference("Nav");
  Curtain__V1__ControllerRef detail = reference("Detail");
  Curtain__V1__Push push_body = CURTAIN__V1__PUSH__INIT;
  push_body.navigation = &nav;
  push_body.controller = &detail;
  Curtain__V1__Pop pop_body = CURTAIN__V1__POP__INIT;
  pop_body.navigation = &nav;
  Curtain__V1__Request request = CURTAIN__V1__REQUEST__INIT;
  request.trace_id = trace_id;
  request.wait_until = wait_until;
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

/* AdvanceClock by `seconds`, or to window time `time` when `to_time`. */
static const Curtain__V1__ClockResult *advance_clock(uv_loop_t *loop, test_connection *connection,
                                                     uint64_t window_id, double seconds,
                                                     bool to_time, double time) {
  Curtain__V1__AdvanceClock body = CURTAIN__V1__ADVANCE_CLOCK__INIT;
  body.window_id = window_id;
  body.seconds = seconds;
  if (to_time) {
    body._to_time_case = CURTAIN__V1__ADVANCE_CLOCK___TO_TIME_TO_TIME;
    body.to_time = time;
  }
  Curtain__V1__Request request = CURTAIN__V1__REQUEST__INIT;
  request.body_case = CURTAIN__V1__REQUEST__BODY_ADVANCE_CLOCK;
  request.advance_clock = &body;
  const Curtain__V1__Response *response =
      call(loop, connection, &request, CURTAIN__V1__RESPONSE__RESULT_CLOCK);
  return response ? response->clock : NULL;
}

const Curtain__V1__ClockResult *advance(uv_loop_t *loop, test_connection *connection,
                                        uint64_t window_id, double seconds) {
  return advance_clock(loop, connection, window_id, seconds, false, 0);
}

const Curtain__V1__ClockResult *advance_to(uv_loop_t *loop, test_connection *connection,
                                           uint64_t window_id, double time) {
  return advance_clock(loop, connection, window_id, 0, true, time);
}

/* A Sync round trip: everything the daemon queued for this connection
 * before it has arrived once it returns. */
void sync_with(uv_loop_t *loop, test_connection *connection) {
  Curtain__V1__Sync body = CURTAIN__V1__SYNC__INIT;
  Curtain__V1__Request request = CURTAIN__V1__REQUEST__INIT;
  request.body_case = CURTAIN__V1__REQUEST__BODY_SYNC;
  request.sync = &body;
  call(loop, connection, &request, CURTAIN__V1__RESPONSE__RESULT_EMPTY);
}

static void child_alloc(uv_handle_t *handle, size_t suggested, uv_buf_t *buffer) {
  (void)suggested;
  child_process *child = handle->data;
  bool is_out = handle == (uv_handle_t *)&child->out;
  char *text = is_out ? child->out_text : child->err_text;
  size_t length = is_out ? child->out_length : child->err_length;
  size_t capacity = is_out ? sizeof child->out_text : sizeof child->err_text;
  *buffer = uv_buf_init(text + length, (unsigned)(capacity - 1 - length));
}

static void child_pipe_closed(uv_handle_t *handle) {
  child_process *child = handle->data;
  child->pipes_open--;
}

static void child_read(uv_stream_t *stream, ssize_t count, const uv_buf_t *buffer) {
  (void)buffer;
  child_process *child = stream->data;
  if (count < 0 || (count == 0 && buffer->len == 0)) {
    uv_read_stop(stream);
    if (!uv_is_closing((uv_handle_t *)stream)) {
      uv_close((uv_handle_t *)stream, child_pipe_closed);
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

static void child_exited(uv_process_t *process, int64_t status, int signal) {
  child_process *child = process->data;
  child->exited = true;
  child->exit_status = status;
  child->term_signal = signal;
  uv_close((uv_handle_t *)process, NULL);
}

bool child_start(uv_loop_t *loop, child_process *child, char **arguments) {
  memset(child, 0, sizeof *child);
  child->program = arguments[0];
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
      .exit_cb = child_exited,
      .file = arguments[0],
      .args = arguments,
      .stdio = stdio,
      .stdio_count = 3,
  };
  int result = uv_spawn(loop, &child->process, &options);
  if (result < 0) {
    fprintf(stderr, "spawn %s: %s\n", arguments[0], uv_strerror(result));
    harness_failures++;
    uv_close((uv_handle_t *)&child->out, child_pipe_closed);
    uv_close((uv_handle_t *)&child->err, child_pipe_closed);
    uv_close((uv_handle_t *)&child->process, NULL);
    uv_run(loop, UV_RUN_NOWAIT);
    return false;
  }
  uv_read_start((uv_stream_t *)&child->out, child_alloc, child_read);
  uv_read_start((uv_stream_t *)&child->err, child_alloc, child_read);
  return true;
}

/* Waits for the exit and the end of both pipes (killing it after 10 s). */
void child_wait(uv_loop_t *loop, child_process *child) {
  if (!harness_run_until(loop, &child->exited, 10)) {
    fprintf(stderr, "%s did not exit; killing it\n", child->program);
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

char *example_program(const char *variable) {
  char *program = getenv(variable);
  if (program == NULL || program[0] == '\0') {
    fprintf(stderr, "%s is not set: the program is not tested\n", variable);
    harness_failures++;
    return NULL;
  }
  return program;
}

/* Whether the daemon has a session named `name`. */
static bool session_exists(uv_loop_t *loop, const harness_daemon *daemon, const char *name) {
  test_connection connection;
  bool found = false;
  if (connect_to(loop, daemon, &connection, "sessions")) {
    Curtain__V1__ListSessions body = CURTAIN__V1__LIST_SESSIONS__INIT;
    Curtain__V1__Request request = CURTAIN__V1__REQUEST__INIT;
    request.body_case = CURTAIN__V1__REQUEST__BODY_LIST_SESSIONS;
    request.list_sessions = &body;
    const Curtain__V1__Response *response =
        call(loop, &connection, &request, CURTAIN__V1__RESPONSE__RESULT_SESSIONS);
    for (size_t index = 0; response != NULL && index < response->sessions->n_sessions; index++) {
      found = found || strcmp(response->sessions->sessions[index]->name, name) == 0;
    }
  }
  disconnect(loop, &connection);
  return found;
}

bool run_example(uv_loop_t *loop, const harness_daemon *daemon, char *program, char *session,
                 child_process *child) {
  char *arguments[] = {program,     "--socket", (char *)daemon->socket_path,
                       "--session", session,    NULL};
  for (int run = 0; run < 2; run++) {
    if (!child_start(loop, child, arguments)) {
      return false;
    }
    child_wait(loop, child);
    CHECK_EQ_U64(child->exit_status, 0);
    CHECK_EQ_STR(child->err_text, "");
    CHECK(!session_exists(loop, daemon, session));
  }
  return true;
}

void run_with_clients(size_t count, void (*body)(uv_loop_t *loop, test_connection *clients)) {
  uv_loop_t loop;
  harness_daemon daemon;
  if (!start_daemon(&loop, &daemon)) {
    return;
  }
  test_connection clients[2];
  bool ready = count == 1 ? connect_to(&loop, &daemon, &clients[0], "first")
                          : connect_two(&loop, &daemon, &clients[0], &clients[1]);
  if (ready) {
    body(&loop, clients);
  }
  for (size_t index = 0; index < count; index++) {
    disconnect(&loop, &clients[index]);
  }
  harness_daemon_stop(&loop, &daemon);
  harness_close_loop(&loop);
}
