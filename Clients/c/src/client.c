/*
 * The client: one connection to curtaind on a libuv loop.
 *
 * States: CONNECTING (resolving the host and connecting; TCP tries each
 * resolved address in turn, on a fresh handle each time), HANDSHAKE (the
 * `Hello` is sent, the `Welcome` awaited), READY (requests may be sent) and
 * CLOSING. Any end of the connection goes through `client_fail`, which
 * records why, stops reading and closes the socket (after flushing our writes
 * with a shutdown, for at most a second, when the user asked to close).
 *
 * Memory is freed only once nothing of libuv refers to the client any more:
 * `outstanding` counts the open handles (the socket, the flush timer) and
 * every request in flight (connect, writes, shutdown, getaddrinfo). When it reaches zero in
 * CLOSING, `client_finish` answers the unanswered requests with the failure, calls `on_close` and
 * frees the client.
 *
 * Responses are matched to requests by id through a FIFO list: the daemon
 * answers in request order, so the match is almost always the head.
 */
#include <limits.h>
#include <netdb.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/un.h>
#include <unistd.h>

#include "curtain.h"
#include "internal.h"

#define READ_BUFFER_BYTES (64 * 1024)
/* How long `curtain_close` waits for unwritten requests to flush. */
#define FLUSH_TIMEOUT_MS 1000
/* Cluster mode: how many MOVED answers in a row a request follows. */
#define MAX_MOVED_HOPS 3

typedef enum client_state {
  STATE_CONNECTING,
  STATE_HANDSHAKE,
  STATE_READY,
  STATE_CLOSING,
} client_state;

/* A request awaiting its response. */
typedef struct pending_request {
  struct pending_request *next;
  uint64_t id;
  curtain_response_cb callback;
  void *data;
  /* The packed Request, kept to send it again should it be answered MOVED
   * (NULL: it is not followed), and its kind. */
  uint8_t *bytes;
  size_t length;
  Curtain__V1__Request__BodyCase body_case;
} pending_request;

/* Cluster mode: a subscription made through a peer. The daemons count
 * subscription ids up from 1 each, so the peer's id (`remote_id`) may be
 * one of the client's own connection too: the user gets `id` instead,
 * which the client hands out from CURTAIN_PEER_SUBSCRIPTION_BASE up, and
 * the client translates both ways (events, FrameAck, Unsubscribe). */
typedef struct peer_subscription {
  struct peer_subscription *next;
  uint64_t id;
  curtain_client *peer;
  uint64_t remote_id;
} peer_subscription;

/* Cluster mode: a request sent on a connection opened to follow MOVED (a
 * peer), on behalf of the client the user made (its origin). */
typedef struct forwarded {
  struct forwarded *next;
  curtain_client *origin;
  /* The id the user was given (responses show it). */
  uint64_t origin_id;
  /* The MOVED answers followed so far. */
  unsigned hops;
  /* The packed Request (sent with the peer's next id). */
  uint8_t *bytes;
  size_t length;
  /* The last MOVED answer (NULL: routed without one), given to the user
   * when the peer closes before the request could be sent. */
  Curtain__V1__Response *moved;
  curtain_response_cb callback;
  void *data;
  /* A Subscribe: the record of its subscription, made with the request so
   * that recording its answer cannot fail. */
  peer_subscription *subscription;
  /* An Unsubscribe: the client's id of the subscription it ends. */
  uint64_t unsubscribes;
} forwarded;

/* A session a MOVED answer sent elsewhere, and the peer it went to. */
typedef struct route {
  struct route *next;
  char *session;
  curtain_client *peer;
} route;

/* One message on its way to the socket: varint length and payload. */
typedef struct write_request {
  uv_write_t request;
  curtain_client *client;
  size_t length;
  uint8_t bytes[];
} write_request;

struct curtain_client {
  uv_loop_t *loop;
  union {
    uv_handle_t handle;
    uv_stream_t stream;
    uv_pipe_t pipe;
    uv_tcp_t tcp;
  } io;
  bool tcp;
  bool handle_open;
  uv_connect_t connect_request;
  uv_getaddrinfo_t resolve_request;
  bool resolving;
  uv_shutdown_t shutdown_request;
  /* Bounds the flush of `curtain_close` when the daemon stops reading. */
  uv_timer_t flush_timer;
  bool flush_timer_open;
  struct addrinfo *addresses;
  struct addrinfo *next_address;
  /* "path" or "host:port", for messages. */
  char *endpoint;
  char *last_connect_error;

  char *client_name;
  char *token;
  char *session;
  char **capabilities;
  size_t capability_count;
  curtain_callbacks callbacks;
  void *user;

  curtain_decoder decoder;
  pending_request *head;
  pending_request *tail;
  uint64_t next_id;
  uint64_t hello_id;
  Curtain__V1__ServerMessage *welcome_message;

  client_state state;
  int close_status;
  char *close_message;
  unsigned outstanding;
  bool finished;
  /* The delegates registered with curtain_set_delegate (delegates.c). */
  curtain_registration *registrations;
  /* The calls answered with a remote animator (delegates.c). */
  curtain_animator *animators;
  /* Why the last call that records errors failed (curtain_last_error). */
  char last_error[256];

  /* Cluster mode. A peer: the client that opened it to follow MOVED (NULL
   * for a client the user made), and the address it was opened for. */
  curtain_client *origin;
  char *peer_address;
  /* A peer: the forwarded requests waiting for its Welcome. */
  forwarded *waiting;
  forwarded *waiting_tail;
  /* An origin: its open peers (linked by `next_peer`) and its routes. */
  curtain_client *peers;
  curtain_client *next_peer;
  route *routes;
  /* An origin: the subscriptions made through its peers, and the last id
   * it handed out (from CURTAIN_PEER_SUBSCRIPTION_BASE). */
  peer_subscription *subscriptions;
  uint64_t last_subscription_id;
  /* An origin, while `on_goodbye` runs for a peer's goodbye: that peer. */
  curtain_client *goodbye_peer;
  uint8_t read_buffer[READ_BUFFER_BYTES];
};

static void client_fail(curtain_client *client, int status, const char *format, ...)
    __attribute__((format(printf, 3, 4)));
static void try_next_address(curtain_client *client);
static void client_maybe_finish(curtain_client *client);
static bool follow_moved(curtain_client *origin, forwarded *request,
                         const Curtain__V1__Response *response);
static forwarded *forwarded_new(curtain_client *origin, uint64_t origin_id,
                                Curtain__V1__Request__BodyCase body_case,
                                curtain_response_cb callback, void *data);
static void forwarded_free(forwarded *request);

const char *curtain_strerror(int status) {
  switch (status) {
  case CURTAIN_OK:
    return "success";
  case CURTAIN_E_INVALID:
    return "invalid argument";
  case CURTAIN_E_NOMEM:
    return "out of memory";
  case CURTAIN_E_STATE:
    return "the client is not ready or is closing";
  case CURTAIN_E_IO:
    return "socket error";
  case CURTAIN_E_FRAMING:
    return "malformed length prefix from the daemon";
  case CURTAIN_E_TOO_LARGE:
    return "message from the daemon over the size limit";
  case CURTAIN_E_DECODE:
    return "undecodable message from the daemon";
  case CURTAIN_E_HANDSHAKE:
    return "the daemon refused the handshake";
  case CURTAIN_E_GOODBYE:
    return "the daemon said goodbye";
  case CURTAIN_E_EOF:
    return "connection closed by the daemon";
  case CURTAIN_E_CLOSED:
    return "connection closed by the client";
  default:
    return "unknown status";
  }
}

static char *copy_string(const char *text) {
  if (text == NULL) {
    return NULL;
  }
  size_t size = strlen(text) + 1;
  char *copy = malloc(size);
  if (copy != NULL) {
    memcpy(copy, text, size);
  }
  return copy;
}

