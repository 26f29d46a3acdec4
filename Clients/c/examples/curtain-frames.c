/*
 * curtain-frames: subscribes to one window's frames and prints each frame as
 * it arrives, one line each, in the format of `curtain frames`:
 *
 *   12  w1  t=0.350  v5 (97.5, 0, 390, 844) α=1  t1 42.9%  (skipped 2)
 *
 * It stops on Ctrl-C (SIGINT) or SIGTERM, after --count frames, after
 * --duration seconds, when the window closes or when the daemon stops (in a
 * cluster, also when the node serving the session ends the subscription:
 * the session moved or the node went away), and then prints how many frames
 * arrived, their rate and how many the daemon skipped for this subscriber.
 *
 * An example of libcurtain: one client on a libuv loop, a Subscribe request
 * with a callback, frames and events through the client's callbacks, and
 * FrameAck for the PAUSE policy.
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <math.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "curtain.h"

#define PROGRAM "curtain-frames"

static const char usage_text[] =
    "usage: " PROGRAM " [options] WINDOW\n"
    "\n"
    "Prints the frames of a window's animations as they arrive, one line each:\n"
    "frame_seq, window, model time, then per animating view `v12 (x, y, w, h)\n"
    "α=alpha` (and `T=(a, b, c, d, tx, ty)` unless the transform is the\n"
    "identity), per running transition `t3 42.5%`, and `(skipped N)` when the\n"
    "daemon skipped frames for this subscriber. Stops on Ctrl-C, after --count\n"
    "frames, after --duration seconds, or when the window closes or the daemon\n"
    "stops, then prints the number of frames, frames per second and frames\n"
    "skipped.\n"
    "\n"
    "  WINDOW                the window: w1 or 1\n"
    "  --socket ADDRESS      the daemon's Unix socket path, or tcp://HOST:PORT\n"
    "                        for a TCP listener (tcp://127.0.0.1:7070,\n"
    "                        tcp://[::1]:7070); default: $CURTAIN_SOCKET, else\n"
    "                        $XDG_RUNTIME_DIR/curtain/default.sock, else\n"
    "                        /tmp/curtain-<uid>/default.sock\n"
    "  --tcp HOST:PORT       the same as --socket tcp://HOST:PORT\n"
    "  --token TOKEN         the token of a TCP listener with --token-file\n"
    "                        (default: $CURTAIN_TOKEN)\n"
    "  --token-file PATH     read the token from a file\n"
    "  --session NAME        the session (default: \"default\")\n"
    "  --count N             stop after N frames\n"
    "  --duration SECONDS    stop after this many seconds\n"
    "  --policy POLICY       what the daemon does when frames come faster than\n"
    "                        they are read: latest (keep the newest, the\n"
    "                        default), pause (wait for acknowledgements) or\n"
    "                        disconnect\n"
    "  --credits N           frames in flight for pause and disconnect (default 8)\n"
    "  --fps N               at most N frames a second (0.01 to 240; default:\n"
    "                        every frame), always with each transition's first\n"
    "                        and last frame; the others are counted as skipped\n"
    "  --quiet               print only the summary\n"
    "  -h, --help            print this help\n"
    "\n"
    "Exit status: 0 when it stopped as asked, 1 on an error (no daemon, no\n"
    "such window, connection lost), 2 on bad usage.\n";

typedef struct frames_settings {
  /** --socket or tcp:// + --tcp, as written; NULL for the default rule. */
  char *address;
  /** Whether the address came from --tcp. */
  bool from_tcp;
  char *token;
  const char *session;
  uint64_t window_id;
  uint64_t count;
  double duration;
  Curtain__V1__Subscribe__FramePolicy policy;
  uint32_t credits;
  /** --fps: the most frames a second (Subscribe.max_fps); 0 for every frame. */
  double max_fps;
  bool quiet;
} frames_settings;

