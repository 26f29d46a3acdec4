/*
 * libcurtain in cluster mode against real curtaind nodes sharing a private
 * PostgreSQL. The server is Debian's (/usr/lib/postgresql/N/bin, or
 * $CURTAIN_PG_BIN), run as Sources/CurtainTesting/TempPostgres.swift runs
 * it: initdb in a new temporary directory, trust authentication, the Unix
 * socket in that directory, a free loopback port, and under root the
 * `postgres` user (setpriv), with SIGINT when this process dies. Skipped
 * (passing) when PostgreSQL is not installed.
 *
 * Nodes a and b; c advertises an address nobody listens on; d advertises
 * b's address, so b sends a client asking for d's sessions back to itself.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <pwd.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "harness.h"
#include "session.h"

typedef struct postgres {
  char binaries[128];
  char directory[64];
  uint16_t port;
  char port_text[8];
  char uid_option[32];
  char gid_option[32];
  bool as_postgres;
  uid_t uid;
  gid_t gid;
  uv_process_t server;
  bool started;
  bool exited;
} postgres;

/* $CURTAIN_PG_BIN, else the newest /usr/lib/postgresql/N/bin with an
 * initdb; false when PostgreSQL is not installed. */
static bool find_binaries(char *out, size_t size) {
  const char *explicit = getenv("CURTAIN_PG_BIN");
  if (explicit != NULL && explicit[0] != '\0') {
    snprintf(out, size, "%s", explicit);
    return true;
  }
  DIR *versions = opendir("/usr/lib/postgresql");
  if (versions == NULL) {
    return false;
  }
  long newest = -1;
  for (struct dirent *entry = readdir(versions); entry != NULL; entry = readdir(versions)) {
    char *end;
    long version = strtol(entry->d_name, &end, 10);
    char initdb[320];
    snprintf(initdb, sizeof initdb, "/usr/lib/postgresql/%s/bin/initdb", entry->d_name);
    if (*end == '\0' && end != entry->d_name && version > newest && access(initdb, X_OK) == 0) {
      newest = version;
    }
  }
  closedir(versions);
  if (newest < 0) {
    return false;
  }
  snprintf(out, size, "/usr/lib/postgresql/%ld/bin", newest);
  return true;
}

/* A TCP port on 127.0.0.1 nobody listens on now. */
static uint16_t free_port(void) {
  int descriptor = socket(AF_INET, SOCK_STREAM, 0);
  struct sockaddr_in address = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
  socklen_t length = sizeof address;
  uint16_t port = 0;
  if (descriptor >= 0 && bind(descriptor, (struct sockaddr *)&address, length) == 0 &&
      getsockname(descriptor, (struct sockaddr *)&address, &length) == 0) {
    port = ntohs(address.sin_port);
  }
  if (descriptor >= 0) {
    close(descriptor);
  }
  return port;
}

/* Runs a PostgreSQL program through setpriv (as the server's user when
 * `as_server`) to its end; true when it exited 0. */
static bool run_program(uv_loop_t *loop, postgres *server, const char *program, bool as_server,
                        char **arguments, size_t count) {
  char path[192];
  snprintf(path, sizeof path, "%s/%s", server->binaries, program);
  char *command[24] = {"/usr/bin/setpriv"};
  size_t used = 1;
  if (as_server && server->as_postgres) {
    command[used++] = server->uid_option;
    command[used++] = server->gid_option;
    command[used++] = "--init-groups";
  }
  command[used++] = "--pdeathsig";
  command[used++] = "SIGKILL";
  command[used++] = "--";
  command[used++] = path;
  for (size_t index = 0; index < count && used < 23; index++) {
    command[used++] = arguments[index];
  }
  child_process child;
  if (!child_start(loop, &child, command)) {
    return false;
  }
  child_wait(loop, &child);
  if (child.exit_status != 0) {
    fprintf(stderr, "%s failed (%lld): %s%s\n", program, (long long)child.exit_status,
            child.out_text, child.err_text);
    harness_failures++;
    return false;
  }
  return true;
}

static void server_exited(uv_process_t *process, int64_t status, int signal_number) {
  (void)status;
  (void)signal_number;
  postgres *server = process->data;
  server->exited = true;
}

/* Whether the postmaster wrote "ready" as the last line of postmaster.pid
 * (it accepts connections). */
static bool server_ready(const postgres *server) {
  char path[96];
  snprintf(path, sizeof path, "%s/data/postmaster.pid", server->directory);
  FILE *file = fopen(path, "r");
  if (file == NULL) {
    return false;
  }
  char line[256];
  char last[256] = "";
  while (fgets(line, sizeof line, file) != NULL) {
    /* The status is padded with spaces. */
    line[strcspn(line, "\r\n")] = '\0';
    for (size_t end = strlen(line); end > 0 && line[end - 1] == ' '; end--) {
      line[end - 1] = '\0';
    }
    char *text = line + strspn(line, " ");
    if (text[0] != '\0') {
      snprintf(last, sizeof last, "%s", text);
    }
  }
  fclose(file);
  return strcmp(last, "ready") == 0;
}

static void remove_directory(uv_loop_t *loop, const char *directory) {
  char *command[] = {"/bin/rm", "-rf", (char *)directory, NULL};
  child_process child;
  if (child_start(loop, &child, command)) {
    child_wait(loop, &child);
  }
}

/* Makes the cluster and starts the server; false (nothing left behind)
 * when it does not start. */