/* A heap string from printf-style arguments; NULL when out of memory. */
static char *format_string(const char *format, va_list arguments) {
  va_list counting;
  va_copy(counting, arguments);
  int length = vsnprintf(NULL, 0, format, counting);
  va_end(counting);
  if (length < 0) {
    return NULL;
  }
  char *text = malloc((size_t)length + 1);
  if (text != NULL) {
    vsnprintf(text, (size_t)length + 1, format, arguments);
  }
  return text;
}

static char *string_with_format(const char *format, ...) __attribute__((format(printf, 1, 2)));
static char *string_with_format(const char *format, ...) {
  va_list arguments;
  va_start(arguments, format);
  char *text = format_string(format, arguments);
  va_end(arguments);
  return text;
}

static void client_free(curtain_client *client) {
  free(client->endpoint);
  free(client->last_connect_error);
  free(client->client_name);
  free(client->token);
  free(client->session);
  for (size_t index = 0; index < client->capability_count; index++) {
    free(client->capabilities[index]);
  }
  free(client->capabilities);
  if (client->addresses != NULL) {
    uv_freeaddrinfo(client->addresses);
  }
  curtain_decoder_free(&client->decoder);
  if (client->welcome_message != NULL) {
    protobuf_c_message_free_unpacked(&client->welcome_message->base, NULL);
  }
  free(client->close_message);
  free(client->peer_address);
  while (client->routes != NULL) {
    route *gone = client->routes;
    client->routes = gone->next;
    free(gone->session);
    free(gone);
  }
  while (client->subscriptions != NULL) {
    peer_subscription *gone = client->subscriptions;
    client->subscriptions = gone->next;
    free(gone);
  }
  curtain_internal_free_registrations(client);
  free(client);
}

static void pending_free(pending_request *request) {
  free(request->bytes);
  free(request);
}

/* Makes a client in CONNECTING with copies of the options. */
static int client_new(uv_loop_t *loop, const curtain_options *options,
                      const curtain_callbacks *callbacks, void *user, curtain_client **out) {
  curtain_client *client = calloc(1, sizeof *client);
  if (client == NULL) {
    return CURTAIN_E_NOMEM;
  }
  client->loop = loop;
  client->user = user;
  client->next_id = 1;
  client->last_subscription_id = CURTAIN_PEER_SUBSCRIPTION_BASE;
  if (callbacks != NULL) {
    client->callbacks = *callbacks;
  }
  curtain_options defaults = {0};
  if (options == NULL) {
    options = &defaults;
  }
  bool failed = false;
  client->client_name = copy_string(options->client_name ? options->client_name : "libcurtain");
  failed |= client->client_name == NULL;
  if (options->token != NULL) {
    client->token = copy_string(options->token);
    failed |= client->token == NULL;
  }
  if (options->session != NULL && options->session[0] != '\0') {
    client->session = copy_string(options->session);
    failed |= client->session == NULL;
  }
  if (options->capability_count > 0) {
    if (options->capabilities == NULL) {
      client_free(client);
      return CURTAIN_E_INVALID;
    }
    client->capabilities = calloc(options->capability_count, sizeof(char *));
    failed |= client->capabilities == NULL;
    for (size_t index = 0; !failed && index < options->capability_count; index++) {
      if (options->capabilities[index] == NULL) {
        client_free(client);
        return CURTAIN_E_INVALID;
      }
      client->capabilities[index] = copy_string(options->capabilities[index]);
      client->capability_count = index + 1;
      failed |= client->capabilities[index] == NULL;
    }
  }
  if (failed) {
    client_free(client);
    return CURTAIN_E_NOMEM;
  }
  size_t limit =
      options->max_frame_bytes ? options->max_frame_bytes : CURTAIN_DEFAULT_MAX_FRAME_BYTES;
  curtain_decoder_init(&client->decoder, limit);
  *out = client;
  return CURTAIN_OK;
}

/* Answers unanswered requests, reports the close and frees the client, once
 * nothing of libuv refers to it. */
static void client_maybe_finish(curtain_client *client) {
  if (client->state != STATE_CLOSING || client->outstanding > 0 || client->finished) {
    return;
  }
  client->finished = true;
  while (client->head != NULL) {
    pending_request *request = client->head;
    client->head = request->next;
    if (request->callback != NULL) {
      request->callback(client, client->close_status, NULL, request->data);
    }
    pending_free(request);
  }
  client->tail = NULL;
  if (client->callbacks.on_close != NULL) {
    const char *message =
        client->close_message ? client->close_message : curtain_strerror(client->close_status);
    client->callbacks.on_close(client, client->close_status, message, client->user);
  }
  client_free(client);
}

static void on_handle_closed(uv_handle_t *handle) {
  curtain_client *client = handle->data;
  client->handle_open = false;
  client->outstanding--;
  if (client->state == STATE_CONNECTING) {
    /* A failed TCP attempt: try the next address on a fresh handle. */
    try_next_address(client);
    return;
  }
  client_maybe_finish(client);
}

static void close_handle(curtain_client *client) {
  if (client->handle_open && !uv_is_closing(&client->io.handle)) {
    uv_close(&client->io.handle, on_handle_closed);
  }
}

static void on_flush_timer_closed(uv_handle_t *handle) {
  curtain_client *client = handle->data;
  client->flush_timer_open = false;
  client->outstanding--;
  client_maybe_finish(client);
}

static void close_flush_timer(curtain_client *client) {
  if (client->flush_timer_open && !uv_is_closing((uv_handle_t *)&client->flush_timer)) {
    uv_close((uv_handle_t *)&client->flush_timer, on_flush_timer_closed);
  }
}

/* The flush took too long: close the socket, which cancels the shutdown. */
static void on_flush_timeout(uv_timer_t *timer) {
  curtain_client *client = timer->data;
  close_flush_timer(client);
  close_handle(client);
}

static void on_shutdown(uv_shutdown_t *request, int status) {
  (void)status;
  curtain_client *client = request->data;
  client->outstanding--;
  close_flush_timer(client);
  close_handle(client);
  client_maybe_finish(client);
}

/* Starts flushing what was written before closing; false when it cannot. */
static bool start_flush(curtain_client *client) {
  client->shutdown_request.data = client;
  if (uv_shutdown(&client->shutdown_request, &client->io.stream, on_shutdown) != 0) {
    return false;
  }
  client->outstanding++;
  if (uv_timer_init(client->loop, &client->flush_timer) == 0) {
    client->flush_timer.data = client;
    client->flush_timer_open = true;
    client->outstanding++;
    /* The loop's cached time may be old when this runs after long work. */
    uv_update_time(client->loop);
    uv_timer_start(&client->flush_timer, on_flush_timeout, FLUSH_TIMEOUT_MS, 0);
  }
  return true;
}

/* Ends the connection with `status`; the first reason wins. */
static void client_fail(curtain_client *client, int status, const char *format, ...) {
  if (client->state == STATE_CLOSING) {
    return;
  }
  bool connected = client->state == STATE_HANDSHAKE || client->state == STATE_READY;
  client->state = STATE_CLOSING;
  client->close_status = status;
  va_list arguments;
  va_start(arguments, format);
  client->close_message = format_string(format, arguments);
  va_end(arguments);
  if (client->resolving) {
    uv_cancel((uv_req_t *)&client->resolve_request);
  }
  if (client->handle_open && connected) {
    uv_read_stop(&client->io.stream);
  }
  /* The peers close with it (held meanwhile: the last one's end would
   * otherwise finish this client). */
  client->outstanding++;
  for (curtain_client *peer = client->peers, *next; peer != NULL; peer = next) {
    next = peer->next_peer;
    curtain_close(peer);
  }
  client->outstanding--;
  bool flushing =
      status == CURTAIN_E_CLOSED && connected && client->handle_open && start_flush(client);
  if (!flushing) {
    close_handle(client);
  }
  client_maybe_finish(client);
}

