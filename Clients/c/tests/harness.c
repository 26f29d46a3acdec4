#include "harness.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int harness_failures;

int harness_run(const harness_test *tests, size_t count) {
  size_t passed = 0;
  size_t failed = 0;
  for (size_t index = 0; index < count; index++) {
    harness_failures = 0;
    tests[index].run();
    if (harness_failures == 0) {
      passed++;
      printf("ok %s\n", tests[index].name);
    } else {
      failed++;
      printf("FAILED %s (%d failed checks)\n", tests[index].name, harness_failures);
    }
    fflush(stdout);
  }
  printf("%zu passed, %zu failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}

static void on_deadline(uv_timer_t *timer) {
  *(bool *)timer->data = true;
}

bool harness_run_until(uv_loop_t *loop, const bool *done, double seconds) {
  bool expired = false;
  uv_timer_t timer;
  uv_timer_init(loop, &timer);
  timer.data = &expired;
  /* The deadline counts from now, not from the loop's cached time, which
   * is old after slow work (a spawn under valgrind). And it repeats: libuv
   * 1.44 runs due timers before it polls, so a deadline that fires there
   * would otherwise leave the poll waiting forever on a loop whose only
   * other handle (a child process) never wakes it. */
  uv_update_time(loop);
  uint64_t milliseconds = (uint64_t)(seconds * 1000);
  uv_timer_start(&timer, on_deadline, milliseconds, milliseconds > 0 ? milliseconds : 1);
  while (!*done && !expired) {
    uv_run(loop, UV_RUN_ONCE);
  }
  uv_close((uv_handle_t *)&timer, NULL);
  uv_run(loop, UV_RUN_NOWAIT);
  return *done;
}

static void close_walk(uv_handle_t *handle, void *argument) {
  (void)argument;
  fprintf(stderr, "harness: a libuv handle of type %s was left open\n",
          uv_handle_type_name(uv_handle_get_type(handle)));
  harness_failures++;
  if (!uv_is_closing(handle)) {
    uv_close(handle, NULL);
  }
}

void harness_close_loop(uv_loop_t *loop) {
  bool never = false;
  /* Give closing clients a few turns of the loop; nothing should be left. */
  for (int turn = 0; turn < 100 && uv_loop_alive(loop); turn++) {
    harness_run_until(loop, &never, 0.01);
  }
  uv_walk(loop, close_walk, NULL);
  uv_run(loop, UV_RUN_DEFAULT);
  if (uv_loop_close(loop) != 0) {
    fprintf(stderr, "harness: the loop did not close\n");
    harness_failures++;
  }
}

/* ------------------------------------------------------------------------ */

#define KEEP(list, count, message)                                                                 \
  do {                                                                                             \
    if ((count) < HARNESS_MAX_ITEMS) {                                                             \
      (list)[(count)++] = (void *)curtain_message_copy(&(message)->base);                          \
    }                                                                                              \
  } while (0)

static void recorder_ready(curtain_client *client, const Curtain__V1__Welcome *welcome,
                           void *user) {
  (void)client;
  harness_recorder *recorder = user;
  recorder->ready = true;
  recorder->welcome = (Curtain__V1__Welcome *)curtain_message_copy(&welcome->base);
}

static void recorder_event(curtain_client *client, const Curtain__V1__Event *event, void *user) {
  (void)client;
  harness_recorder *recorder = user;
  KEEP(recorder->events, recorder->event_count, event);
}

static void recorder_frame(curtain_client *client, const Curtain__V1__Frame *frame, void *user) {
  harness_recorder *recorder = user;
  KEEP(recorder->frames, recorder->frame_count, frame);
  if (recorder->ack_subscription != 0) {
    curtain_ack_frames(client, recorder->ack_subscription, frame->frame_seq);
  }
}

static void recorder_goodbye(curtain_client *client, const Curtain__V1__Goodbye *goodbye,
                             void *user) {
  harness_recorder *recorder = user;
  const char *peer = curtain_goodbye_peer(client);
  if (peer == NULL) {
    recorder->goodbye = (Curtain__V1__Goodbye *)curtain_message_copy(&goodbye->base);
    return;
  }
  size_t index = recorder->peer_goodbye_count;
  if (index < HARNESS_MAX_PEER_GOODBYES) {
    recorder->peer_goodbyes[index] = (Curtain__V1__Goodbye *)curtain_message_copy(&goodbye->base);
    snprintf(recorder->peer_goodbye_addresses[index], sizeof recorder->peer_goodbye_addresses[0],
             "%s", peer);
    recorder->peer_goodbye_open_peers[index] = curtain_peer_count(client);
    recorder->peer_goodbye_count++;
  }
}

static void recorder_peer_close(curtain_client *client, const char *address, int status,
                                const char *message, const uint64_t *ended, size_t ended_count,
                                void *user) {
  (void)client;
  harness_recorder *recorder = user;
  recorder->peer_close_count++;
  snprintf(recorder->peer_close_address, sizeof recorder->peer_close_address, "%s", address);
  recorder->peer_close_status = status;
  snprintf(recorder->peer_close_message, sizeof recorder->peer_close_message, "%s", message);
  for (size_t index = 0; index < ended_count && recorder->peer_ended_count < HARNESS_MAX_ITEMS;
       index++) {
    recorder->peer_ended[recorder->peer_ended_count++] = ended[index];
  }
}

static void recorder_unmatched(curtain_client *client, const Curtain__V1__Response *response,
                               void *user) {
  (void)client;
  harness_recorder *recorder = user;
  KEEP(recorder->unmatched, recorder->unmatched_count, response);
}

static void recorder_close(curtain_client *client, int status, const char *message, void *user) {
  (void)client;
  harness_recorder *recorder = user;
  recorder->closed = true;
  recorder->close_status = status;
  snprintf(recorder->close_message, sizeof recorder->close_message, "%s", message);
}

const curtain_callbacks harness_recorder_callbacks = {
    .on_ready = recorder_ready,
    .on_event = recorder_event,
    .on_frame = recorder_frame,
    .on_goodbye = recorder_goodbye,
    .on_unmatched = recorder_unmatched,
    .on_close = recorder_close,
    .on_peer_close = recorder_peer_close,
};

static void free_all(void **messages, size_t count) {
  for (size_t index = 0; index < count; index++) {
    if (messages[index] != NULL) {
      protobuf_c_message_free_unpacked(messages[index], NULL);
    }
  }
}

void harness_recorder_free(harness_recorder *recorder) {
  if (recorder->welcome != NULL) {
    protobuf_c_message_free_unpacked(&recorder->welcome->base, NULL);
  }
  if (recorder->goodbye != NULL) {
    protobuf_c_message_free_unpacked(&recorder->goodbye->base, NULL);
  }
  free_all((void **)recorder->events, recorder->event_count);
  free_all((void **)recorder->frames, recorder->frame_count);
  free_all((void **)recorder->unmatched, recorder->unmatched_count);
  free_all((void **)recorder->answers, recorder->answer_count);
  free_all((void **)recorder->peer_goodbyes, recorder->peer_goodbye_count);
  memset(recorder, 0, sizeof *recorder);
}

void harness_record_answer(curtain_client *client, int status,
                           const Curtain__V1__Response *response, void *data) {
  (void)client;
  harness_recorder *recorder = data;
  if (recorder->answer_count < HARNESS_MAX_ITEMS) {
    recorder->answer_status[recorder->answer_count] = status;
    recorder->answers[recorder->answer_count] =
        response ? (Curtain__V1__Response *)curtain_message_copy(&response->base) : NULL;
    recorder->answer_count++;
  }
}

typedef struct call_state {
  harness_recorder *recorder;
  bool done;
  size_t index;
} call_state;

static void call_answered(curtain_client *client, int status, const Curtain__V1__Response *response,
                          void *data) {
  call_state *call = data;
  call->index = call->recorder->answer_count;
  harness_record_answer(client, status, response, call->recorder);
  call->done = true;
}

const Curtain__V1__Response *harness_call(uv_loop_t *loop, curtain_client *client,
                                          harness_recorder *recorder,
                                          const Curtain__V1__Request *request) {
  call_state call = {.recorder = recorder};
  int result = curtain_request(client, request, call_answered, &call, NULL);
  if (result != CURTAIN_OK) {
    fprintf(stderr, "harness: curtain_request failed: %s\n", curtain_strerror(result));
    harness_failures++;
    return NULL;
  }
  if (!harness_run_until(loop, &call.done, 10)) {
    fprintf(stderr, "harness: no answer to request within 10 s\n");
    harness_failures++;
    return NULL;
  }
  if (recorder->answer_status[call.index] != CURTAIN_OK) {
    fprintf(stderr, "harness: request failed: %s\n",
            curtain_strerror(recorder->answer_status[call.index]));
    harness_failures++;
  }
  return recorder->answers[call.index];
}

const Curtain__V1__Response *harness_call_ok(uv_loop_t *loop, curtain_client *client,
                                             harness_recorder *recorder,
                                             const Curtain__V1__Request *request, int result_case) {
  const Curtain__V1__Response *response = harness_call(loop, client, recorder, request);
  if (response == NULL) {
    return NULL;
  }
  if ((int)response->result_case != result_case) {
    if (response->result_case == CURTAIN__V1__RESPONSE__RESULT_ERROR) {
      fprintf(stderr, "harness: error response %s: %s\n",
              curtain_error_code_name(response->error->code), response->error->message);
    } else {
      fprintf(stderr, "harness: result %d, expected %d\n", (int)response->result_case, result_case);
    }
    harness_failures++;
    return NULL;
  }
  return response;
}

typedef struct count_wait {
  uv_timer_t timer;
  const size_t *count;
  size_t wanted;
  bool done;
} count_wait;

static void poll_count(uv_check_t *check) {
  count_wait *wait = check->data;
  wait->done = *wait->count >= wait->wanted;
}

bool harness_wait_count(uv_loop_t *loop, const size_t *count, size_t wanted) {
  count_wait wait = {.count = count, .wanted = wanted, .done = *count >= wanted};
  uv_check_t check;
  uv_check_init(loop, &check);
  check.data = &wait;
  uv_check_start(&check, poll_count);
  bool done = harness_run_until(loop, &wait.done, 10);
  uv_close((uv_handle_t *)&check, NULL);
  uv_run(loop, UV_RUN_NOWAIT);
  return done;
}

bool harness_wait_events(uv_loop_t *loop, harness_recorder *recorder, size_t count) {
  bool done = harness_wait_count(loop, &recorder->event_count, count);
  if (!done) {
    fprintf(stderr, "harness: %zu events within 10 s, expected %zu\n", recorder->event_count,
            count);
    harness_failures++;
  }
  return done;
}

bool harness_wait_frames(uv_loop_t *loop, harness_recorder *recorder, size_t count) {
  bool done = harness_wait_count(loop, &recorder->frame_count, count);
  if (!done) {
    fprintf(stderr, "harness: %zu frames within 10 s, expected %zu\n", recorder->frame_count,
            count);
    harness_failures++;
  }
  return done;
}

/* ------------------------------------------------------------------------ */

static void daemon_alloc(uv_handle_t *handle, size_t suggested, uv_buf_t *buffer) {
  (void)suggested;
  harness_daemon *daemon = handle->data;
  size_t room = sizeof daemon->stderr_text - 1 - daemon->stderr_length;
  *buffer = uv_buf_init(daemon->stderr_text + daemon->stderr_length, (unsigned)room);
}

static void daemon_pipe_closed(uv_handle_t *handle) {
  harness_daemon *daemon = handle->data;
  daemon->pipe_closed = true;
}

static void daemon_read(uv_stream_t *stream, ssize_t count, const uv_buf_t *buffer) {
  (void)buffer;
  harness_daemon *daemon = stream->data;
  if (count > 0) {
    daemon->stderr_length += (size_t)count;
    daemon->stderr_text[daemon->stderr_length] = '\0';
    int lines = 0;
    for (const char *at = daemon->stderr_text; (at = strstr(at, "listening on")) != NULL; at++) {
      lines++;
    }
    daemon->listening = lines >= daemon->listeners;
    if (daemon->stderr_length + 1 >= sizeof daemon->stderr_text) {
      /* Keep only the newest half of what it writes. */
      size_t half = daemon->stderr_length / 2;
      memmove(daemon->stderr_text, daemon->stderr_text + half, daemon->stderr_length - half + 1);
      daemon->stderr_length -= half;
    }
  } else if (count < 0) {
    uv_read_stop(stream);
    if (!uv_is_closing((uv_handle_t *)stream)) {
      uv_close((uv_handle_t *)stream, daemon_pipe_closed);
    }
  }
}

static void daemon_exited(uv_process_t *process, int64_t status, int signal) {
  harness_daemon *daemon = process->data;
  daemon->exited = true;
  daemon->exit_status = status;
  daemon->term_signal = signal;
  uv_close((uv_handle_t *)process, NULL);
}

bool harness_daemon_start(uv_loop_t *loop, harness_daemon *daemon) {
  return harness_daemon_start_with(loop, daemon, NULL, 0, 1);
}

uint16_t harness_daemon_tcp_port(const harness_daemon *daemon) {
  const char *line = strstr(daemon->stderr_text, "listening on tcp ");
  if (line == NULL) {
    return 0;
  }
  /* The address ends at a space, a newline, or the quote of a JSON log
   * line. */
  const char *colon = line;
  for (const char *at = line + strlen("listening on tcp ");
       *at && *at != ' ' && *at != '\n' && *at != '"'; at++) {
    if (*at == ':') {
      colon = at;
    }
  }
  return colon == line ? 0 : (uint16_t)strtoul(colon + 1, NULL, 10);
}

bool harness_daemon_start_with(uv_loop_t *loop, harness_daemon *daemon, const char *const *extra,
                               size_t count, int listeners) {
  memset(daemon, 0, sizeof *daemon);
  daemon->listeners = listeners;
  if (count > 12) {
    fprintf(stderr, "harness: at most 12 extra arguments\n");
    harness_failures++;
    return false;
  }
  const char *executable = getenv("CURTAIND");
  if (executable == NULL || executable[0] == '\0') {
    fprintf(stderr, "harness: set CURTAIND to the built curtaind\n");
    harness_failures++;
    return false;
  }
  snprintf(daemon->directory, sizeof daemon->directory, "/tmp/curtain-c-test-XXXXXX");
  if (mkdtemp(daemon->directory) == NULL) {
    fprintf(stderr, "harness: mkdtemp: %s\n", strerror(errno));
    harness_failures++;
    return false;
  }
  snprintf(daemon->socket_path, sizeof daemon->socket_path, "%s/d.sock", daemon->directory);
  uv_pipe_init(loop, &daemon->stderr_pipe, 0);
  daemon->stderr_pipe.data = daemon;
  char *arguments[20] = {(char *)executable, "--socket", daemon->socket_path, "--log-level",
                         "warning"};
  size_t used = 5;
  /* A cluster node keeps its sessions in the cluster's database. */
  bool clustered = false;
  for (size_t index = 0; index < count; index++) {
    clustered |= strcmp(extra[index], "--cluster") == 0;
  }
  if (!clustered) {
    arguments[used++] = "--ephemeral";
  }
  for (size_t index = 0; index < count; index++) {
    arguments[used++] = (char *)extra[index];
  }
  uv_stdio_container_t stdio[3] = {
      {.flags = UV_IGNORE},
      {.flags = UV_IGNORE},
      {.flags = UV_CREATE_PIPE | UV_WRITABLE_PIPE,
       .data.stream = (uv_stream_t *)&daemon->stderr_pipe},
  };
  uv_process_options_t options = {
      .exit_cb = daemon_exited,
      .file = executable,
      .args = arguments,
      .stdio = stdio,
      .stdio_count = 3,
  };
  daemon->process.data = daemon;
  int result = uv_spawn(loop, &daemon->process, &options);
  if (result < 0) {
    fprintf(stderr, "harness: spawn %s: %s\n", executable, uv_strerror(result));
    harness_failures++;
    uv_close((uv_handle_t *)&daemon->stderr_pipe, daemon_pipe_closed);
    uv_close((uv_handle_t *)&daemon->process, NULL);
    uv_run(loop, UV_RUN_NOWAIT);
    rmdir(daemon->directory);
    daemon->exited = true;
    return false;
  }
  uv_read_start((uv_stream_t *)&daemon->stderr_pipe, daemon_alloc, daemon_read);
  if (!harness_run_until(loop, &daemon->listening, 20)) {
    fprintf(stderr, "harness: curtaind did not listen within 20 s: %s\n", daemon->stderr_text);
    harness_failures++;
    uv_process_kill(&daemon->process, SIGKILL);
    harness_run_until(loop, &daemon->exited, 10);
    unlink(daemon->socket_path);
    rmdir(daemon->directory);
    return false;
  }
  return true;
}

void harness_daemon_wait(uv_loop_t *loop, harness_daemon *daemon) {
  if (!harness_run_until(loop, &daemon->exited, 10)) {
    fprintf(stderr, "harness: curtaind did not exit within 10 s; killing it\n");
    harness_failures++;
    uv_process_kill(&daemon->process, SIGKILL);
    harness_run_until(loop, &daemon->exited, 10);
  }
  harness_run_until(loop, &daemon->pipe_closed, 10);
  CHECK_EQ_U64(daemon->exit_status, 0);
  CHECK_EQ_U64(daemon->term_signal, 0);
  struct stat info;
  bool socket_left = lstat(daemon->socket_path, &info) == 0;
  CHECK(!socket_left);
  if (socket_left) {
    unlink(daemon->socket_path);
  }
  if (rmdir(daemon->directory) != 0) {
    fprintf(stderr, "harness: rmdir %s: %s\n", daemon->directory, strerror(errno));
    harness_failures++;
  }
}

void harness_daemon_stop(uv_loop_t *loop, harness_daemon *daemon) {
  if (!daemon->exited) {
    uv_process_kill(&daemon->process, SIGTERM);
  }
  harness_daemon_wait(loop, daemon);
}