typedef struct frames_app {
  frames_settings settings;
  uv_loop_t *loop;
  curtain_client *client;
  uv_signal_t interrupt;
  uv_signal_t terminate;
  uv_timer_t timer;
  bool timer_started;
  uint64_t subscription_id;
  bool ready;
  bool subscribed;
  bool stopping;
  int exit_status;
  uint64_t frames;
  uint64_t skipped;
  uint64_t subscribed_at;
  uint64_t first_frame_at;
  uint64_t last_frame_at;
} frames_app;

static void usage_error(const char *format, const char *argument) {
  fprintf(stderr, PROGRAM ": ");
  fprintf(stderr, format, argument);
  fprintf(stderr, "\n(see " PROGRAM " --help)\n");
  exit(2);
}

static uint64_t parse_count(const char *text, const char *option) {
  char *end;
  errno = 0;
  unsigned long long value = strtoull(text, &end, 10);
  if (errno != 0 || end == text || *end != '\0' || text[0] == '-' || value == 0) {
    usage_error(option, text);
  }
  return value;
}

/* The window as `curtain` names it (w1 or 1), with the CLI's message. */
static uint64_t parse_window(const char *text) {
  uint64_t id = 0;
  char message[CURTAIN_NAME_ERROR_MAX];
  if (curtain_parse_window(text, &id, message, sizeof message) != CURTAIN_OK) {
    usage_error("%s", message);
  }
  return id;
}

/* The daemon's address from `option`: --socket ADDRESS, --tcp HOST:PORT
 * (which is tcp://HOST:PORT) or $CURTAIN_SOCKET; given once. */
static void set_address(frames_settings *settings, const char *text, const char *option) {
  bool tcp = strcmp(option, "--tcp") == 0;
  if (settings->address != NULL) {
    usage_error(settings->from_tcp == tcp ? "%s is given twice"
                                          : "--socket and --tcp cannot both be given%s",
                settings->from_tcp == tcp ? option : "");
  }
  size_t size = strlen(text) + sizeof "tcp://";
  char *address = malloc(size);
  if (address == NULL) {
    usage_error("out of memory%s", "");
  }
  snprintf(address, size, "%s%s", tcp ? "tcp://" : "", text);
  char host[CURTAIN_HOST_MAX];
  uint16_t port;
  if (curtain_parse_address(address, host, &port) < 0) {
    char message[512];
    snprintf(message, sizeof message,
             "%s needs a socket path or tcp://HOST:PORT (tcp://127.0.0.1:7070, "
             "tcp://[::1]:7070) with a port from 1 to 65535, not '%.200s'",
             option, address);
    free(address);
    usage_error("%s", message);
  }
  settings->address = address;
  settings->from_tcp = tcp;
}

/* The file's contents without surrounding whitespace, as curtaind reads it. */
static char *read_token(const char *path) {
  FILE *file = fopen(path, "r");
  if (file == NULL) {
    fprintf(stderr, PROGRAM ": cannot read the token file %s: %s\n", path, strerror(errno));
    exit(1);
  }
  char buffer[4096];
  size_t length = fread(buffer, 1, sizeof buffer - 1, file);
  fclose(file);
  buffer[length] = '\0';
  char *start = buffer;
  while (*start == ' ' || *start == '\t' || *start == '\n' || *start == '\r') {
    start++;
  }
  char *end = start + strlen(start);
  while (end > start && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\n' || end[-1] == '\r')) {
    end--;
  }
  *end = '\0';
  size_t size = strlen(start) + 1;
  char *token = malloc(size);
  memcpy(token, start, size);
  return token;
}