static void on_written(uv_write_t *request, int status) {
  write_request *write = (write_request *)request;
  curtain_client *client = write->client;
  free(write);
  client->outstanding--;
  if (status < 0 && status != UV_ECANCELED) {
    /* client_fail finishes the client when nothing else is outstanding. */
    client_fail(client, CURTAIN_E_IO, "write to %s: %s (%s)", client->endpoint, uv_strerror(status),
                uv_err_name(status));
    return;
  }
  client_maybe_finish(client);
}

/* Frames and queues one ClientMessage. */
static int send_message(curtain_client *client, const Curtain__V1__ClientMessage *message) {
  size_t size = protobuf_c_message_get_packed_size(&message->base);
  write_request *write = malloc(sizeof *write + CURTAIN_VARINT_MAX_BYTES + size);
  if (write == NULL) {
    return CURTAIN_E_NOMEM;
  }
  write->client = client;
  size_t prefix = curtain_varint_encode(size, write->bytes);
  protobuf_c_message_pack(&message->base, write->bytes + prefix);
  write->length = prefix + size;
  uv_buf_t buffer = uv_buf_init((char *)write->bytes, (unsigned)write->length);
  int result = uv_write(&write->request, &client->io.stream, &buffer, 1, on_written);
  if (result < 0) {
    free(write);
    client_fail(client, CURTAIN_E_IO, "write to %s: %s (%s)", client->endpoint, uv_strerror(result),
                uv_err_name(result));
    return CURTAIN_E_IO;
  }
  client->outstanding++;
  return CURTAIN_OK;
}

static int send_request(curtain_client *client, const Curtain__V1__Request *request) {
  Curtain__V1__ClientMessage message = CURTAIN__V1__CLIENT_MESSAGE__INIT;
  message.kind_case = CURTAIN__V1__CLIENT_MESSAGE__KIND_REQUEST;
  message.request = (Curtain__V1__Request *)request;
  return send_message(client, &message);
}

static void send_hello(curtain_client *client) {
  Curtain__V1__Hello hello = CURTAIN__V1__HELLO__INIT;
  hello.protocol_version = CURTAIN_PROTOCOL_VERSION;
  hello.client_name = client->client_name;
  if (client->token != NULL) {
    hello.token = client->token;
  }
  hello.n_capabilities = client->capability_count;
  hello.capabilities = client->capabilities;
  Curtain__V1__Request request = CURTAIN__V1__REQUEST__INIT;
  request.request_id = client->hello_id = client->next_id++;
  request.body_case = CURTAIN__V1__REQUEST__BODY_HELLO;
  request.hello = &hello;
  if (send_request(client, &request) == CURTAIN_E_NOMEM) {
    client_fail(client, CURTAIN_E_NOMEM, "out of memory sending Hello");
  }
}

/* The answer to Hello. Returns true when the message was kept. */
static bool handle_hello_answer(curtain_client *client, Curtain__V1__ServerMessage *message) {
  Curtain__V1__Response *response = message->response;
  if (response->result_case == CURTAIN__V1__RESPONSE__RESULT_WELCOME &&
      response->welcome->protocol_version != CURTAIN_PROTOCOL_VERSION) {
    client_fail(client, CURTAIN_E_HANDSHAKE,
                "the daemon agreed on protocol version %u; this library speaks version %d",
                response->welcome->protocol_version, CURTAIN_PROTOCOL_VERSION);
    return false;
  }
  if (response->result_case == CURTAIN__V1__RESPONSE__RESULT_WELCOME) {
    client->welcome_message = message;
    client->state = STATE_READY;
    if (client->callbacks.on_ready != NULL) {
      client->callbacks.on_ready(client, response->welcome, client->user);
    }
    return true;
  }
  if (response->result_case == CURTAIN__V1__RESPONSE__RESULT_ERROR) {
    client_fail(client, CURTAIN_E_HANDSHAKE, "%s: %s",
                curtain_error_code_name(response->error->code),
                response->error->message ? response->error->message : "");
  } else {
    client_fail(client, CURTAIN_E_DECODE, "the daemon answered Hello without a Welcome");
  }
  return false;
}

static void handle_response(curtain_client *client, const Curtain__V1__Response *response) {
  pending_request *previous = NULL;
  pending_request *request = client->head;
  while (request != NULL && request->id != response->request_id) {
    previous = request;
    request = request->next;
  }
  if (request == NULL) {
    if (client->callbacks.on_unmatched != NULL) {
      client->callbacks.on_unmatched(client, response, client->user);
    }
    return;
  }
  if (previous == NULL) {
    client->head = request->next;
  } else {
    previous->next = request->next;
  }
  if (client->tail == request) {
    client->tail = previous;
  }
  if (request->bytes != NULL && response->result_case == CURTAIN__V1__RESPONSE__RESULT_ERROR &&
      response->error->code == CURTAIN__V1__ERROR_CODE__ERROR_CODE_MOVED) {
    forwarded *again =
        forwarded_new(client, request->id, request->body_case, request->callback, request->data);
    if (again != NULL) {
      again->bytes = request->bytes;
      again->length = request->length;
      if (follow_moved(client, again, response)) {
        free(request);
        return;
      }
      again->bytes = NULL;
      again->callback = NULL;
      forwarded_free(again);
    }
  }
  if (request->callback != NULL) {
    request->callback(client, CURTAIN_OK, response, request->data);
  }
  pending_free(request);
}

static void handle_goodbye(curtain_client *client, const Curtain__V1__Goodbye *goodbye) {
  const char *text = goodbye->message ? goodbye->message : "";
  curtain_client *origin = client->origin;
  if (origin != NULL) {
    /* A peer closes before the user hears of its goodbye, so that what the
     * user sends from `on_goodbye` (a Subscribe again, say) goes through
     * the client rather than to this peer; `peer_closed` reports the end
     * itself later. */
    client_fail(client, CURTAIN_E_GOODBYE, "%s%s%s", curtain_goodbye_reason_name(goodbye->reason),
                text[0] ? ": " : "", text);
    if (origin->state != STATE_CLOSING && origin->callbacks.on_goodbye != NULL) {
      origin->goodbye_peer = client;
      origin->callbacks.on_goodbye(origin, goodbye, origin->user);
      origin->goodbye_peer = NULL;
    }
    return;
  }
  if (client->callbacks.on_goodbye != NULL) {
    client->callbacks.on_goodbye(client, goodbye, client->user);
  }
  client_fail(client, CURTAIN_E_GOODBYE, "%s%s%s", curtain_goodbye_reason_name(goodbye->reason),
              text[0] ? ": " : "", text);
}