static bool postgres_start(uv_loop_t *loop, postgres *server) {
  snprintf(server->directory, sizeof server->directory, "/tmp/curtain-c-pg-XXXXXX");
  if (mkdtemp(server->directory) == NULL) {
    fprintf(stderr, "mkdtemp: %s\n", strerror(errno));
    harness_failures++;
    return false;
  }
  if (geteuid() == 0) {
    struct passwd *entry = getpwnam("postgres");
    if (entry == NULL || chown(server->directory, entry->pw_uid, entry->pw_gid) != 0) {
      fprintf(stderr, "running as root, PostgreSQL needs the user 'postgres' to run as\n");
      harness_failures++;
      rmdir(server->directory);
      return false;
    }
    server->as_postgres = true;
    server->uid = entry->pw_uid;
    server->gid = entry->pw_gid;
    snprintf(server->uid_option, sizeof server->uid_option, "--reuid=%u", (unsigned)entry->pw_uid);
    snprintf(server->gid_option, sizeof server->gid_option, "--regid=%u", (unsigned)entry->pw_gid);
  }
  server->port = free_port();
  snprintf(server->port_text, sizeof server->port_text, "%u", server->port);
  char data[96];
  snprintf(data, sizeof data, "%s/data", server->directory);
  char *initdb[] = {"-D",           data,
                    "-U",           "postgres",
                    "--auth=trust", "--encoding=UTF8",
                    "--no-sync",    "--no-instructions"};
  if (!run_program(loop, server, "initdb", true, initdb, 8)) {
    remove_directory(loop, server->directory);
    return false;
  }
  char log_path[96];
  snprintf(log_path, sizeof log_path, "%s/server.log", server->directory);
  int log = open(log_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (log >= 0 && server->as_postgres) {
    (void)!fchown(log, server->uid, server->gid);
  }
  char program[192];
  snprintf(program, sizeof program, "%s/postgres", server->binaries);
  char *command[28] = {"/usr/bin/setpriv", "--pdeathsig", "SIGINT"};
  size_t used = 3;
  if (server->as_postgres) {
    command[used++] = server->uid_option;
    command[used++] = server->gid_option;
    command[used++] = "--init-groups";
  }
  char *rest[] = {"--", program,
                  "-D", data,
                  "-p", server->port_text,
                  "-k", server->directory,
                  "-c", "listen_addresses=127.0.0.1",
                  "-c", "fsync=off",
                  "-c", "logging_collector=off",
                  NULL};
  memcpy(command + used, rest, sizeof rest);
  uv_stdio_container_t stdio[3] = {
      {.flags = UV_IGNORE},
      {.flags = UV_IGNORE},
      {.flags = log >= 0 ? UV_INHERIT_FD : UV_IGNORE, .data.fd = log},
  };
  uv_process_options_t options = {.exit_cb = server_exited,
                                  .file = command[0],
                                  .args = command,
                                  .cwd = server->directory,
                                  .stdio = stdio,
                                  .stdio_count = 3};
  server->server.data = server;
  int result = uv_spawn(loop, &server->server, &options);
  if (log >= 0) {
    close(log);
  }
  if (result < 0) {
    fprintf(stderr, "spawn postgres: %s\n", uv_strerror(result));
    harness_failures++;
    uv_close((uv_handle_t *)&server->server, NULL);
    remove_directory(loop, server->directory);
    return false;
  }
  server->started = true;
  bool never = false;
  for (int turn = 0; turn < 3000 && !server->exited && !server_ready(server); turn++) {
    harness_run_until(loop, &never, 0.02);
  }
  if (server_ready(server)) {
    return true;
  }
  char line[256];
  FILE *file = fopen(log_path, "r");
  while (file != NULL && fgets(line, sizeof line, file) != NULL) {
    fprintf(stderr, "postgres: %s", line);
  }
  if (file != NULL) {
    fclose(file);
  }
  return false;
}

static void postgres_stop(uv_loop_t *loop, postgres *server) {
  if (server->started) {
    if (!server->exited) {
      uv_process_kill(&server->server, SIGINT);
      if (!harness_run_until(loop, &server->exited, 30)) {
        uv_process_kill(&server->server, SIGKILL);
        harness_run_until(loop, &server->exited, 10);
      }
    }
    uv_close((uv_handle_t *)&server->server, NULL);
    server->started = false;
  }
  remove_directory(loop, server->directory);
}

/* ------------------------------------------------------------------------ */

/* The address node c advertises, where nobody listens. */
static char unreachable_address[40];

typedef struct node {
  harness_daemon daemon;
  uint16_t port;
  char listen[32];
  char address[40];
  bool running;
} node;

static bool node_start(uv_loop_t *loop, node *member, const char *url, const char *name,
                       const char *advertise) {
  member->port = free_port();
  snprintf(member->listen, sizeof member->listen, "127.0.0.1:%u", member->port);
  snprintf(member->address, sizeof member->address, "tcp://127.0.0.1:%u", member->port);
  const char *arguments[12] = {
      "--cluster",        url,   "--node",          name, "--listen",    member->listen,
      "--lease-interval", "0.2", "--lease-timeout", "1",  "--advertise", advertise};
  member->running =
      harness_daemon_start_with(loop, &member->daemon, arguments, advertise ? 12 : 10, 2);
  return member->running;
}

static Curtain__V1__Request request_in(const char *session) {
  Curtain__V1__Request request = CURTAIN__V1__REQUEST__INIT;
  request.session = (char *)session;
  return request;
}

static const Curtain__V1__Response *list_controllers(uv_loop_t *loop, test_connection *connection,
                                                     const char *session) {
  Curtain__V1__ListControllers body = CURTAIN__V1__LIST_CONTROLLERS__INIT;
  Curtain__V1__Request request = request_in(session);
  request.body_case = CURTAIN__V1__REQUEST__BODY_LIST_CONTROLLERS;
  request.list_controllers = &body;
  return harness_call(loop, connection->client, &connection->recorder, &request);
}

static const Curtain__V1__Response *make_controller(uv_loop_t *loop, test_connection *connection,
                                                    const char *session, const char *identifier) {
  Curtain__V1__CreateController body = CURTAIN__V1__CREATE_CONTROLLER__INIT;
  body.kind = CURTAIN__V1__CONTROLLER_KIND__CONTROLLER_KIND_CONTENT;
  body.identifier = (char *)identifier;
  Curtain__V1__Request request = request_in(session);
  request.body_case = CURTAIN__V1__REQUEST__BODY_CREATE_CONTROLLER;
  request.create_controller = &body;
  return harness_call(loop, connection->client, &connection->recorder, &request);
}

static const Curtain__V1__NodeList *list_nodes(uv_loop_t *loop, test_connection *connection) {
  Curtain__V1__ListNodes body = CURTAIN__V1__LIST_NODES__INIT;
  Curtain__V1__Request request = CURTAIN__V1__REQUEST__INIT;
  request.body_case = CURTAIN__V1__REQUEST__BODY_LIST_NODES;
  request.list_nodes = &body;
  const Curtain__V1__Response *response =
      harness_call_ok(loop, connection->client, &connection->recorder, &request,
                      CURTAIN__V1__RESPONSE__RESULT_NODES);
  return response != NULL ? response->nodes : NULL;
}

/* Waits until the node `connection` is on lists `session` as `owner`'s. */
static bool wait_for_owner(uv_loop_t *loop, test_connection *connection, const char *session,
                           const char *owner) {
  bool never = false;
  for (int attempt = 0; attempt < 100; attempt++) {
    const Curtain__V1__NodeList *list = list_nodes(loop, connection);
    for (size_t index = 0; list != NULL && index < list->n_nodes; index++) {
      const Curtain__V1__NodeList__Entry *entry = list->nodes[index];
      for (size_t at = 0; strcmp(entry->name, owner) == 0 && at < entry->n_sessions; at++) {
        if (strcmp(entry->sessions[at], session) == 0) {
          return true;
        }
      }
    }
    harness_run_until(loop, &never, 0.1);
  }
  fprintf(stderr, "%s never showed up on node %s\n", session, owner);
  harness_failures++;
  return false;
}

static const char *detail(const Curtain__V1__Error *error, const char *key) {
  for (size_t index = 0; index < error->n_details; index++) {
    if (strcmp(error->details[index]->key, key) == 0) {
      return error->details[index]->value;
    }
  }
  return "(none)";
}

/* Creates `identifier` in `session` on `member` and waits until b knows. */
static void make_session(uv_loop_t *loop, node *member, test_connection *on_b, const char *session,
                         const char *identifier, const char *owner) {
  test_connection direct;
  if (connect_to(loop, &member->daemon, &direct, "direct")) {
    const Curtain__V1__Response *made = make_controller(loop, &direct, session, identifier);
    CHECK(made != NULL && made->result_case == CURTAIN__V1__RESPONSE__RESULT_CONTROLLER);
  }
  disconnect(loop, &direct);
  wait_for_owner(loop, on_b, session, owner);
}

static void check_moved(const Curtain__V1__Response *response, const char *node_name,
                        const char *address) {
  CHECK(response != NULL && response->result_case == CURTAIN__V1__RESPONSE__RESULT_ERROR);
  if (response != NULL && response->result_case == CURTAIN__V1__RESPONSE__RESULT_ERROR) {
    CHECK_EQ_STR(curtain_error_code_name(response->error->code), "MOVED");
    CHECK_EQ_STR(detail(response->error, "node"), node_name);
    CHECK_EQ_STR(detail(response->error, "address"), address);
  }
}

/* A client of b whose session is s1 (a's): its subscription goes through
 * the peer, and the peer's events reach the client's `on_event`. */
static void subscribe_through_a_peer(uv_loop_t *loop, node *on) {
  test_connection in_s1;
  memset(&in_s1, 0, sizeof in_s1);
  curtain_options options = {.client_name = "in-s1", .session = "s1"};
  CHECK_EQ_U64(curtain_connect_unix(loop, on->daemon.socket_path, &options,
                                    &harness_recorder_callbacks, &in_s1.recorder, &in_s1.client),
               CURTAIN_OK);
  if (harness_run_until(loop, &in_s1.recorder.ready, 10)) {
    uint64_t window = make_empty_window(loop, &in_s1);
    CHECK(window != 0);
    CHECK_EQ_U64(curtain_peer_count(in_s1.client), 1);
    subscribe(loop, &in_s1, window, true, CURTAIN__V1__SUBSCRIBE__FRAME_POLICY__FRAME_POLICY_LATEST,
              0);
    Curtain__V1__SetWindowVisible hide = CURTAIN__V1__SET_WINDOW_VISIBLE__INIT;
    hide.window_id = window;
    Curtain__V1__Request request = CURTAIN__V1__REQUEST__INIT;
    request.body_case = CURTAIN__V1__REQUEST__BODY_SET_WINDOW_VISIBLE;
    request.set_window_visible = &hide;
    call(loop, &in_s1, &request, CURTAIN__V1__RESPONSE__RESULT_OPERATION);
    /* The operation's events, from the peer: started, the change, completed. */
    CHECK(harness_wait_events(loop, &in_s1.recorder, 3));
    bool hidden = false;
    for (size_t index = 0; index < in_s1.recorder.event_count; index++) {
      const Curtain__V1__Event *event = in_s1.recorder.events[index];
      hidden |= event->window_id == window && strcmp(event->text, "window.visible(false)") == 0;
    }
    CHECK(hidden);
    CHECK_EQ_U64(curtain_peer_count(in_s1.client), 1);
  }
  disconnect(loop, &in_s1);
}

static void exercise(uv_loop_t *loop, node *nodes) {
  const char *unreachable = unreachable_address;
  test_connection on_b;
  if (!connect_to(loop, &nodes[1].daemon, &on_b, "on-b")) {
    disconnect(loop, &on_b);
    return;
  }
  make_session(loop, &nodes[0], &on_b, "s1", "First", "a");
  make_session(loop, &nodes[2], &on_b, "s3", "OnC", "c");
  make_session(loop, &nodes[3], &on_b, "s4", "OnD", "d");

  /* A session of a, from b: one more connection, then straight there. */
  const Curtain__V1__Response *listed = list_controllers(loop, &on_b, "s1");
  CHECK(listed != NULL && listed->result_case == CURTAIN__V1__RESPONSE__RESULT_CONTROLLERS);
  if (listed != NULL && listed->result_case == CURTAIN__V1__RESPONSE__RESULT_CONTROLLERS) {
    CHECK_EQ_U64(listed->controllers->n_controllers, 1);
    CHECK_EQ_STR(listed->controllers->controllers[0]->identifier, "First");
  }
  CHECK_EQ_U64(curtain_peer_count(on_b.client), 1);
  const Curtain__V1__Response *made = make_controller(loop, &on_b, "s1", "Second");
  CHECK(made != NULL && made->result_case == CURTAIN__V1__RESPONSE__RESULT_CONTROLLER);
  listed = list_controllers(loop, &on_b, "s1");
  CHECK(listed != NULL && listed->result_case == CURTAIN__V1__RESPONSE__RESULT_CONTROLLERS &&
        listed->controllers->n_controllers == 2);
  CHECK_EQ_U64(curtain_peer_count(on_b.client), 1);
  /* b's own session stays on b. */
  made = make_controller(loop, &on_b, "", "OnB");
  CHECK(made != NULL && made->result_case == CURTAIN__V1__RESPONSE__RESULT_CONTROLLER);
  CHECK_EQ_U64(curtain_peer_count(on_b.client), 1);

  subscribe_through_a_peer(loop, &nodes[1]);

  /* c's address answers nothing: the MOVED is the answer. */
  check_moved(list_controllers(loop, &on_b, "s3"), "c", unreachable);
  /* d sends b's clients back to b: three hops, then the MOVED. */
  check_moved(make_controller(loop, &on_b, "s4", "Never"), "d", nodes[1].address);
  CHECK_EQ_U64(curtain_peer_count(on_b.client), 2);

  const Curtain__V1__NodeList *list = list_nodes(loop, &on_b);
  CHECK(list != NULL && list->n_nodes == 4);
  if (list != NULL && list->n_nodes == 4) {
    CHECK_EQ_STR(list->answered_by, "b");
    CHECK_EQ_STR(list->nodes[0]->name, "a");
    CHECK_EQ_STR(list->nodes[0]->address, nodes[0].address);
    CHECK_EQ_STR(list->nodes[3]->address, nodes[1].address);
  }
  disconnect(loop, &on_b);

  /* Nothing of b's reached a; d has only its own controller. */
  test_connection on_a;
  if (connect_to(loop, &nodes[0].daemon, &on_a, "on-a")) {
    listed = list_controllers(loop, &on_a, "s1");
    CHECK(listed != NULL && listed->result_case == CURTAIN__V1__RESPONSE__RESULT_CONTROLLERS &&
          listed->controllers->n_controllers == 2);
    /* ("default" is b's since b changed it: a answers from its own empty
     * copy until its map says so, then sends the client on to b, so its
     * count depends on timing and is not checked here.) */
  }
  disconnect(loop, &on_a);
  test_connection on_d;
  if (connect_to(loop, &nodes[3].daemon, &on_d, "on-d")) {
    listed = list_controllers(loop, &on_d, "s4");
    CHECK(listed != NULL && listed->result_case == CURTAIN__V1__RESPONSE__RESULT_CONTROLLERS &&
          listed->controllers->n_controllers == 1);
  }
  disconnect(loop, &on_d);
}

/* ------------------------------------------------------------------------ */
/* What is made through a peer behaves as on the client's own connection    */
/* ------------------------------------------------------------------------ */

/* Connects a client of `member` called `name` whose session option is
 * `session`, and runs the loop until it is ready. */
static bool connect_in_session(uv_loop_t *loop, node *member, test_connection *connection,
                               const char *name, const char *session) {
  memset(connection, 0, sizeof *connection);
  curtain_options options = {.client_name = name, .session = session};
  int result =
      curtain_connect_unix(loop, member->daemon.socket_path, &options, &harness_recorder_callbacks,
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

/* A round trip in the client's session: once it returns, everything the
 * node of that session queued for the client before it has arrived (Sync
 * addresses the client's own node, not the peer's). */
static void sync_session(uv_loop_t *loop, test_connection *connection) {
  const Curtain__V1__Response *listed = list_controllers(loop, connection, "");
  CHECK(listed != NULL && listed->result_case == CURTAIN__V1__RESPONSE__RESULT_CONTROLLERS);
}

/* Subscribes to the events of a window of `session` ("": the client's),
 * of every category or of the window category only, from `from_seq` when
 * not 0. Returns the answer (NULL with a failed check). */
static const Curtain__V1__Response *subscribe_events(uv_loop_t *loop, test_connection *connection,
                                                     const char *session, uint64_t window_id,
                                                     bool window_only, uint64_t from_seq) {
  Curtain__V1__EventCategory categories[] = {CURTAIN__V1__EVENT_CATEGORY__EVENT_CATEGORY_WINDOW};
  Curtain__V1__Subscribe body = CURTAIN__V1__SUBSCRIBE__INIT;
  body.window_id = window_id;
  body.events = 1;
  if (window_only) {
    body.n_categories = 1;
    body.categories = categories;
  }
  if (from_seq != 0) {
    body._from_seq_case = CURTAIN__V1__SUBSCRIBE___FROM_SEQ_FROM_SEQ;
    body.from_seq = from_seq;
  }
  Curtain__V1__Request request = request_in(session);
  request.body_case = CURTAIN__V1__REQUEST__BODY_SUBSCRIBE;
  request.subscribe = &body;
  return harness_call(loop, connection->client, &connection->recorder, &request);
}

static uint64_t subscribed_id(const Curtain__V1__Response *response) {
  CHECK(response != NULL && response->result_case == CURTAIN__V1__RESPONSE__RESULT_SUBSCRIBED);
  return response != NULL && response->result_case == CURTAIN__V1__RESPONSE__RESULT_SUBSCRIBED
             ? response->subscribed->subscription_id
             : 0;
}

/* Unsubscribes; returns the answer. */
static const Curtain__V1__Response *unsubscribe(uv_loop_t *loop, test_connection *connection,
                                                uint64_t subscription_id) {
  Curtain__V1__Unsubscribe body = CURTAIN__V1__UNSUBSCRIBE__INIT;
  body.subscription_id = subscription_id;
  Curtain__V1__Request request = CURTAIN__V1__REQUEST__INIT;
  request.body_case = CURTAIN__V1__REQUEST__BODY_UNSUBSCRIBE;
  request.unsubscribe = &body;
  return harness_call(loop, connection->client, &connection->recorder, &request);
}

/* Shows or hides a window of `session` ("": the client's). */
static void set_visible(uv_loop_t *loop, test_connection *connection, const char *session,
                        uint64_t window_id, bool visible) {
  Curtain__V1__SetWindowVisible body = CURTAIN__V1__SET_WINDOW_VISIBLE__INIT;
  body.window_id = window_id;
  body.visible = visible;
  Curtain__V1__Request request = request_in(session);
  request.body_case = CURTAIN__V1__REQUEST__BODY_SET_WINDOW_VISIBLE;
  request.set_window_visible = &body;
  call(loop, connection, &request, CURTAIN__V1__RESPONSE__RESULT_OPERATION);
}

/* How many of the recorder's events, from `first` on, are of subscription
 * `subscription_id`. */
static size_t events_of(const harness_recorder *recorder, size_t first, uint64_t subscription_id) {
  size_t count = 0;
  for (size_t index = first; index < recorder->event_count; index++) {
    count += recorder->events[index]->subscription_id == subscription_id;
  }
  return count;
}

/* A client of b in s5 (a's) subscribes through its peer to a PAUSE stream
 * of frames and to events, and on its own connection to a window of b5
 * (b's): the peer's subscriptions get ids of the client's (the daemons'
 * own ids may collide), a FrameAck of the frames' id resumes them on the
 * peer, and an Unsubscribe ends the events there, not on b. */
static void test_peer_subscriptions_body(uv_loop_t *loop, node *nodes) {
  test_connection in_s5;
  if (!connect_in_session(loop, &nodes[1], &in_s5, "in-s5", "s5")) {
    disconnect(loop, &in_s5);
    return;
  }
  make_session(loop, &nodes[0], &in_s5, "s5", "Anchor", "a");
  uint64_t window = make_navigation_window(loop, &in_s5);
  CHECK_EQ_U64(curtain_peer_count(in_s5.client), 1);
  Curtain__V1__CreateWindow create = CURTAIN__V1__CREATE_WINDOW__INIT;
  Curtain__V1__Request request = request_in("b5");
  request.body_case = CURTAIN__V1__REQUEST__BODY_CREATE_WINDOW;
  request.create_window = &create;
  const Curtain__V1__Response *created =
      call(loop, &in_s5, &request, CURTAIN__V1__RESPONSE__RESULT_WINDOW);
  uint64_t own_window = created != NULL ? created->window->id : 0;
  uint64_t own_events = subscribed_id(subscribe_events(loop, &in_s5, "b5", own_window, true, 0));
  uint64_t frames = subscribe(loop, &in_s5, window, false,
                              CURTAIN__V1__SUBSCRIBE__FRAME_POLICY__FRAME_POLICY_PAUSE, 1);
  uint64_t events = subscribed_id(subscribe_events(loop, &in_s5, "", window, false, 0));
  if (window == 0 || own_window == 0 || own_events == 0 || frames == 0 || events == 0) {
    CHECK(!"the windows and subscriptions are made");
    disconnect(loop, &in_s5);
    return;
  }
  CHECK(own_events < CURTAIN_PEER_SUBSCRIPTION_BASE);
  CHECK(frames > CURTAIN_PEER_SUBSCRIPTION_BASE && events > CURTAIN_PEER_SUBSCRIPTION_BASE);
  CHECK(frames != events);
  CHECK_EQ_U64(curtain_peer_count(in_s5.client), 1);

  /* One frame in flight, then nothing until a FrameAck, as on one node
   * (test_daemon). */
  CHECK(navigate(loop, &in_s5, true, "push", CURTAIN__V1__WAIT_UNTIL__WAIT_UNTIL_ACCEPTED) != NULL);
  for (int step = 0; step < 3; step++) {
    const Curtain__V1__ClockResult *clock = advance(loop, &in_s5, window, 0.05);
    CHECK(clock != NULL && clock->frames == 1);
  }
  sync_session(loop, &in_s5);
  CHECK_EQ_U64(in_s5.recorder.frame_count, 1);
  CHECK_EQ_U64(curtain_ack_frames(in_s5.client, frames, 1), CURTAIN_OK);
  sync_session(loop, &in_s5);
  advance(loop, &in_s5, window, 0.05);
  sync_session(loop, &in_s5);
  CHECK_EQ_U64(in_s5.recorder.frame_count, 2);
  if (in_s5.recorder.frame_count == 2) {
    CHECK_EQ_U64(in_s5.recorder.frames[1]->frame_seq, 4);
    CHECK_EQ_U64(in_s5.recorder.frames[1]->frames_skipped, 2);
  }
  /* The push's events came with the client's id of the subscription. */
  size_t seen = in_s5.recorder.event_count;
  CHECK(seen > 0);
  CHECK_EQ_U64(events_of(&in_s5.recorder, 0, events), seen);

  /* Unsubscribed on the peer: no more events there; b's subscription
   * (whose daemon id may be the peer's) goes on. */
  const Curtain__V1__Response *ended = unsubscribe(loop, &in_s5, events);
  CHECK(ended != NULL && ended->result_case == CURTAIN__V1__RESPONSE__RESULT_EMPTY);
  set_visible(loop, &in_s5, "", window, false);
  sync_session(loop, &in_s5);
  CHECK_EQ_U64(in_s5.recorder.event_count, seen);
  set_visible(loop, &in_s5, "b5", own_window, false);
  CHECK(harness_wait_events(loop, &in_s5.recorder, seen + 1));
  sync_with(loop, &in_s5);
  CHECK_EQ_U64(in_s5.recorder.event_count, seen + 1);
  CHECK_EQ_U64(events_of(&in_s5.recorder, seen, own_events), 1);
  /* Once ended, its id is refused, not sent to another subscription. */
  ended = unsubscribe(loop, &in_s5, frames);
  CHECK(ended != NULL && ended->result_case == CURTAIN__V1__RESPONSE__RESULT_EMPTY);
  CHECK_EQ_U64(curtain_ack_frames(in_s5.client, frames, 4), CURTAIN_E_INVALID);
  CHECK_EQ_U64(curtain_ack_frames(in_s5.client, events, 4), CURTAIN_E_INVALID);
  ended = unsubscribe(loop, &in_s5, events);
  CHECK(ended != NULL && ended->result_case == CURTAIN__V1__RESPONSE__RESULT_ERROR &&
        ended->error->code == CURTAIN__V1__ERROR_CODE__ERROR_CODE_NOT_FOUND);
  CHECK_EQ_U64(curtain_peer_count(in_s5.client), 1);
  CHECK_EQ_U64(in_s5.recorder.peer_close_count, 0);
  disconnect(loop, &in_s5);
}

/* What a delegate registered through a peer was asked and answered. */
typedef struct tab_gate {
  curtain_client *client;
  uint64_t refuse;
  size_t asked;
  uint64_t asked_for[4];
  char session[16];
  size_t results;
  size_t accepted;
  bool registered;
  int registration;
} tab_gate;

static int gate_should_select(curtain_client *client, const Curtain__V1__DelegateCall *call,
                              uint64_t tab_bar_id, uint64_t view_controller_id,
                              Curtain__V1__DelegateAnswer *answer, void *data) {
  (void)tab_bar_id;
  tab_gate *gate = data;
  CHECK(client == gate->client);
  if (gate->asked < 4) {
    gate->asked_for[gate->asked] = view_controller_id;
  }
  gate->asked++;
  snprintf(gate->session, sizeof gate->session, "%s", call->session);
  curtain_answer_yes(answer, view_controller_id != gate->refuse);
  return CURTAIN_REPLY_NOW;
}

static void gate_reply_result(curtain_client *client, uint64_t call_id, int status,
                              const Curtain__V1__Response *response, void *data) {
  (void)call_id;
  tab_gate *gate = data;
  CHECK(client == gate->client);
  gate->results++;
  gate->accepted += status == CURTAIN_OK &&
                    response->result_case == CURTAIN__V1__RESPONSE__RESULT_DELEGATE_REPLY &&
                    response->delegate_reply->accepted;
}

static void gate_registered(curtain_client *client, int status,
                            const Curtain__V1__Response *response, void *data) {
  (void)client;
  tab_gate *gate = data;
  gate->registration = status == CURTAIN_OK ? (int)response->result_case : status;
  gate->registered = true;
}

/* A tab bar delegate registered by a client of b for Tabs of s6 (a's),
 * through its peer, is asked when a client of a taps a tab bar item: its
 * "no" keeps the tab, its "yes" lets the next one be selected. */
static void test_peer_delegate_body(uv_loop_t *loop, node *nodes) {
  test_connection driver;
  test_connection answering;
  bool ready = connect_in_session(loop, &nodes[0], &driver, "driver", "s6");
  if (!connect_in_session(loop, &nodes[1], &answering, "answering", "s6") || !ready) {
    disconnect(loop, &answering);
    disconnect(loop, &driver);
    return;
  }
  uint64_t window = make_tab_window(loop, &driver);
  wait_for_owner(loop, &answering, "s6", "a");
  tab_gate gate = {.client = answering.client, .refuse = controller_id(loop, &driver, "Locked")};
  curtain_delegate delegate = {.tab_bar_should_select = gate_should_select,
                               .reply_result = gate_reply_result};
  curtain_delegate_target target = {.controller = "Tabs", .timeout_ms = 10000};
  CHECK_EQ_U64(
      curtain_set_delegate(answering.client, &target, &delegate, &gate, gate_registered, &gate),
      CURTAIN_OK);
  CHECK(harness_run_until(loop, &gate.registered, 10));
  CHECK_EQ_U64(gate.registration, CURTAIN__V1__RESPONSE__RESULT_EMPTY);
  CHECK_EQ_U64(curtain_peer_count(answering.client), 1);

  const Curtain__V1__OperationResult *declined = tap_tab(loop, &driver, window, 1);
  CHECK(declined != NULL && declined->completed);
  CHECK_EQ_U64(selected_index(loop, &driver, window), 0);
  const Curtain__V1__OperationResult *selected = tap_tab(loop, &driver, window, 2);
  CHECK(selected != NULL && selected->completed);
  CHECK_EQ_U64(selected_index(loop, &driver, window), 2);
  CHECK_EQ_U64(gate.asked, 2);
  CHECK_EQ_U64(gate.asked_for[0], gate.refuse);
  CHECK_EQ_U64(gate.asked_for[1], controller_id(loop, &driver, "T3"));
  CHECK_EQ_STR(gate.session, "s6");
  /* The answers went back on the peer, which accepted them all: the two,
   * and the default the library gave the switch's animation-controller
   * question, which the delegate has no callback of. */
  CHECK(harness_wait_count(loop, &gate.results, 3));
  CHECK_EQ_U64(gate.accepted, 3);
  disconnect(loop, &answering);
  disconnect(loop, &driver);
}

/* A client of b subscribed through its peer to a window of s7 (a's) hears
 * the peer's goodbye when s7 moves to b, and subscribes again, now on its
 * own connection, from the last event it saw. */
static void test_peer_goodbye_body(uv_loop_t *loop, node *nodes) {
  test_connection in_s7;
  test_connection mover;
  bool ready = connect_to(loop, &nodes[0].daemon, &mover, "mover");
  if (!connect_in_session(loop, &nodes[1], &in_s7, "in-s7", "s7") || !ready) {
    disconnect(loop, &in_s7);
    disconnect(loop, &mover);
    return;
  }
  make_session(loop, &nodes[0], &in_s7, "s7", "Anchor", "a");
  uint64_t window = make_empty_window(loop, &in_s7);
  uint64_t events = subscribed_id(subscribe_events(loop, &in_s7, "", window, true, 0));
  set_visible(loop, &in_s7, "", window, false);
  if (window == 0 || events == 0 || !harness_wait_events(loop, &in_s7.recorder, 1)) {
    CHECK(!"the window and its subscription are made");
    disconnect(loop, &in_s7);
    disconnect(loop, &mover);
    return;
  }
  uint64_t last_seq = in_s7.recorder.events[0]->seq;

  Curtain__V1__MoveSession move = CURTAIN__V1__MOVE_SESSION__INIT;
  move.name = "s7";
  move.to_node = "b";
  Curtain__V1__Request request = CURTAIN__V1__REQUEST__INIT;
  request.body_case = CURTAIN__V1__REQUEST__BODY_MOVE_SESSION;
  request.move_session = &move;
  const Curtain__V1__Response *moved =
      call(loop, &mover, &request, CURTAIN__V1__RESPONSE__RESULT_MOVED);
  CHECK(moved != NULL && strcmp(moved->moved->node, "b") == 0);

  /* The peer's goodbye, then its end; the client stays open. */
  CHECK(harness_wait_count(loop, &in_s7.recorder.peer_close_count, 1));
  CHECK_EQ_U64(in_s7.recorder.peer_goodbye_count, 1);
  if (in_s7.recorder.peer_goodbye_count == 1) {
    const Curtain__V1__Goodbye *goodbye = in_s7.recorder.peer_goodbyes[0];
    CHECK_EQ_STR(curtain_goodbye_reason_name(goodbye->reason), "MOVED");
    char *keys[4] = {"session", "node", "address", "epoch"};
    char *values[4] = {"s7", "b", nodes[1].address, "2"};
    CHECK_EQ_U64(goodbye->n_details, 4);
    for (size_t index = 0; index < goodbye->n_details && index < 4; index++) {
      for (size_t key = 0; key < 4; key++) {
        if (strcmp(goodbye->details[index]->key, keys[key]) == 0) {
          CHECK_EQ_STR(goodbye->details[index]->value, values[key]);
        }
      }
    }
    CHECK_EQ_STR(in_s7.recorder.peer_goodbye_addresses[0], nodes[0].address);
    /* Already closing when reported: a Subscribe sent from on_goodbye
     * would go through the client. */
    CHECK_EQ_U64(in_s7.recorder.peer_goodbye_open_peers[0], 0);
  }
  CHECK_EQ_STR(in_s7.recorder.peer_close_address, nodes[0].address);
  CHECK_EQ_U64(in_s7.recorder.peer_close_status, CURTAIN_E_GOODBYE);
  CHECK(strncmp(in_s7.recorder.peer_close_message, "MOVED: ", 7) == 0);
  CHECK_EQ_U64(in_s7.recorder.peer_ended_count, 1);
  CHECK_EQ_U64(in_s7.recorder.peer_ended[0], events);
  CHECK(!in_s7.recorder.closed && in_s7.recorder.goodbye == NULL);
  CHECK_EQ_U64(curtain_peer_count(in_s7.client), 0);
  CHECK_EQ_U64(curtain_ack_frames(in_s7.client, events, 1), CURTAIN_E_INVALID);

  /* Subscribed again where s7 is now: b, the client's own node. */
  wait_for_owner(loop, &in_s7, "s7", "b");
  uint64_t again = subscribed_id(subscribe_events(loop, &in_s7, "", window, true, last_seq));
  CHECK(again != 0 && again < CURTAIN_PEER_SUBSCRIPTION_BASE);
  set_visible(loop, &in_s7, "", window, true);
  CHECK(harness_wait_events(loop, &in_s7.recorder, 2));
  sync_with(loop, &in_s7);
  /* Nothing again from before the move, and nothing missed. */
  CHECK_EQ_U64(in_s7.recorder.event_count, 2);
  if (in_s7.recorder.event_count == 2) {
    const Curtain__V1__Event *event = in_s7.recorder.events[1];
    CHECK_EQ_U64(event->subscription_id, again);
    CHECK(event->seq > last_seq);
    CHECK_EQ_STR(event->text, "window.visible(true)");
  }
  CHECK_EQ_U64(curtain_peer_count(in_s7.client), 0);
  disconnect(loop, &in_s7);
  disconnect(loop, &mover);
}

/* ------------------------------------------------------------------------ */

/* Starts a private PostgreSQL and `count` nodes (a and b; with four, c
 * advertises an address nobody listens on and d advertises b's), runs
 * `body`, and stops everything. */
static void with_cluster(size_t count, void (*body)(uv_loop_t *loop, node *nodes)) {
  postgres server = {0};
  if (!find_binaries(server.binaries, sizeof server.binaries)) {
    fprintf(stderr, "skipped: PostgreSQL is not installed (apt-get install postgresql)\n");
    return;
  }
  uv_loop_t loop;
  uv_loop_init(&loop);
  if (postgres_start(&loop, &server)) {
    char *create[] = {"-X", "-q",
                      "-v", "ON_ERROR_STOP=1",
                      "-h", server.directory,
                      "-p", server.port_text,
                      "-U", "postgres",
                      "-d", "postgres",
                      "-c", "CREATE DATABASE \"cluster\""};
    if (run_program(&loop, &server, "psql", false, create, 14)) {
      char url[160];
      snprintf(url, sizeof url, "postgres://postgres@/cluster?host=%s&port=%u", server.directory,
               server.port);
      node nodes[4];
      memset(nodes, 0, sizeof nodes);
      bool started = node_start(&loop, &nodes[0], url, "a", NULL) &&
                     node_start(&loop, &nodes[1], url, "b", NULL);
      if (started && count == 4) {
        started = node_start(&loop, &nodes[2], url, "c", unreachable_address) &&
                  node_start(&loop, &nodes[3], url, "d", nodes[1].address);
      }
      if (started) {
        body(&loop, nodes);
      }
      for (size_t index = 0; index < count; index++) {
        if (nodes[index].running) {
          harness_daemon_stop(&loop, &nodes[index].daemon);
        }
      }
    }
  } else {
    fprintf(stderr, "postgres did not start\n");
    harness_failures++;
  }
  postgres_stop(&loop, &server);
  harness_close_loop(&loop);
}

static void test_requests_follow_moved(void) {
  snprintf(unreachable_address, sizeof unreachable_address, "tcp://127.0.0.1:%u", free_port());
  with_cluster(4, exercise);
}

static void test_peer_subscriptions(void) {
  with_cluster(2, test_peer_subscriptions_body);
}

static void test_peer_delegate(void) {
  with_cluster(2, test_peer_delegate_body);
}

static void test_peer_goodbye(void) {
  with_cluster(2, test_peer_goodbye_body);
}

int main(void) {
  signal(SIGPIPE, SIG_IGN);
  static const harness_test tests[] = {
      {"cluster: requests follow MOVED", test_requests_follow_moved},
      {"cluster: a subscription made through a peer is acknowledged and unsubscribed there",
       test_peer_subscriptions},
      {"cluster: a delegate registered through a peer is asked and answers there",
       test_peer_delegate},
      {"cluster: a peer's goodbye reaches the client, which subscribes again", test_peer_goodbye},
  };
  return harness_run(tests, sizeof tests / sizeof tests[0]);
}