static void parse_arguments(frames_settings *settings, int argc, char **argv) {
  enum {
    SOCKET = 256,
    TCP,
    TOKEN,
    TOKEN_FILE,
    SESSION,
    COUNT,
    DURATION,
    POLICY,
    CREDITS,
    FPS,
    QUIET
  };
  static const struct option options[] = {
      {"socket", required_argument, NULL, SOCKET},
      {"tcp", required_argument, NULL, TCP},
      {"token", required_argument, NULL, TOKEN},
      {"token-file", required_argument, NULL, TOKEN_FILE},
      {"session", required_argument, NULL, SESSION},
      {"count", required_argument, NULL, COUNT},
      {"duration", required_argument, NULL, DURATION},
      {"policy", required_argument, NULL, POLICY},
      {"credits", required_argument, NULL, CREDITS},
      {"fps", required_argument, NULL, FPS},
      {"quiet", no_argument, NULL, QUIET},
      {"help", no_argument, NULL, 'h'},
      {NULL, 0, NULL, 0},
  };
  opterr = 0;
  int option;
  while ((option = getopt_long(argc, argv, ":h", options, NULL)) != -1) {
    switch (option) {
    case SOCKET:
      set_address(settings, optarg, "--socket");
      break;
    case TCP:
      set_address(settings, optarg, "--tcp");
      break;
    case TOKEN:
      free(settings->token);
      settings->token = strdup(optarg);
      break;
    case TOKEN_FILE:
      free(settings->token);
      settings->token = read_token(optarg);
      break;
    case SESSION:
      if (optarg[0] == '\0') {
        usage_error("--session needs a name%s", "");
      }
      settings->session = optarg;
      break;
    case COUNT:
      settings->count = parse_count(optarg, "--count needs a number of frames, 1 or more: '%s'");
      break;
    case DURATION: {
      char *end;
      settings->duration = strtod(optarg, &end);
      if (end == optarg || *end != '\0' || !isfinite(settings->duration) ||
          settings->duration <= 0) {
        usage_error("--duration needs a number of seconds above 0: '%s'", optarg);
      }
      break;
    }
    case POLICY:
      if (strcmp(optarg, "latest") == 0) {
        settings->policy = CURTAIN__V1__SUBSCRIBE__FRAME_POLICY__FRAME_POLICY_LATEST;
      } else if (strcmp(optarg, "pause") == 0) {
        settings->policy = CURTAIN__V1__SUBSCRIBE__FRAME_POLICY__FRAME_POLICY_PAUSE;
      } else if (strcmp(optarg, "disconnect") == 0) {
        settings->policy = CURTAIN__V1__SUBSCRIBE__FRAME_POLICY__FRAME_POLICY_DISCONNECT;
      } else {
        usage_error("--policy is latest, pause or disconnect, not '%s'", optarg);
      }
      break;
    case CREDITS: {
      uint64_t credits = parse_count(optarg, "--credits needs a number, 1 or more: '%s'");
      if (credits > UINT32_MAX) {
        usage_error("--credits is too large: '%s'", optarg);
      }
      settings->credits = (uint32_t)credits;
      break;
    }
    case FPS: {
      char *end;
      settings->max_fps = strtod(optarg, &end);
      if (end == optarg || *end != '\0' ||
          !(settings->max_fps >= 0.01 && settings->max_fps <= 240)) {
        usage_error("--fps needs a number of frames a second from 0.01 to 240: '%s'", optarg);
      }
      break;
    }
    case QUIET:
      settings->quiet = true;
      break;
    case 'h':
      fputs(usage_text, stdout);
      exit(0);
    case ':':
      usage_error("option '%s' needs a value", argv[optind - 1]);
      break;
    default:
      usage_error("unknown option '%s'", argv[optind - 1]);
    }
  }
  if (optind == argc) {
    usage_error("which window? (e.g. " PROGRAM " w1)%s", "");
  }
  if (optind + 1 < argc) {
    usage_error("unexpected argument '%s'", argv[optind + 1]);
  }
  settings->window_id = parse_window(argv[optind]);
  if (settings->address == NULL) {
    char fallback[4096];
    if (curtain_default_socket_path(fallback, sizeof fallback) != CURTAIN_OK) {
      usage_error("the default socket path is too long; give --socket%s", "");
    }
    set_address(settings, fallback, "$CURTAIN_SOCKET");
  }
}

/* A number as `curtain` prints it: up to `places` decimals, trailing zeros
 * dropped, or exactly `places` decimals when `fixed`. */