/* Decodes and delivers one payload from the daemon. */
static void dispatch(curtain_client *client, const uint8_t *payload, size_t length) {
  Curtain__V1__ServerMessage *message = curtain__v1__server_message__unpack(NULL, length, payload);
  if (message == NULL) {
    client_fail(client, CURTAIN_E_DECODE,
                "a message of %zu bytes from %s does not decode as a ServerMessage", length,
                client->endpoint);
    return;
  }
  bool kept = false;
  /* A peer's delegate calls, REPLACED notices and AnimateTransitions go to
   * the registrations of the client that opened it (the user's). */
  curtain_client *owner = client->origin != NULL ? client->origin : client;
  switch (message->kind_case) {
  case CURTAIN__V1__SERVER_MESSAGE__KIND_RESPONSE:
    if (client->state == STATE_HANDSHAKE && message->response->request_id == client->hello_id) {
      kept = handle_hello_answer(client, message);
    } else {
      handle_response(client, message->response);
    }
    break;
  case CURTAIN__V1__SERVER_MESSAGE__KIND_EVENT:
    curtain_internal_delegate_event(owner, message->event);
    if (client->callbacks.on_event != NULL && client->state != STATE_CLOSING) {
      client->callbacks.on_event(client, message->event, client->user);
    }
    break;
  case CURTAIN__V1__SERVER_MESSAGE__KIND_FRAME:
    if (client->callbacks.on_frame != NULL) {
      client->callbacks.on_frame(client, message->frame, client->user);
    }
    break;
  case CURTAIN__V1__SERVER_MESSAGE__KIND_GOODBYE:
    handle_goodbye(client, message->goodbye);
    break;
  case CURTAIN__V1__SERVER_MESSAGE__KIND_DELEGATE_CALL:
    if (client->state == STATE_READY && owner->state == STATE_READY) {
      curtain_internal_delegate_call(owner, message->delegate_call);
    }
    break;
  case CURTAIN__V1__SERVER_MESSAGE__KIND_ANIMATE_TRANSITION:
    if (client->state == STATE_READY && owner->state == STATE_READY) {
      curtain_internal_animate_transition(owner, message->animate_transition);
    }
    break;
  default:
    /* A kind added by a later protocol version: ignored. */
    break;
  }
  if (!kept) {
    protobuf_c_message_free_unpacked(&message->base, NULL);
  }
}

static void on_alloc(uv_handle_t *handle, size_t suggested, uv_buf_t *buffer) {
  (void)suggested;
  curtain_client *client = handle->data;
  *buffer = uv_buf_init((char *)client->read_buffer, sizeof client->read_buffer);
}

static void on_read(uv_stream_t *stream, ssize_t count, const uv_buf_t *buffer) {
  (void)buffer;
  curtain_client *client = stream->data;
  if (count == 0 || client->state == STATE_CLOSING) {
    return;
  }
  if (count == UV_EOF) {
    client_fail(client, CURTAIN_E_EOF, "%s closed the connection without a goodbye",
                client->endpoint);
    return;
  }
  if (count < 0) {
    client_fail(client, CURTAIN_E_IO, "read from %s: %s (%s)", client->endpoint,
                uv_strerror((int)count), uv_err_name((int)count));
    return;
  }
  if (curtain_decoder_feed(&client->decoder, client->read_buffer, (size_t)count) != CURTAIN_OK) {
    client_fail(client, CURTAIN_E_NOMEM, "out of memory buffering a message");
    return;
  }
  while (client->state != STATE_CLOSING) {
    const uint8_t *payload;
    size_t length;
    int result = curtain_decoder_next(&client->decoder, &payload, &length);
    if (result == 0) {
      break;
    }
    if (result == CURTAIN_E_TOO_LARGE) {
      client_fail(client, result, "%s announced a message of %llu bytes, over the limit of %zu",
                  client->endpoint,
                  (unsigned long long)curtain_decoder_failed_length(&client->decoder),
                  client->decoder.max_frame_bytes);
      break;
    }
    if (result < 0) {
      client_fail(client, result, "malformed varint length prefix from %s", client->endpoint);
      break;
    }
    dispatch(client, payload, length);
  }
}

static void on_connected(uv_connect_t *request, int status) {
  curtain_client *client = request->data;
  client->outstanding--;
  if (client->state == STATE_CLOSING) {
    client_maybe_finish(client);
    return;
  }
  if (status < 0) {
    free(client->last_connect_error);
    client->last_connect_error =
        string_with_format("%s (%s)", uv_strerror(status), uv_err_name(status));
    if (client->tcp && client->next_address != NULL) {
      uv_close(&client->io.handle, on_handle_closed);
      return;
    }
    client_fail(client, CURTAIN_E_IO, "connect to %s: %s", client->endpoint,
                client->last_connect_error ? client->last_connect_error : uv_strerror(status));
    return;
  }
  if (client->addresses != NULL) {
    uv_freeaddrinfo(client->addresses);
    client->addresses = NULL;
    client->next_address = NULL;
  }
  client->state = STATE_HANDSHAKE;
  int result = uv_read_start(&client->io.stream, on_alloc, on_read);
  if (result < 0) {
    client_fail(client, CURTAIN_E_IO, "read from %s: %s (%s)", client->endpoint,
                uv_strerror(result), uv_err_name(result));
    return;
  }
  send_hello(client);
}

static void try_next_address(curtain_client *client) {
  struct addrinfo *address = client->next_address;
  if (address == NULL) {
    client_fail(client, CURTAIN_E_IO, "connect to %s: %s", client->endpoint,
                client->last_connect_error ? client->last_connect_error : "no address");
    return;
  }
  client->next_address = address->ai_next;
  int result = uv_tcp_init(client->loop, &client->io.tcp);
  if (result < 0) {
    client_fail(client, CURTAIN_E_IO, "socket for %s: %s", client->endpoint, uv_strerror(result));
    return;
  }
  client->io.handle.data = client;
  client->handle_open = true;
  client->outstanding++;
  client->connect_request.data = client;
  result =
      uv_tcp_connect(&client->connect_request, &client->io.tcp, address->ai_addr, on_connected);
  if (result < 0) {
    free(client->last_connect_error);
    client->last_connect_error =
        string_with_format("%s (%s)", uv_strerror(result), uv_err_name(result));
    uv_close(&client->io.handle, on_handle_closed);
    return;
  }
  client->outstanding++;
}

static void on_resolved(uv_getaddrinfo_t *request, int status, struct addrinfo *addresses) {
  curtain_client *client = request->data;
  client->resolving = false;
  client->outstanding--;
  if (client->state == STATE_CLOSING) {
    if (addresses != NULL) {
      uv_freeaddrinfo(addresses);
    }
    client_maybe_finish(client);
    return;
  }
  if (status < 0) {
    client_fail(client, CURTAIN_E_IO, "resolve %s: %s", client->endpoint, uv_strerror(status));
    return;
  }
  client->addresses = addresses;
  client->next_address = addresses;
  try_next_address(client);
}

int curtain_connect_unix(uv_loop_t *loop, const char *path, const curtain_options *options,
                         const curtain_callbacks *callbacks, void *user, curtain_client **out) {
  if (loop == NULL || path == NULL || out == NULL || path[0] == '\0' ||
      strlen(path) >= sizeof(((struct sockaddr_un *)0)->sun_path)) {
    return CURTAIN_E_INVALID;
  }
  curtain_client *client;
  int result = client_new(loop, options, callbacks, user, &client);
  if (result != CURTAIN_OK) {
    return result;
  }
  client->endpoint = copy_string(path);
  if (client->endpoint == NULL) {
    client_free(client);
    return CURTAIN_E_NOMEM;
  }
  result = uv_pipe_init(loop, &client->io.pipe, 0);
  if (result < 0) {
    client_free(client);
    return CURTAIN_E_IO;
  }
  client->io.handle.data = client;
  client->handle_open = true;
  client->outstanding++;
  client->connect_request.data = client;
  uv_pipe_connect(&client->connect_request, &client->io.pipe, path, on_connected);
  client->outstanding++;
  *out = client;
  return CURTAIN_OK;
}