static const char *decimal(char *out, size_t size, double value, int places, bool fixed) {
  if (!isfinite(value)) {
    snprintf(out, size, "%s", isnan(value) ? "nan" : (value > 0 ? "inf" : "-inf"));
    return out;
  }
  double scale = pow(10, places);
  double rounded = round(value * scale) / scale;
  if (rounded == 0) {
    rounded = 0; /* no "-0" */
  }
  snprintf(out, size, "%.*f", places, rounded);
  if (!fixed && strchr(out, '.') != NULL) {
    char *end = out + strlen(out);
    while (end[-1] == '0') {
      *--end = '\0';
    }
    if (end[-1] == '.') {
      end[-1] = '\0';
    }
  }
  return out;
}

static bool is_identity(const Curtain__V1__Transform *transform) {
  return transform == NULL || (transform->a == 1 && transform->b == 0 && transform->c == 0 &&
                               transform->d == 1 && transform->tx == 0 && transform->ty == 0);
}

static void print_frame(const Curtain__V1__Frame *frame) {
  char a[32];
  char b[32];
  char c[32];
  char d[32];
  printf("%" PRIu64 "  w%" PRIu64 "  t=%s", frame->frame_seq, frame->window_id,
         decimal(a, sizeof a, frame->model_time, 3, true));
  for (size_t index = 0; index < frame->n_views; index++) {
    const Curtain__V1__ViewFrame *view = frame->views[index];
    const Curtain__V1__ViewState *state = view->state;
    const Curtain__V1__Rect *rect = state ? state->frame : NULL;
    Curtain__V1__Rect zero = CURTAIN__V1__RECT__INIT;
    if (rect == NULL) {
      rect = &zero;
    }
    printf("  v%" PRIu64 " (%s, %s, %s, %s)", view->view_id,
           decimal(a, sizeof a, rect->x, 4, false), decimal(b, sizeof b, rect->y, 4, false),
           decimal(c, sizeof c, rect->width, 4, false),
           decimal(d, sizeof d, rect->height, 4, false));
    printf(" α=%s", decimal(a, sizeof a, state ? state->alpha : 0, 4, false));
    if (state != NULL && !is_identity(state->transform)) {
      const Curtain__V1__Transform *t = state->transform;
      char e[32];
      char f[32];
      printf(" T=(%s, %s, %s, %s, %s, %s)", decimal(a, sizeof a, t->a, 4, false),
             decimal(b, sizeof b, t->b, 4, false), decimal(c, sizeof c, t->c, 4, false),
             decimal(d, sizeof d, t->d, 4, false), decimal(e, sizeof e, t->tx, 4, false),
             decimal(f, sizeof f, t->ty, 4, false));
    }
  }
  for (size_t index = 0; index < frame->n_transitions; index++) {
    const Curtain__V1__TransitionProgress *transition = frame->transitions[index];
    printf("  t%" PRIu64 " %s%%%s", transition->transition_id,
           decimal(a, sizeof a, transition->percent * 100, 1, false),
           transition->interactive ? " interactive" : "");
  }
  if (frame->frames_skipped > 0) {
    printf("  (skipped %" PRIu64 ")", frame->frames_skipped);
  }
  printf("\n");
}

static void print_summary(const frames_app *app) {
  uint64_t now = uv_hrtime();
  double seconds = (double)(now - app->subscribed_at) / 1e9;
  char a[32];
  char b[32];
  printf("%" PRIu64 " frame%s in %s s: %s fps", app->frames, app->frames == 1 ? "" : "s",
         decimal(a, sizeof a, seconds, 3, true),
         decimal(b, sizeof b, seconds > 0 ? (double)app->frames / seconds : 0, 2, true));
  if (app->frames > 1) {
    double span = (double)(app->last_frame_at - app->first_frame_at) / 1e9;
    if (span > 0) {
      printf(" (%s fps from the first frame to the last)",
             decimal(a, sizeof a, (double)(app->frames - 1) / span, 2, true));
    }
  }
  printf(", %" PRIu64 " skipped\n", app->skipped);
  fflush(stdout);
}

static void close_local_handles(frames_app *app) {
  uv_close((uv_handle_t *)&app->interrupt, NULL);
  uv_close((uv_handle_t *)&app->terminate, NULL);
  uv_close((uv_handle_t *)&app->timer, NULL);
}