int curtain_connect_tcp(uv_loop_t *loop, const char *host, uint16_t port,
                        const curtain_options *options, const curtain_callbacks *callbacks,
                        void *user, curtain_client **out) {
  if (loop == NULL || host == NULL || host[0] == '\0' || port == 0 || out == NULL) {
    return CURTAIN_E_INVALID;
  }
  curtain_client *client;
  int result = client_new(loop, options, callbacks, user, &client);
  if (result != CURTAIN_OK) {
    return result;
  }
  client->tcp = true;
  client->endpoint = strchr(host, ':') != NULL ? string_with_format("[%s]:%u", host, port)
                                               : string_with_format("%s:%u", host, port);
  if (client->endpoint == NULL) {
    client_free(client);
    return CURTAIN_E_NOMEM;
  }
  char service[8];
  snprintf(service, sizeof service, "%u", port);
  struct addrinfo hints;
  memset(&hints, 0, sizeof hints);
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_NUMERICSERV;
  client->resolve_request.data = client;
  result = uv_getaddrinfo(loop, &client->resolve_request, on_resolved, host, service, &hints);
  if (result < 0) {
    client_free(client);
    return CURTAIN_E_IO;
  }
  client->resolving = true;
  client->outstanding++;
  *out = client;
  return CURTAIN_OK;
}

/* A port of CurtainClient.Endpoint(address:)
 * (Sources/CurtainWire/Client/CurtainClient+Address.swift): change them together. */
int curtain_parse_address(const char *address, char *host, uint16_t *port) {
  if (address == NULL || address[0] == '\0' || host == NULL || port == NULL) {
    return CURTAIN_E_INVALID;
  }
  const char *rest;
  if (strncmp(address, "tcp://", 6) == 0) {
    rest = address + 6;
  } else if (strncmp(address, "tcp:", 4) == 0) {
    rest = address + 4;
  } else {
    return 0;
  }
  const char *host_start = rest;
  const char *host_end;
  const char *digits;
  if (rest[0] == '[') {
    host_start = rest + 1;
    host_end = strchr(host_start, ']');
    if (host_end == NULL || host_end[1] != ':') {
      return CURTAIN_E_INVALID;
    }
    digits = host_end + 2;
  } else {
    host_end = strrchr(rest, ':');
    if (host_end == NULL) {
      return CURTAIN_E_INVALID;
    }
    digits = host_end + 1;
  }
  size_t host_length = (size_t)(host_end - host_start);
  if (host_length == 0 || host_length >= CURTAIN_HOST_MAX || digits[0] == '\0') {
    return CURTAIN_E_INVALID;
  }
  unsigned long value = 0;
  for (const char *digit = digits; *digit != '\0'; digit++) {
    if (*digit < '0' || *digit > '9' || value > 65535) {
      return CURTAIN_E_INVALID;
    }
    value = value * 10 + (unsigned long)(*digit - '0');
  }
  if (value == 0 || value > 65535) {
    return CURTAIN_E_INVALID;
  }
  memcpy(host, host_start, host_length);
  host[host_length] = '\0';
  *port = (uint16_t)value;
  return 1;
}

int curtain_connect(uv_loop_t *loop, const char *address, const curtain_options *options,
                    const curtain_callbacks *callbacks, void *user, curtain_client **out) {
  char fallback[PATH_MAX];
  if (address == NULL) {
    if (curtain_default_socket_path(fallback, sizeof fallback) != CURTAIN_OK) {
      return CURTAIN_E_INVALID;
    }
    address = fallback;
  }
  char host[CURTAIN_HOST_MAX];
  uint16_t port = 0;
  int kind = curtain_parse_address(address, host, &port);
  if (kind < 0) {
    return kind;
  }
  if (kind == 0) {
    return curtain_connect_unix(loop, address, options, callbacks, user, out);
  }
  curtain_options with_token = {0};
  if (options != NULL) {
    with_token = *options;
  }
  if (with_token.token == NULL) {
    with_token.token = getenv("CURTAIN_TOKEN");
  }
  return curtain_connect_tcp(loop, host, port, &with_token, callbacks, user, out);
}

/* A port of Sources/CurtainWire/SocketRule.swift, tested against the same cases
 * (Tests/Fixtures/socket-rule-cases.json, tests/test_socket_rule.c): change them together. */
int curtain_socket_rule_path(const char *curtain_socket, const char *runtime_dir, uint32_t uid,
                             const char *name, char *out, size_t size) {
  if (name == NULL || out == NULL || size == 0) {
    return CURTAIN_E_INVALID;
  }
  int length;
  if (curtain_socket != NULL && curtain_socket[0] != '\0') {
    length = snprintf(out, size, "%s", curtain_socket);
  } else if (runtime_dir != NULL && runtime_dir[0] == '/') {
    size_t base = strlen(runtime_dir);
    if (runtime_dir[base - 1] == '/') {
      base--;
    }
    if (base > INT_MAX) {
      return CURTAIN_E_INVALID;
    }
    length = snprintf(out, size, "%.*s/curtain/%s.sock", (int)base, runtime_dir, name);
  } else {
    length = snprintf(out, size, "/tmp/curtain-%lu/%s.sock", (unsigned long)uid, name);
  }
  return length < 0 || (size_t)length >= size ? CURTAIN_E_INVALID : CURTAIN_OK;
}

int curtain_default_socket_path(char *out, size_t size) {
  return curtain_socket_rule_path(getenv("CURTAIN_SOCKET"), getenv("XDG_RUNTIME_DIR"),
                                  (uint32_t)getuid(), "default", out, size);
}

/* ------------------------------------------------------------------------ */
/* Cluster mode: following MOVED                                            */
/* ------------------------------------------------------------------------ */

/*
 * A request answered MOVED is sent again on a peer: a client of this file
 * opened to the address the answer names, whose `origin` is the client the
 * user made. The origin keeps its peers, and routes each session a MOVED
 * sent elsewhere to its peer, so that later requests for it go straight
 * there (`forwarded` records carry them and give the answers to the user's
 * callbacks with the origin's ids).
 *
 * What the user makes through a peer must behave as on the origin:
 *
 * - Subscriptions. Each daemon counts its subscription ids from 1, so a
 *   peer's ids may be the origin's too. The origin hands out ids of its
 *   own above CURTAIN_PEER_SUBSCRIPTION_BASE for the subscriptions its
 *   peers answer (`peer_subscription`), shows them in the Subscribe
 *   response and the events, and translates them back for FrameAck and
 *   Unsubscribe, which go to the subscription's peer.
 * - Delegates. A peer's DelegateCalls, AnimateTransitions and REPLACED
 *   notices are handed to the origin's registrations (`dispatch`); the
 *   answers are the origin's requests of the call's session, routed to the
 *   peer they came from.
 * - The end of a peer. A peer's goodbye closes it at once (its routes no
 *   longer apply) and then reaches the origin's `on_goodbye`; whatever
 *   ended it, `peer_closed` fails what waited for it, drops its routes and
 *   subscriptions, and tells `on_peer_close` which subscriptions ended.
 */

/* The session a request is routed by, as the daemon decides it (NULL: it
 * addresses the node); `request->session` is already filled in. */
static const char *routed_session(const Curtain__V1__Request *request) {
  switch (request->body_case) {
  case CURTAIN__V1__REQUEST__BODY_HELLO:
  case CURTAIN__V1__REQUEST__BODY_SYNC:
  case CURTAIN__V1__REQUEST__BODY_GET_STATUS:
  case CURTAIN__V1__REQUEST__BODY_GET_METRICS:
  case CURTAIN__V1__REQUEST__BODY_LIST_SESSIONS:
  case CURTAIN__V1__REQUEST__BODY_LIST_NODES:
  case CURTAIN__V1__REQUEST__BODY_SHUTDOWN:
  case CURTAIN__V1__REQUEST__BODY_UNSUBSCRIBE:
    return NULL;
  case CURTAIN__V1__REQUEST__BODY_KILL_SESSION:
    return request->kill_session != NULL ? request->kill_session->name : NULL;
  case CURTAIN__V1__REQUEST__BODY_MOVE_SESSION:
    return request->move_session != NULL ? request->move_session->name : NULL;
  case CURTAIN__V1__REQUEST__BODY_IMPORT_SESSION:
    return request->session != NULL && request->session[0] != '\0' ? request->session : NULL;
  default:
    return request->session != NULL && request->session[0] != '\0' ? request->session : "default";
  }
}