/* Stops with `status`: closes the connection; on_close prints the summary. */
static void stop(frames_app *app, int status) {
  if (app->stopping) {
    return;
  }
  app->stopping = true;
  app->exit_status = status;
  curtain_close(app->client);
}

static void on_signal(uv_signal_t *signal, int number) {
  (void)number;
  stop(signal->data, 0);
}

static void on_timer(uv_timer_t *timer) {
  stop(timer->data, 0);
}

static void on_subscribed(curtain_client *client, int status, const Curtain__V1__Response *response,
                          void *data) {
  (void)client;
  frames_app *app = data;
  if (status != CURTAIN_OK) {
    return; /* on_close reports it */
  }
  if (response->result_case == CURTAIN__V1__RESPONSE__RESULT_ERROR) {
    fprintf(stderr, PROGRAM ": cannot subscribe to w%" PRIu64 ": %s: %s\n", app->settings.window_id,
            curtain_error_code_name(response->error->code), response->error->message);
    stop(app, 1);
    return;
  }
  if (response->result_case != CURTAIN__V1__RESPONSE__RESULT_SUBSCRIBED) {
    fprintf(stderr, PROGRAM ": unexpected answer to Subscribe\n");
    stop(app, 1);
    return;
  }
  app->subscribed = true;
  app->subscription_id = response->subscribed->subscription_id;
  app->subscribed_at = uv_hrtime();
  fprintf(stderr, PROGRAM ": subscribed to w%" PRIu64 " (subscription %" PRIu64 ")\n",
          app->settings.window_id, app->subscription_id);
  if (app->settings.duration > 0) {
    uv_timer_start(&app->timer, on_timer, (uint64_t)ceil(app->settings.duration * 1000), 0);
  }
}

static void on_ready(curtain_client *client, const Curtain__V1__Welcome *welcome, void *user) {
  (void)welcome;
  frames_app *app = user;
  app->ready = true;
  Curtain__V1__EventCategory categories[] = {CURTAIN__V1__EVENT_CATEGORY__EVENT_CATEGORY_WINDOW};
  Curtain__V1__Subscribe subscribe = CURTAIN__V1__SUBSCRIBE__INIT;
  subscribe.window_id = app->settings.window_id;
  subscribe.frames = 1;
  /* Window events only: to notice the window closing. */
  subscribe.events = 1;
  subscribe.n_categories = 1;
  subscribe.categories = categories;
  subscribe.frame_policy = app->settings.policy;
  subscribe.frame_credits = app->settings.credits;
  if (app->settings.max_fps > 0) {
    subscribe._max_fps_case = CURTAIN__V1__SUBSCRIBE___MAX_FPS_MAX_FPS;
    subscribe.max_fps = app->settings.max_fps;
  }
  Curtain__V1__Request request = CURTAIN__V1__REQUEST__INIT;
  request.body_case = CURTAIN__V1__REQUEST__BODY_SUBSCRIBE;
  request.subscribe = &subscribe;
  int result = curtain_request(client, &request, on_subscribed, app, NULL);
  if (result != CURTAIN_OK) {
    fprintf(stderr, PROGRAM ": cannot send Subscribe: %s\n", curtain_strerror(result));
    stop(app, 1);
  }
}

static void on_frame(curtain_client *client, const Curtain__V1__Frame *frame, void *user) {
  frames_app *app = user;
  if (app->stopping || frame->window_id != app->settings.window_id) {
    return;
  }
  uint64_t now = uv_hrtime();
  if (app->frames == 0) {
    app->first_frame_at = now;
  }
  app->last_frame_at = now;
  app->frames++;
  app->skipped += frame->frames_skipped;
  if (!app->settings.quiet) {
    print_frame(frame);
  }
  if (app->settings.policy == CURTAIN__V1__SUBSCRIBE__FRAME_POLICY__FRAME_POLICY_PAUSE) {
    curtain_ack_frames(client, app->subscription_id, frame->frame_seq);
  }
  if (app->settings.count > 0 && app->frames >= app->settings.count) {
    stop(app, 0);
  }
}