static const char *error_detail(const Curtain__V1__Error *error, const char *key) {
  for (size_t index = 0; index < error->n_details; index++) {
    if (error->details[index]->key != NULL && strcmp(error->details[index]->key, key) == 0) {
      return error->details[index]->value;
    }
  }
  return NULL;
}

/* The open peer a session is routed to, or NULL. */
static curtain_client *route_peer(const curtain_client *client, const char *session) {
  for (route *entry = client->routes; entry != NULL; entry = entry->next) {
    if (strcmp(entry->session, session) == 0) {
      return entry->peer->state == STATE_CLOSING ? NULL : entry->peer;
    }
  }
  return NULL;
}

static bool set_route(curtain_client *client, const char *session, curtain_client *peer) {
  for (route *entry = client->routes; entry != NULL; entry = entry->next) {
    if (strcmp(entry->session, session) == 0) {
      entry->peer = peer;
      return true;
    }
  }
  route *entry = malloc(sizeof *entry);
  char *name = copy_string(session);
  if (entry == NULL || name == NULL) {
    free(entry);
    free(name);
    return false;
  }
  *entry = (route){.next = client->routes, .session = name, .peer = peer};
  client->routes = entry;
  return true;
}

/* A forwarded request on behalf of `origin` (its callback gets the id
 * `origin_id`); a Subscribe gets the record of its subscription now. NULL
 * when out of memory. */
static forwarded *forwarded_new(curtain_client *origin, uint64_t origin_id,
                                Curtain__V1__Request__BodyCase body_case,
                                curtain_response_cb callback, void *data) {
  forwarded *request = calloc(1, sizeof *request);
  if (request == NULL) {
    return NULL;
  }
  *request =
      (forwarded){.origin = origin, .origin_id = origin_id, .callback = callback, .data = data};
  if (body_case == CURTAIN__V1__REQUEST__BODY_SUBSCRIBE) {
    request->subscription = calloc(1, sizeof *request->subscription);
    if (request->subscription == NULL) {
      free(request);
      return NULL;
    }
  }
  return request;
}

static void forwarded_free(forwarded *request) {
  free(request->bytes);
  if (request->moved != NULL) {
    protobuf_c_message_free_unpacked(&request->moved->base, NULL);
  }
  free(request->subscription);
  free(request);
}

/* Gives the user the answer of a forwarded request (with the id the user
 * was given, and `subscription_id`, when not 0, as the id of the
 * subscription it made) and frees it. */
static void forwarded_answer(forwarded *request, int status, const Curtain__V1__Response *response,
                             uint64_t subscription_id) {
  if (request->callback != NULL) {
    if (response != NULL) {
      /* Only the ids change, for the callback's time. */
      Curtain__V1__Response *shown = (Curtain__V1__Response *)response;
      uint64_t id = shown->request_id;
      shown->request_id = request->origin_id;
      Curtain__V1__SubscribeResult *subscribed =
          subscription_id != 0 && shown->result_case == CURTAIN__V1__RESPONSE__RESULT_SUBSCRIBED
              ? shown->subscribed
              : NULL;
      uint64_t remote_id = subscribed != NULL ? subscribed->subscription_id : 0;
      if (subscribed != NULL) {
        subscribed->subscription_id = subscription_id;
      }
      request->callback(request->origin, status, shown, request->data);
      shown->request_id = id;
      if (subscribed != NULL) {
        subscribed->subscription_id = remote_id;
      }
    } else {
      request->callback(request->origin, status, NULL, request->data);
    }
  }
  forwarded_free(request);
}

/* A forwarded request that could not be sent: its last MOVED answer, else
 * `status`. */
static void forwarded_unsent(forwarded *request, int status) {
  if (request->moved != NULL) {
    forwarded_answer(request, CURTAIN_OK, request->moved, 0);
  } else {
    forwarded_answer(request, status, NULL, 0);
  }
}

/* The subscription the client knows by `id` (a peer's), or NULL. */
static peer_subscription *subscription_by_id(const curtain_client *origin, uint64_t id) {
  for (peer_subscription *entry = origin->subscriptions; entry != NULL; entry = entry->next) {
    if (entry->id == id) {
      return entry;
    }
  }
  return NULL;
}

/* The subscription `peer` knows by `remote_id`, or NULL. */
static peer_subscription *subscription_of_peer(const curtain_client *origin,
                                               const curtain_client *peer, uint64_t remote_id) {
  for (peer_subscription *entry = origin->subscriptions; entry != NULL; entry = entry->next) {
    if (entry->peer == peer && entry->remote_id == remote_id) {
      return entry;
    }
  }
  return NULL;
}

/* Forgets the subscription the client knows by `id`. */
static void forget_subscription(curtain_client *origin, uint64_t id) {
  for (peer_subscription **link = &origin->subscriptions; *link != NULL; link = &(*link)->next) {
    peer_subscription *entry = *link;
    if (entry->id == id) {
      *link = entry->next;
      free(entry);
      return;
    }
  }
}

static void forwarded_answered(curtain_client *peer, int status,
                               const Curtain__V1__Response *response, void *data) {
  forwarded *request = data;
  curtain_client *origin = request->origin;
  if (status == CURTAIN_OK && response->result_case == CURTAIN__V1__RESPONSE__RESULT_ERROR &&
      response->error->code == CURTAIN__V1__ERROR_CODE__ERROR_CODE_MOVED &&
      follow_moved(origin, request, response)) {
    return;
  }
  if (status == CURTAIN_OK && request->subscription != NULL &&
      response->result_case == CURTAIN__V1__RESPONSE__RESULT_SUBSCRIBED) {
    /* The subscription lives on `peer`: the user gets an id of the
     * client's own. */
    peer_subscription *entry = request->subscription;
    request->subscription = NULL;
    *entry = (peer_subscription){.next = origin->subscriptions,
                                 .id = ++origin->last_subscription_id,
                                 .peer = peer,
                                 .remote_id = response->subscribed->subscription_id};
    origin->subscriptions = entry;
    forwarded_answer(request, status, response, entry->id);
    return;
  }
  if (status == CURTAIN_OK && request->unsubscribes != 0 &&
      (response->result_case != CURTAIN__V1__RESPONSE__RESULT_ERROR ||
       response->error->code == CURTAIN__V1__ERROR_CODE__ERROR_CODE_NOT_FOUND)) {
    /* Ended, or already gone on the peer. */
    forget_subscription(origin, request->unsubscribes);
  }
  forwarded_answer(request, status, response, 0);
}

/* Sends a forwarded request on a ready peer. */
static int forwarded_send(curtain_client *peer, forwarded *request) {
  Curtain__V1__Request *message =
      curtain__v1__request__unpack(NULL, request->length, request->bytes);
  if (message == NULL) {
    return CURTAIN_E_NOMEM;
  }
  message->request_id = 0;
  int result = curtain_request(peer, message, forwarded_answered, request, NULL);
  protobuf_c_message_free_unpacked(&message->base, NULL);
  return result;
}

/* Sends a forwarded request now if the peer is ready, else once it is. */
static void forwarded_queue(curtain_client *peer, forwarded *request) {
  if (peer->state == STATE_READY) {
    int result = forwarded_send(peer, request);
    if (result != CURTAIN_OK) {
      forwarded_unsent(request, result);
    }
    return;
  }
  request->next = NULL;
  if (peer->waiting_tail == NULL) {
    peer->waiting = request;
  } else {
    peer->waiting_tail->next = request;
  }
  peer->waiting_tail = request;
}

static void peer_ready(curtain_client *peer, const Curtain__V1__Welcome *welcome, void *user) {
  (void)welcome;
  (void)user;
  while (peer->waiting != NULL && peer->state == STATE_READY) {
    forwarded *request = peer->waiting;
    peer->waiting = request->next;
    if (peer->waiting == NULL) {
      peer->waiting_tail = NULL;
    }
    int result = forwarded_send(peer, request);
    if (result != CURTAIN_OK) {
      forwarded_unsent(request, result);
    }
  }
}

/* An event of a peer: the user sees it with the client's id of its
 * subscription (a notice, id 0, stays 0). */
static void peer_event(curtain_client *peer, const Curtain__V1__Event *event, void *user) {
  curtain_client *origin = user;
  if (origin->callbacks.on_event == NULL || origin->state == STATE_CLOSING) {
    return;
  }
  Curtain__V1__Event *shown = (Curtain__V1__Event *)event;
  uint64_t remote_id = shown->subscription_id;
  if (remote_id != 0) {
    const peer_subscription *entry = subscription_of_peer(origin, peer, remote_id);
    if (entry == NULL) {
      /* Not one of the user's: every Subscribe sent to a peer is recorded
       * when its answer arrives, before its events, and forgotten once its
       * Unsubscribe is answered, after its last event. */
      return;
    }
    shown->subscription_id = entry->id;
  }
  origin->callbacks.on_event(origin, shown, origin->user);
  shown->subscription_id = remote_id;
}

static void peer_frame(curtain_client *peer, const Curtain__V1__Frame *frame, void *user) {
  (void)peer;
  curtain_client *origin = user;
  if (origin->callbacks.on_frame != NULL && origin->state != STATE_CLOSING) {
    origin->callbacks.on_frame(origin, frame, origin->user);
  }
}

/* A peer is over: its routes go, what waited for it gets its last MOVED
 * answer (or the peer's status), its subscriptions end, the user hears of
 * it (`on_peer_close`, unless the origin is closing) and the origin may
 * finish. */
static void peer_closed(curtain_client *peer, int status, const char *message, void *user) {
  curtain_client *origin = user;
  for (curtain_client **link = &origin->peers; *link != NULL; link = &(*link)->next_peer) {
    if (*link == peer) {
      *link = peer->next_peer;
      break;
    }
  }
  for (route **link = &origin->routes; *link != NULL;) {
    route *entry = *link;
    if (entry->peer == peer) {
      *link = entry->next;
      free(entry->session);
      free(entry);
    } else {
      link = &entry->next;
    }
  }
  while (peer->waiting != NULL) {
    forwarded *request = peer->waiting;
    peer->waiting = request->next;
    forwarded_unsent(request, status);
  }
  peer->waiting_tail = NULL;
  /* The subscriptions it carried, oldest first (the list is newest first). */
  size_t count = 0;
  for (const peer_subscription *entry = origin->subscriptions; entry != NULL; entry = entry->next) {
    count += entry->peer == peer;
  }
  uint64_t *ended = count > 0 ? malloc(count * sizeof *ended) : NULL;
  size_t index = count;
  for (peer_subscription **link = &origin->subscriptions; *link != NULL;) {
    peer_subscription *entry = *link;
    if (entry->peer == peer) {
      if (ended != NULL) {
        ended[--index] = entry->id;
      }
      *link = entry->next;
      free(entry);
    } else {
      link = &entry->next;
    }
  }
  if (origin->state != STATE_CLOSING && origin->callbacks.on_peer_close != NULL) {
    /* Out of memory, the ids cannot be listed (the subscriptions ended all
     * the same). */
    origin->callbacks.on_peer_close(origin, peer->peer_address, status, message, ended,
                                    ended != NULL ? count : 0, origin->user);
  }
  free(ended);
  origin->outstanding--;
  client_maybe_finish(origin);
}

static const curtain_callbacks peer_callbacks = {
    .on_ready = peer_ready,
    .on_event = peer_event,
    .on_frame = peer_frame,
    .on_close = peer_closed,
};

/* The peer for `address` (a MOVED's), opened with the origin's options if
 * there is none; NULL when it cannot be made. */
static curtain_client *peer_for(curtain_client *origin, const char *address) {
  for (curtain_client *peer = origin->peers; peer != NULL; peer = peer->next_peer) {
    if (peer->state != STATE_CLOSING && strcmp(peer->peer_address, address) == 0) {
      return peer;
    }
  }
  char host[CURTAIN_HOST_MAX];
  uint16_t port = 0;
  char *copy = copy_string(address);
  if (copy == NULL || curtain_parse_address(address, host, &port) != 1) {
    free(copy);
    return NULL;
  }
  curtain_options options = {
      .client_name = origin->client_name,
      .token = origin->token,
      .capabilities = (const char *const *)origin->capabilities,
      .capability_count = origin->capability_count,
      .session = origin->session,
      .max_frame_bytes = origin->decoder.max_frame_bytes,
  };
  curtain_client *peer;
  if (curtain_connect_tcp(origin->loop, host, port, &options, &peer_callbacks, origin, &peer) !=
      CURTAIN_OK) {
    free(copy);
    return NULL;
  }
  peer->origin = origin;
  peer->peer_address = copy;
  peer->next_peer = origin->peers;
  origin->peers = peer;
  origin->outstanding++;
  return peer;
}

/* Follows a MOVED answer to `request`: sends it again to the node the
 * answer names (through a peer, opened if need be) and routes the session
 * there. False, leaving `request` to the caller, when it cannot: after
 * MAX_MOVED_HOPS, for an address that is not tcp://HOST:PORT, out of
 * memory, or once the origin is closing. */
static bool follow_moved(curtain_client *origin, forwarded *request,
                         const Curtain__V1__Response *response) {
  const char *address = error_detail(response->error, "address");
  const char *session = error_detail(response->error, "session");
  if (origin->state == STATE_CLOSING || request->hops >= MAX_MOVED_HOPS || address == NULL ||
      session == NULL) {
    return false;
  }
  Curtain__V1__Response *moved = (Curtain__V1__Response *)curtain_message_copy(&response->base);
  if (moved == NULL) {
    return false;
  }
  curtain_client *peer = peer_for(origin, address);
  if (peer == NULL || !set_route(origin, session, peer)) {
    protobuf_c_message_free_unpacked(&moved->base, NULL);
    return false;
  }
  if (request->moved != NULL) {
    protobuf_c_message_free_unpacked(&request->moved->base, NULL);
  }
  request->moved = moved;
  request->hops++;
  forwarded_queue(peer, request);
  return true;
}

/* Packs `request` for sending again; false when out of memory. */
static bool pack_copy(const Curtain__V1__Request *request, uint8_t **bytes, size_t *length) {
  *length = protobuf_c_message_get_packed_size(&request->base);
  *bytes = malloc(*length ? *length : 1);
  if (*bytes == NULL) {
    return false;
  }
  protobuf_c_message_pack(&request->base, *bytes);
  return true;
}

/* Sends a request to `peer` on behalf of the client: one for a session
 * routed there, or an Unsubscribe of the subscription the client knows by
 * `unsubscribes` (`request` then holds the peer's id). */
static int send_routed(curtain_client *client, curtain_client *peer,
                       const Curtain__V1__Request *request, curtain_response_cb callback,
                       void *data, uint64_t unsubscribes) {
  forwarded *forward =
      forwarded_new(client, request->request_id, request->body_case, callback, data);
  if (forward == NULL) {
    return CURTAIN_E_NOMEM;
  }
  forward->unsubscribes = unsubscribes;
  if (!pack_copy(request, &forward->bytes, &forward->length)) {
    forward->callback = NULL;
    forwarded_free(forward);
    return CURTAIN_E_NOMEM;
  }
  if (peer->state != STATE_READY) {
    forwarded_queue(peer, forward);
    return CURTAIN_OK;
  }
  int result = forwarded_send(peer, forward);
  if (result != CURTAIN_OK) {
    forward->callback = NULL;
    forwarded_free(forward);
  }
  return result;
}