static void on_event(curtain_client *client, const Curtain__V1__Event *event, void *user) {
  (void)client;
  frames_app *app = user;
  if (event->kind_case == CURTAIN__V1__EVENT__KIND_WINDOW &&
      event->window->change == CURTAIN__V1__WINDOW_EVENT__CHANGE__CHANGE_CLOSED &&
      event->window_id == app->settings.window_id) {
    fprintf(stderr, PROGRAM ": w%" PRIu64 " was closed\n", event->window_id);
    stop(app, 0);
  }
}

static void on_goodbye(curtain_client *client, const Curtain__V1__Goodbye *goodbye, void *user) {
  frames_app *app = user;
  /* The daemon stopping ends the stream normally; any other goodbye is an
   * error (for example FRAME_POLICY with --policy disconnect). A goodbye of
   * the node the subscription went to (cluster mode) is reported by
   * on_peer_close. */
  if (!app->stopping && curtain_goodbye_peer(client) == NULL) {
    app->exit_status = goodbye->reason == CURTAIN__V1__GOODBYE__REASON__REASON_SHUTDOWN ? 0 : 1;
  }
}

/* Cluster mode: the connection to the node serving the window's session
 * is over; if the subscription was made there, it has ended. */
static void on_peer_close(curtain_client *client, const char *address, int status,
                          const char *message, const uint64_t *ended, size_t ended_count,
                          void *user) {
  (void)client;
  (void)status;
  frames_app *app = user;
  for (size_t index = 0; index < ended_count && !app->stopping; index++) {
    if (app->subscribed && ended[index] == app->subscription_id) {
      fprintf(stderr, PROGRAM ": the node serving w%" PRIu64 " (%s) ended the subscription: %s\n",
              app->settings.window_id, address, message);
      stop(app, 1);
    }
  }
}

static void on_close(curtain_client *client, int status, const char *message, void *user) {
  (void)client;
  frames_app *app = user;
  app->client = NULL;
  if (!app->stopping) {
    if (status == CURTAIN_E_GOODBYE) {
      fprintf(stderr, PROGRAM ": the daemon closed the connection: %s\n", message);
    } else {
      bool no_daemon = status == CURTAIN_E_IO && !app->ready;
      fprintf(stderr, PROGRAM ": %s%s\n", message, no_daemon ? " (is curtaind running?)" : "");
      app->exit_status = 1;
    }
  }
  if (app->subscribed) {
    print_summary(app);
  }
  close_local_handles(app);
}

int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IOLBF, 0);
  frames_app app;
  memset(&app, 0, sizeof app);
  parse_arguments(&app.settings, argc, argv);

  uv_loop_t loop;
  uv_loop_init(&loop);
  app.loop = &loop;
  uv_signal_init(&loop, &app.interrupt);
  uv_signal_init(&loop, &app.terminate);
  uv_timer_init(&loop, &app.timer);
  app.interrupt.data = &app;
  app.terminate.data = &app;
  app.timer.data = &app;
  uv_signal_start(&app.interrupt, on_signal, SIGINT);
  uv_signal_start(&app.terminate, on_signal, SIGTERM);

  curtain_options options = {
      .client_name = PROGRAM,
      .token = app.settings.token,
      .session = app.settings.session,
  };
  curtain_callbacks callbacks = {
      .on_ready = on_ready,
      .on_event = on_event,
      .on_frame = on_frame,
      .on_goodbye = on_goodbye,
      .on_close = on_close,
      .on_peer_close = on_peer_close,
  };
  int result =
      curtain_connect(&loop, app.settings.address, &options, &callbacks, &app, &app.client);
  if (result != CURTAIN_OK) {
    fprintf(stderr, PROGRAM ": cannot connect to %s: %s\n", app.settings.address,
            curtain_strerror(result));
    app.exit_status = 1;
    close_local_handles(&app);
  }
  uv_run(&loop, UV_RUN_DEFAULT);
  uv_loop_close(&loop);
  free(app.settings.address);
  free(app.settings.token);
  return app.exit_status;
}