size_t curtain_peer_count(const curtain_client *client) {
  size_t count = 0;
  for (const curtain_client *peer = client->peers; peer != NULL; peer = peer->next_peer) {
    count += peer->state != STATE_CLOSING;
  }
  return count;
}

int curtain_request(curtain_client *client, const Curtain__V1__Request *request,
                    curtain_response_cb callback, void *data, uint64_t *request_id) {
  if (client == NULL || request == NULL) {
    return CURTAIN_E_INVALID;
  }
  if (client->state != STATE_READY) {
    return CURTAIN_E_STATE;
  }
  if (request->body_case == CURTAIN__V1__REQUEST__BODY_HELLO) {
    return CURTAIN_E_INVALID;
  }
  uint64_t id = request->request_id ? request->request_id : client->next_id;
  for (pending_request *waiting = client->head; waiting != NULL; waiting = waiting->next) {
    if (waiting->id == id) {
      return CURTAIN_E_INVALID;
    }
  }
  Curtain__V1__Request copy = *request;
  copy.request_id = id;
  if ((copy.session == NULL || copy.session[0] == '\0') && client->session != NULL) {
    copy.session = client->session;
  }
  /* Cluster mode: a session a MOVED sent elsewhere goes there; the others
   * are kept to be followed (a peer's own requests are not). An
   * Unsubscribe of a subscription made through a peer goes to that peer,
   * with the peer's id. */
  const char *session = client->origin == NULL ? routed_session(&copy) : NULL;
  curtain_client *peer = session != NULL ? route_peer(client, session) : NULL;
  const peer_subscription *ending =
      client->origin == NULL && copy.body_case == CURTAIN__V1__REQUEST__BODY_UNSUBSCRIBE &&
              copy.unsubscribe != NULL
          ? subscription_by_id(client, copy.unsubscribe->subscription_id)
          : NULL;
  Curtain__V1__Unsubscribe unsubscribe;
  if (ending != NULL) {
    unsubscribe = *copy.unsubscribe;
    unsubscribe.subscription_id = ending->remote_id;
    copy.unsubscribe = &unsubscribe;
    peer = ending->peer;
  }
  if (peer != NULL) {
    int result = send_routed(client, peer, &copy, callback, data, ending != NULL ? ending->id : 0);
    if (result == CURTAIN_OK) {
      if (id >= client->next_id) {
        client->next_id = id + 1;
      }
      if (request_id != NULL) {
        *request_id = id;
      }
    }
    return result;
  }
  pending_request *pending = calloc(1, sizeof *pending);
  if (pending == NULL) {
    return CURTAIN_E_NOMEM;
  }
  if (session != NULL && !pack_copy(&copy, &pending->bytes, &pending->length)) {
    free(pending);
    return CURTAIN_E_NOMEM;
  }
  pending->body_case = copy.body_case;
  int result = send_request(client, &copy);
  if (result != CURTAIN_OK) {
    pending_free(pending);
    return result;
  }
  if (id >= client->next_id) {
    client->next_id = id + 1;
  }
  pending->next = NULL;
  pending->id = id;
  pending->callback = callback;
  pending->data = data;
  if (client->tail == NULL) {
    client->head = pending;
  } else {
    client->tail->next = pending;
  }
  client->tail = pending;
  if (request_id != NULL) {
    *request_id = id;
  }
  return CURTAIN_OK;
}

int curtain_ack_frames(curtain_client *client, uint64_t subscription_id, uint64_t frame_seq) {
  if (client == NULL) {
    return CURTAIN_E_INVALID;
  }
  if (client->state != STATE_READY) {
    return CURTAIN_E_STATE;
  }
  /* A subscription made through a peer is acknowledged there, with the
   * peer's id; an id of that range the client does not know (ended) is
   * refused rather than sent to the wrong subscription. */
  curtain_client *target = client;
  const peer_subscription *entry =
      client->origin == NULL ? subscription_by_id(client, subscription_id) : NULL;
  if (entry != NULL) {
    target = entry->peer;
    subscription_id = entry->remote_id;
    if (target->state != STATE_READY) {
      return CURTAIN_E_STATE;
    }
  } else if (subscription_id > CURTAIN_PEER_SUBSCRIPTION_BASE) {
    return CURTAIN_E_INVALID;
  }
  Curtain__V1__FrameAck ack = CURTAIN__V1__FRAME_ACK__INIT;
  ack.subscription_id = subscription_id;
  ack.frame_seq = frame_seq;
  Curtain__V1__ClientMessage message = CURTAIN__V1__CLIENT_MESSAGE__INIT;
  message.kind_case = CURTAIN__V1__CLIENT_MESSAGE__KIND_FRAME_ACK;
  message.frame_ack = &ack;
  return send_message(target, &message);
}

const char *curtain_goodbye_peer(const curtain_client *client) {
  return client != NULL && client->goodbye_peer != NULL ? client->goodbye_peer->peer_address : NULL;
}

void curtain_close(curtain_client *client) {
  if (client != NULL) {
    client_fail(client, CURTAIN_E_CLOSED, "closed by the client");
  }
}

curtain_registration **curtain_internal_registrations(curtain_client *client) {
  return &client->registrations;
}

curtain_animator **curtain_internal_animators(curtain_client *client) {
  return &client->animators;
}

const curtain_callbacks *curtain_internal_callbacks(const curtain_client *client) {
  return &client->callbacks;
}

const char *curtain_internal_session(const curtain_client *client) {
  return client->session;
}

int curtain_internal_fail(curtain_client *client, int status, const char *format, ...) {
  if (client != NULL) {
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(client->last_error, sizeof client->last_error, format, arguments);
    va_end(arguments);
  }
  return status;
}

void curtain_internal_clear_error(curtain_client *client) {
  client->last_error[0] = '\0';
}

const char *curtain_last_error(const curtain_client *client) {
  return client != NULL ? client->last_error : "no client (NULL)";
}

void *curtain_user(const curtain_client *client) {
  return client->user;
}

const Curtain__V1__Welcome *curtain_welcome(const curtain_client *client) {
  return client->welcome_message ? client->welcome_message->response->welcome : NULL;
}

size_t curtain_write_queue_size(const curtain_client *client) {
  if (!client->handle_open || client->state == STATE_CONNECTING) {
    return 0;
  }
  return uv_stream_get_write_queue_size(&client->io.stream);
}

const char *curtain_internal_enum_name(const ProtobufCEnumDescriptor *descriptor, int value,
                                       size_t prefix) {
  const ProtobufCEnumValue *entry = protobuf_c_enum_descriptor_get_value(descriptor, value);
  if (entry == NULL || strlen(entry->name) <= prefix) {
    return "UNKNOWN";
  }
  return entry->name + prefix;
}

const char *curtain_error_code_name(int code) {
  return curtain_internal_enum_name(&curtain__v1__error_code__descriptor, code,
                                    strlen("ERROR_CODE_"));
}

const char *curtain_goodbye_reason_name(int reason) {
  return curtain_internal_enum_name(&curtain__v1__goodbye__reason__descriptor, reason,
                                    strlen("REASON_"));
}

ProtobufCMessage *curtain_message_copy(const ProtobufCMessage *message) {
  size_t size = protobuf_c_message_get_packed_size(message);
  uint8_t *bytes = malloc(size ? size : 1);
  if (bytes == NULL) {
    return NULL;
  }
  protobuf_c_message_pack(message, bytes);
  ProtobufCMessage *copy = protobuf_c_message_unpack(message->descriptor, NULL, size, bytes);
  free(bytes);
  return copy;
}
