/*
 * The client against a scripted fake daemon on a temporary Unix socket in
 * the same loop: the handshake, a Welcome delivered one byte per write,
 * request ids and ordering, unanswered requests failing on close, and every
 * way the daemon's stream can go wrong (oversize length, malformed varint,
 * undecodable payload, end of stream, goodbye, refused handshake). Each test
 * ends with the loop closing with no handle left and, under valgrind, no
 * leak.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"

/* ------------------------------------------------------------------------ */
/* The fake daemon                                                          */
/* ------------------------------------------------------------------------ */

typedef struct fake_daemon fake_daemon;

/* Called with each ClientMessage the fake daemon receives. */
typedef void (*fake_handler)(fake_daemon *fake, const Curtain__V1__ClientMessage *message);

struct fake_daemon {
  uv_loop_t *loop;
  uv_pipe_t server;
  uv_pipe_t peer;
  bool accepted;
  bool peer_closed;
  bool peer_eof;
  char directory[64];
  char path[96];
  curtain_decoder decoder;
  fake_handler handler;
  /* What the client sent, in order. */
  Curtain__V1__ClientMessage *received[64];
  size_t received_count;
  int closes_pending;
};

static void fake_alloc(uv_handle_t *handle, size_t suggested, uv_buf_t *buffer) {
  (void)handle;
  buffer->base = malloc(suggested);
  buffer->len = buffer->base ? suggested : 0;
}

static void fake_handle_closed(uv_handle_t *handle) {
  fake_daemon *fake = handle->data;
  fake->closes_pending--;
}

static void fake_close_peer(fake_daemon *fake) {
  if (fake->accepted && !uv_is_closing((uv_handle_t *)&fake->peer)) {
    fake->closes_pending++;
    uv_close((uv_handle_t *)&fake->peer, fake_handle_closed);
    fake->peer_closed = true;
  }
}

static void fake_read(uv_stream_t *stream, ssize_t count, const uv_buf_t *buffer) {
  fake_daemon *fake = stream->data;
  if (count < 0) {
    fake->peer_eof = true;
    fake_close_peer(fake);
  } else if (count > 0) {
    curtain_decoder_feed(&fake->decoder, buffer->base, (size_t)count);
    const uint8_t *payload;
    size_t length;
    while (!fake->peer_closed && curtain_decoder_next(&fake->decoder, &payload, &length) == 1) {
      Curtain__V1__ClientMessage *message =
          curtain__v1__client_message__unpack(NULL, length, payload);
      CHECK(message != NULL);
      if (message == NULL) {
        continue;
      }
      if (fake->received_count < 64) {
        fake->received[fake->received_count++] = message;
      }
      if (fake->handler != NULL) {
        fake->handler(fake, message);
      }
      if (fake->received_count >= 64) {
        curtain__v1__client_message__free_unpacked(message, NULL);
      }
    }
  }
  free(buffer->base);
}

static void fake_connection(uv_stream_t *server, int status) {
  fake_daemon *fake = server->data;
  CHECK_EQ_U64(status, 0);
  uv_pipe_init(fake->loop, &fake->peer, 0);
  fake->peer.data = fake;
  CHECK_EQ_U64(uv_accept(server, (uv_stream_t *)&fake->peer), 0);
  fake->accepted = true;
  uv_read_start((uv_stream_t *)&fake->peer, fake_alloc, fake_read);
}

static bool fake_start(uv_loop_t *loop, fake_daemon *fake, fake_handler handler) {
  memset(fake, 0, sizeof *fake);
  fake->loop = loop;
  fake->handler = handler;
  curtain_decoder_init(&fake->decoder, 1 << 20);
  snprintf(fake->directory, sizeof fake->directory, "/tmp/curtain-c-fake-XXXXXX");
  if (mkdtemp(fake->directory) == NULL) {
    fprintf(stderr, "mkdtemp: %s\n", strerror(errno));
    harness_failures++;
    return false;
  }
  snprintf(fake->path, sizeof fake->path, "%s/fake.sock", fake->directory);
  uv_pipe_init(loop, &fake->server, 0);
  fake->server.data = fake;
  CHECK_EQ_U64(uv_pipe_bind(&fake->server, fake->path), 0);
  CHECK_EQ_U64(uv_listen((uv_stream_t *)&fake->server, 4, fake_connection), 0);
  return true;
}

static void fake_stop(fake_daemon *fake) {
  fake_close_peer(fake);
  fake->closes_pending++;
  uv_close((uv_handle_t *)&fake->server, fake_handle_closed);
  while (fake->closes_pending > 0) {
    uv_run(fake->loop, UV_RUN_ONCE);
  }
  for (size_t index = 0; index < fake->received_count; index++) {
    curtain__v1__client_message__free_unpacked(fake->received[index], NULL);
  }
  curtain_decoder_free(&fake->decoder);
  unlink(fake->path);
  rmdir(fake->directory);
}

typedef struct fake_write {
  uv_write_t request;
  uint8_t bytes[];
} fake_write;

static void fake_written(uv_write_t *request, int status) {
  (void)status;
  free(request);
}

/* Writes raw bytes to the client, `piece` bytes per write (0: all at once). */
static void fake_send_bytes(fake_daemon *fake, const uint8_t *bytes, size_t length, size_t piece) {
  if (piece == 0) {
    piece = length;
  }
  for (size_t offset = 0; offset < length; offset += piece) {
    size_t count = length - offset < piece ? length - offset : piece;
    fake_write *write = malloc(sizeof *write + count);
    memcpy(write->bytes, bytes + offset, count);
    uv_buf_t buffer = uv_buf_init((char *)write->bytes, (unsigned)count);
    CHECK_EQ_U64(uv_write(&write->request, (uv_stream_t *)&fake->peer, &buffer, 1, fake_written),
                 0);
  }
}

static void fake_send(fake_daemon *fake, const Curtain__V1__ServerMessage *message, size_t piece) {
  size_t size = protobuf_c_message_get_packed_size(&message->base);
  uint8_t *bytes = malloc(size + CURTAIN_VARINT_MAX_BYTES);
  size_t prefix = curtain_varint_encode(size, bytes);
  protobuf_c_message_pack(&message->base, bytes + prefix);
  fake_send_bytes(fake, bytes, prefix + size, piece);
  free(bytes);
}

static void fake_send_response(fake_daemon *fake, Curtain__V1__Response *response, size_t piece) {
  Curtain__V1__ServerMessage message = CURTAIN__V1__SERVER_MESSAGE__INIT;
  message.kind_case = CURTAIN__V1__SERVER_MESSAGE__KIND_RESPONSE;
  message.response = response;
  fake_send(fake, &message, piece);
}

/* The protocol version the fake daemon's Welcome announces. */
static uint32_t fake_protocol_version = CURTAIN_PROTOCOL_VERSION;

static void fake_send_welcome(fake_daemon *fake, uint64_t request_id, size_t piece) {
  Curtain__V1__Limits limits = CURTAIN__V1__LIMITS__INIT;
  limits.max_frame_bytes = 4194304;
  char *capabilities[] = {"read-only", "frames"};
  Curtain__V1__Welcome welcome = CURTAIN__V1__WELCOME__INIT;
  welcome.server_version = "fake";
  welcome.protocol_version = fake_protocol_version;
  welcome.client_id = 42;
  welcome.n_capabilities = 2;
  welcome.capabilities = capabilities;
  welcome.limits = &limits;
  Curtain__V1__Response response = CURTAIN__V1__RESPONSE__INIT;
  response.request_id = request_id;
  response.result_case = CURTAIN__V1__RESPONSE__RESULT_WELCOME;
  response.welcome = &welcome;
  fake_send_response(fake, &response, piece);
}

static void fake_send_empty(fake_daemon *fake, uint64_t request_id) {
  Curtain__V1__Empty empty = CURTAIN__V1__EMPTY__INIT;
  Curtain__V1__Response response = CURTAIN__V1__RESPONSE__INIT;
  response.request_id = request_id;
  response.result_case = CURTAIN__V1__RESPONSE__RESULT_EMPTY;
  response.empty = &empty;
  fake_send_response(fake, &response, 0);
}

/* Answers Hello with a Welcome in one write. */
static void welcome_handler(fake_daemon *fake, const Curtain__V1__ClientMessage *message) {
  if (message->kind_case == CURTAIN__V1__CLIENT_MESSAGE__KIND_REQUEST &&
      message->request->body_case == CURTAIN__V1__REQUEST__BODY_HELLO) {
    fake_send_welcome(fake, message->request->request_id, 0);
  }
}

/* Connects a recorder to the fake daemon and runs until it is ready. */
static curtain_client *connect_ready(uv_loop_t *loop, fake_daemon *fake, harness_recorder *recorder,
                                     const curtain_options *options) {
  curtain_client *client = NULL;
  int result = curtain_connect_unix(loop, fake->path, options, &harness_recorder_callbacks,
                                    recorder, &client);
  CHECK_EQ_U64(result, CURTAIN_OK);
  if (result != CURTAIN_OK) {
    return NULL;
  }
  if (!harness_run_until(loop, &recorder->ready, 10)) {
    fprintf(stderr, "the client did not become ready: %s\n", recorder->close_message);
    harness_failures++;
  }
  return client;
}

static void make_sync(Curtain__V1__Request *request, Curtain__V1__Sync *sync) {
  *request = (Curtain__V1__Request)CURTAIN__V1__REQUEST__INIT;
  *sync = (Curtain__V1__Sync)CURTAIN__V1__SYNC__INIT;
  request->body_case = CURTAIN__V1__REQUEST__BODY_SYNC;
  request->sync = sync;
}

/* A loop, a fake daemon on it and a recorder for the client under test. */
typedef struct fixture {
  uv_loop_t loop;
  fake_daemon fake;
  harness_recorder recorder;
} fixture;

static void fixture_start(fixture *t, fake_handler handler) {
  uv_loop_init(&t->loop);
  fake_start(&t->loop, &t->fake, handler);
  memset(&t->recorder, 0, sizeof t->recorder);
}

/* Stops the fake daemon, frees the recorder and checks the loop closes
 * with no handle left. */
static void fixture_end(fixture *t) {
  fake_stop(&t->fake);
  harness_recorder_free(&t->recorder);
  harness_close_loop(&t->loop);
}

/* Connects a client and runs the loop until the connection is over. */
static void connect_until_closed(fixture *t) {
  curtain_client *client = NULL;
  CHECK_EQ_U64(curtain_connect_unix(&t->loop, t->fake.path, NULL, &harness_recorder_callbacks,
                                    &t->recorder, &client),
               0);
  CHECK(harness_run_until(&t->loop, &t->recorder.closed, 10));
}

/* ------------------------------------------------------------------------ */
/* Tests                                                                    */
/* ------------------------------------------------------------------------ */

static void test_handshake_sends_hello_with_options(void) {
  fixture t;
  fixture_start(&t, welcome_handler);
  const char *capabilities[] = {"read-only"};
  curtain_options options = {
      .client_name = "c-tests",
      .token = "secret",
      .capabilities = capabilities,
      .capability_count = 1,
  };
  curtain_client *client = connect_ready(&t.loop, &t.fake, &t.recorder, &options);
  REQUIRE(client != NULL && t.recorder.ready);
  CHECK_EQ_U64(t.fake.received_count, 1);
  const Curtain__V1__Request *hello = t.fake.received[0]->request;
  CHECK_EQ_U64(hello->request_id, 1);
  CHECK_EQ_U64(hello->body_case, CURTAIN__V1__REQUEST__BODY_HELLO);
  CHECK_EQ_U64(hello->hello->protocol_version, CURTAIN_PROTOCOL_VERSION);
  CHECK_EQ_STR(hello->hello->client_name, "c-tests");
  CHECK_EQ_STR(hello->hello->token, "secret");
  CHECK_EQ_U64(hello->hello->n_capabilities, 1);
  CHECK_EQ_STR(hello->hello->capabilities[0], "read-only");
  CHECK_EQ_U64(t.recorder.welcome->client_id, 42);
  CHECK(curtain_welcome(client) != NULL && curtain_welcome(client)->client_id == 42);
  CHECK(curtain_user(client) == &t.recorder);
  curtain_close(client);
  harness_run_until(&t.loop, &t.recorder.closed, 10);
  CHECK_EQ_U64(t.recorder.close_status, (uint64_t)CURTAIN_E_CLOSED);
  fixture_end(&t);
}

/* Sends the Welcome one byte per write. */
static void byte_by_byte_handler(fake_daemon *fake, const Curtain__V1__ClientMessage *message) {
  if (message->request->body_case == CURTAIN__V1__REQUEST__BODY_HELLO) {
    fake_send_welcome(fake, message->request->request_id, 1);
  }
}

static void test_welcome_arriving_one_byte_at_a_time(void) {
  fixture t;
  fixture_start(&t, byte_by_byte_handler);
  curtain_client *client = connect_ready(&t.loop, &t.fake, &t.recorder, NULL);
  REQUIRE(client != NULL && t.recorder.ready);
  CHECK_EQ_STR(t.fake.received[0]->request->hello->client_name, "libcurtain");
  CHECK_EQ_STR(t.recorder.welcome->server_version, "fake");
  CHECK_EQ_U64(t.recorder.welcome->limits->max_frame_bytes, 4194304);
  curtain_close(client);
  harness_run_until(&t.loop, &t.recorder.closed, 10);
  fixture_end(&t);
}

static void test_requests_get_ids_session_and_answers_in_order(void) {
  fixture t;
  fixture_start(&t, welcome_handler);
  curtain_options options = {.session = "tests"};
  curtain_client *client = connect_ready(&t.loop, &t.fake, &t.recorder, &options);
  REQUIRE(client != NULL && t.recorder.ready);

  Curtain__V1__Request request;
  Curtain__V1__Sync sync;
  make_sync(&request, &sync);
  uint64_t ids[3];
  CHECK_EQ_U64(curtain_request(client, &request, harness_record_answer, &t.recorder, &ids[0]), 0);
  request.request_id = 10;
  request.session = "other";
  CHECK_EQ_U64(curtain_request(client, &request, harness_record_answer, &t.recorder, &ids[1]), 0);
  /* An id still awaiting its answer is refused. */
  CHECK_EQ_U64(curtain_request(client, &request, harness_record_answer, &t.recorder, NULL),
               (uint64_t)CURTAIN_E_INVALID);
  request.request_id = 0;
  request.session = "";
  CHECK_EQ_U64(curtain_request(client, &request, harness_record_answer, &t.recorder, &ids[2]), 0);
  CHECK_EQ_U64(ids[0], 2);
  CHECK_EQ_U64(ids[1], 10);
  CHECK_EQ_U64(ids[2], 11);

  /* The fake daemon sees the ids and sessions. */
  REQUIRE(harness_wait_count(&t.loop, &t.fake.received_count, 4));
  CHECK_EQ_U64(t.fake.received[1]->request->request_id, 2);
  CHECK_EQ_STR(t.fake.received[1]->request->session, "tests");
  CHECK_EQ_STR(t.fake.received[2]->request->session, "other");
  CHECK_EQ_STR(t.fake.received[3]->request->session, "tests");

  /* Answers are matched by id, whatever the order; an unknown id goes to
   * on_unmatched. */
  fake_send_empty(&t.fake, 10);
  fake_send_empty(&t.fake, 0);
  fake_send_empty(&t.fake, 2);
  CHECK(harness_wait_count(&t.loop, &t.recorder.answer_count, 2));
  CHECK_EQ_U64(t.recorder.answers[0]->request_id, 10);
  CHECK_EQ_U64(t.recorder.answers[1]->request_id, 2);
  CHECK_EQ_U64(t.recorder.unmatched_count, 1);
  CHECK_EQ_U64(t.recorder.unmatched[0]->request_id, 0);

  /* Closing fails the request still waiting (id 11) before on_close. */
  curtain_close(client);
  CHECK_EQ_U64(curtain_request(client, &request, NULL, NULL, NULL), (uint64_t)CURTAIN_E_STATE);
  harness_run_until(&t.loop, &t.recorder.closed, 10);
  CHECK_EQ_U64(t.recorder.answer_count, 3);
  CHECK_EQ_U64(t.recorder.answer_status[2], (uint64_t)CURTAIN_E_CLOSED);
  CHECK(t.recorder.answers[2] == NULL);
  CHECK_EQ_U64(t.recorder.close_status, (uint64_t)CURTAIN_E_CLOSED);
  /* The close flushed what was written: the daemon sees end of stream. */
  harness_run_until(&t.loop, &t.fake.peer_eof, 10);
  CHECK(t.fake.peer_eof);
  fixture_end(&t);
}

static void test_requests_before_ready_are_refused(void) {
  fixture t;
  fixture_start(&t, NULL);
  curtain_client *client = NULL;
  CHECK_EQ_U64(curtain_connect_unix(&t.loop, t.fake.path, NULL, &harness_recorder_callbacks,
                                    &t.recorder, &client),
               0);
  Curtain__V1__Request request;
  Curtain__V1__Sync sync;
  make_sync(&request, &sync);
  CHECK_EQ_U64(curtain_request(client, &request, NULL, NULL, NULL), (uint64_t)CURTAIN_E_STATE);
  CHECK_EQ_U64(curtain_ack_frames(client, 1, 1), (uint64_t)CURTAIN_E_STATE);
  curtain_close(client);
  harness_run_until(&t.loop, &t.recorder.closed, 10);
  CHECK_EQ_U64(t.recorder.close_status, (uint64_t)CURTAIN_E_CLOSED);
  CHECK(!t.recorder.ready);
  fixture_end(&t);
}

static void test_hello_cannot_be_sent_twice(void) {
  fixture t;
  fixture_start(&t, welcome_handler);
  curtain_client *client = connect_ready(&t.loop, &t.fake, &t.recorder, NULL);
  REQUIRE(client != NULL);
  Curtain__V1__Hello hello = CURTAIN__V1__HELLO__INIT;
  Curtain__V1__Request request = CURTAIN__V1__REQUEST__INIT;
  request.body_case = CURTAIN__V1__REQUEST__BODY_HELLO;
  request.hello = &hello;
  CHECK_EQ_U64(curtain_request(client, &request, NULL, NULL, NULL), (uint64_t)CURTAIN_E_INVALID);
  CHECK_EQ_U64(curtain_request(client, NULL, NULL, NULL, NULL), (uint64_t)CURTAIN_E_INVALID);
  curtain_close(client);
  harness_run_until(&t.loop, &t.recorder.closed, 10);
  fixture_end(&t);
}

/* After the Welcome, sends what `bad_bytes` holds. */
static const uint8_t *bad_bytes;
static size_t bad_length;

static void bad_stream_handler(fake_daemon *fake, const Curtain__V1__ClientMessage *message) {
  if (message->request->body_case == CURTAIN__V1__REQUEST__BODY_HELLO) {
    fake_send_welcome(fake, message->request->request_id, 0);
  } else {
    fake_send_bytes(fake, bad_bytes, bad_length, 1);
  }
}

/* Connects, sends a Sync whose answer is the bad bytes, and checks that the
 * Sync fails and the client closes with `status`. */
static void check_bad_stream(const uint8_t *bytes, size_t length, int status, const char *message) {
  bad_bytes = bytes;
  bad_length = length;
  fixture t;
  fixture_start(&t, bad_stream_handler);
  curtain_options options = {.max_frame_bytes = 1000};
  curtain_client *client = connect_ready(&t.loop, &t.fake, &t.recorder, &options);
  REQUIRE(client != NULL);
  Curtain__V1__Request request;
  Curtain__V1__Sync sync;
  make_sync(&request, &sync);
  CHECK_EQ_U64(curtain_request(client, &request, harness_record_answer, &t.recorder, NULL), 0);
  harness_run_until(&t.loop, &t.recorder.closed, 10);
  CHECK(t.recorder.closed);
  CHECK_EQ_U64(t.recorder.answer_count, 1);
  CHECK_EQ_U64(t.recorder.answer_status[0], (uint64_t)status);
  CHECK_EQ_U64(t.recorder.close_status, (uint64_t)status);
  if (strstr(t.recorder.close_message, message) == NULL) {
    fprintf(stderr, "close message \"%s\" lacks \"%s\"\n", t.recorder.close_message, message);
    harness_failures++;
  }
  fixture_end(&t);
}

static void test_oversize_message_closes_the_connection(void) {
  /* 1001 bytes announced, over the 1000-byte limit. */
  uint8_t bytes[] = {0xE9, 0x07};
  check_bad_stream(bytes, sizeof bytes, CURTAIN_E_TOO_LARGE, "1001 bytes, over the limit of 1000");
}

static void test_malformed_varint_closes_the_connection(void) {
  uint8_t bytes[11];
  memset(bytes, 0x80, sizeof bytes);
  /* Zero continuation bytes never exceed the limit: malformed at the tenth. */
  check_bad_stream(bytes, sizeof bytes, CURTAIN_E_FRAMING, "malformed varint");
}

static void test_garbage_payload_closes_the_connection(void) {
  /* A well-framed payload that is not a ServerMessage: field 1 claims 200
   * bytes of a length-delimited response but only 3 follow. */
  uint8_t bytes[] = {0x05, 0x0A, 0xC8, 0x01, 0xFF, 0xFF};
  check_bad_stream(bytes, sizeof bytes, CURTAIN_E_DECODE, "does not decode");
}

static void test_end_of_stream_fails_waiting_requests(void) {
  fixture t;
  fixture_start(&t, welcome_handler);
  curtain_client *client = connect_ready(&t.loop, &t.fake, &t.recorder, NULL);
  REQUIRE(client != NULL);
  Curtain__V1__Request request;
  Curtain__V1__Sync sync;
  make_sync(&request, &sync);
  CHECK_EQ_U64(curtain_request(client, &request, harness_record_answer, &t.recorder, NULL), 0);
  CHECK_EQ_U64(curtain_request(client, &request, harness_record_answer, &t.recorder, NULL), 0);
  /* Read everything first: closing a Unix socket with unread data resets
   * the connection instead of ending it. */
  CHECK(harness_wait_count(&t.loop, &t.fake.received_count, 3));
  fake_close_peer(&t.fake);
  harness_run_until(&t.loop, &t.recorder.closed, 10);
  CHECK_EQ_U64(t.recorder.close_status, (uint64_t)CURTAIN_E_EOF);
  CHECK_EQ_U64(t.recorder.answer_count, 2);
  CHECK_EQ_U64(t.recorder.answer_status[0], (uint64_t)CURTAIN_E_EOF);
  CHECK_EQ_U64(t.recorder.answer_status[1], (uint64_t)CURTAIN_E_EOF);
  fixture_end(&t);
}

/* Answers Hello, then sends an event, a frame and a goodbye in one write. */
static void goodbye_handler(fake_daemon *fake, const Curtain__V1__ClientMessage *message) {
  if (message->request->body_case != CURTAIN__V1__REQUEST__BODY_HELLO) {
    return;
  }
  fake_send_welcome(fake, message->request->request_id, 0);
  Curtain__V1__WindowEvent window = CURTAIN__V1__WINDOW_EVENT__INIT;
  window.change = CURTAIN__V1__WINDOW_EVENT__CHANGE__CHANGE_CLOSED;
  Curtain__V1__Event event = CURTAIN__V1__EVENT__INIT;
  event.subscription_id = 1;
  event.window_id = 3;
  event.seq = 9;
  event.kind_case = CURTAIN__V1__EVENT__KIND_WINDOW;
  event.window = &window;
  Curtain__V1__ServerMessage first = CURTAIN__V1__SERVER_MESSAGE__INIT;
  first.kind_case = CURTAIN__V1__SERVER_MESSAGE__KIND_EVENT;
  first.event = &event;
  fake_send(fake, &first, 0);
  Curtain__V1__Frame frame = CURTAIN__V1__FRAME__INIT;
  frame.window_id = 3;
  frame.frame_seq = 5;
  frame.frames_skipped = 2;
  Curtain__V1__ServerMessage second = CURTAIN__V1__SERVER_MESSAGE__INIT;
  second.kind_case = CURTAIN__V1__SERVER_MESSAGE__KIND_FRAME;
  second.frame = &frame;
  fake_send(fake, &second, 0);
  Curtain__V1__Goodbye goodbye = CURTAIN__V1__GOODBYE__INIT;
  goodbye.reason = CURTAIN__V1__GOODBYE__REASON__REASON_SHUTDOWN;
  goodbye.message = "stopping";
  Curtain__V1__ServerMessage third = CURTAIN__V1__SERVER_MESSAGE__INIT;
  third.kind_case = CURTAIN__V1__SERVER_MESSAGE__KIND_GOODBYE;
  third.goodbye = &goodbye;
  fake_send(fake, &third, 0);
  /* Anything after the goodbye is not delivered. */
  fake_send(fake, &second, 0);
}

static void test_event_frame_and_goodbye(void) {
  fixture t;
  fixture_start(&t, goodbye_handler);
  connect_until_closed(&t);
  CHECK(t.recorder.ready);
  CHECK_EQ_U64(t.recorder.event_count, 1);
  CHECK_EQ_U64(t.recorder.events[0]->seq, 9);
  CHECK_EQ_U64(t.recorder.events[0]->window->change,
               CURTAIN__V1__WINDOW_EVENT__CHANGE__CHANGE_CLOSED);
  CHECK_EQ_U64(t.recorder.frame_count, 1);
  CHECK_EQ_U64(t.recorder.frames[0]->frame_seq, 5);
  CHECK_EQ_U64(t.recorder.frames[0]->frames_skipped, 2);
  REQUIRE(t.recorder.goodbye != NULL);
  CHECK_EQ_U64(t.recorder.goodbye->reason, CURTAIN__V1__GOODBYE__REASON__REASON_SHUTDOWN);
  CHECK_EQ_U64(t.recorder.close_status, (uint64_t)CURTAIN_E_GOODBYE);
  CHECK_EQ_STR(t.recorder.close_message, "SHUTDOWN: stopping");
  fixture_end(&t);
}

/* Refuses the handshake the way curtaind does: an error, then a goodbye. */
static void refusing_handler(fake_daemon *fake, const Curtain__V1__ClientMessage *message) {
  Curtain__V1__Error error = CURTAIN__V1__ERROR__INIT;
  error.code = CURTAIN__V1__ERROR_CODE__ERROR_CODE_UNAUTHENTICATED;
  error.message = "bad token";
  Curtain__V1__Response response = CURTAIN__V1__RESPONSE__INIT;
  response.request_id = message->request->request_id;
  response.result_case = CURTAIN__V1__RESPONSE__RESULT_ERROR;
  response.error = &error;
  fake_send_response(fake, &response, 0);
  Curtain__V1__Goodbye goodbye = CURTAIN__V1__GOODBYE__INIT;
  goodbye.reason = CURTAIN__V1__GOODBYE__REASON__REASON_UNAUTHENTICATED;
  Curtain__V1__ServerMessage last = CURTAIN__V1__SERVER_MESSAGE__INIT;
  last.kind_case = CURTAIN__V1__SERVER_MESSAGE__KIND_GOODBYE;
  last.goodbye = &goodbye;
  fake_send(fake, &last, 0);
}

static void test_refused_handshake(void) {
  fixture t;
  fixture_start(&t, refusing_handler);
  connect_until_closed(&t);
  CHECK(!t.recorder.ready);
  CHECK_EQ_U64(t.recorder.close_status, (uint64_t)CURTAIN_E_HANDSHAKE);
  CHECK_EQ_STR(t.recorder.close_message, "UNAUTHENTICATED: bad token");
  fixture_end(&t);
}

static void test_welcome_with_another_protocol_version_is_refused(void) {
  fixture t;
  fixture_start(&t, welcome_handler);
  fake_protocol_version = CURTAIN_PROTOCOL_VERSION + 1;
  connect_until_closed(&t);
  fake_protocol_version = CURTAIN_PROTOCOL_VERSION;
  CHECK(!t.recorder.ready);
  CHECK_EQ_U64(t.recorder.close_status, (uint64_t)CURTAIN_E_HANDSHAKE);
  char expected[96];
  snprintf(expected, sizeof expected,
           "the daemon agreed on protocol version %d; this library speaks version %d",
           CURTAIN_PROTOCOL_VERSION + 1, CURTAIN_PROTOCOL_VERSION);
  CHECK_EQ_STR(t.recorder.close_message, expected);
  fixture_end(&t);
}

/* The version is defined once, in Proto/curtain/v1/protocol.proto (the
 * Makefile passes its directory as CURTAIN_PROTO_DIR): the library's is the
 * one written there. */
static void test_the_protocol_version_is_the_one_defined_in_proto(void) {
  const char *path = CURTAIN_PROTO_DIR "/curtain/v1/protocol.proto";
  FILE *file = fopen(path, "r");
  REQUIRE(file != NULL);
  char line[256];
  int defined = -1;
  while (defined < 0 && fgets(line, sizeof line, file) != NULL) {
    const char *name = strstr(line, "PROTOCOL_VERSION_CURRENT");
    if (name != NULL && sscanf(name, "PROTOCOL_VERSION_CURRENT = %d ;", &defined) != 1) {
      defined = -1;
    }
  }
  fclose(file);
  CHECK(defined > 0);
  CHECK_EQ_U64(CURTAIN_PROTOCOL_VERSION, defined);
}

static void test_connect_failures(void) {
  uv_loop_t loop;
  uv_loop_init(&loop);
  harness_recorder recorder = {0};
  curtain_client *client = NULL;
  /* Nothing listens at the path. */
  CHECK_EQ_U64(curtain_connect_unix(&loop, "/tmp/curtain-c-no-such-dir/none.sock", NULL,
                                    &harness_recorder_callbacks, &recorder, &client),
               0);
  harness_run_until(&loop, &recorder.closed, 10);
  CHECK_EQ_U64(recorder.close_status, (uint64_t)CURTAIN_E_IO);
  if (strstr(recorder.close_message, "connect to /tmp/curtain-c-no-such-dir/none.sock") == NULL ||
      strstr(recorder.close_message, "ENOENT") == NULL) {
    fprintf(stderr, "unexpected message: %s\n", recorder.close_message);
    harness_failures++;
  }
  harness_recorder_free(&recorder);

  /* Bad arguments create nothing. */
  char long_path[200];
  memset(long_path, 'a', sizeof long_path - 1);
  long_path[sizeof long_path - 1] = '\0';
  CHECK_EQ_U64(curtain_connect_unix(&loop, long_path, NULL, NULL, NULL, &client),
               (uint64_t)CURTAIN_E_INVALID);
  CHECK_EQ_U64(curtain_connect_unix(&loop, "", NULL, NULL, NULL, &client),
               (uint64_t)CURTAIN_E_INVALID);
  CHECK_EQ_U64(curtain_connect_tcp(&loop, "127.0.0.1", 0, NULL, NULL, NULL, &client),
               (uint64_t)CURTAIN_E_INVALID);

  /* TCP: a port nothing listens on (a listener of ours, closed again). */
  uv_tcp_t probe;
  uv_tcp_init(&loop, &probe);
  struct sockaddr_in address;
  uv_ip4_addr("127.0.0.1", 0, &address);
  uv_tcp_bind(&probe, (const struct sockaddr *)&address, 0);
  struct sockaddr_storage bound;
  int length = sizeof bound;
  uv_tcp_getsockname(&probe, (struct sockaddr *)&bound, &length);
  uint16_t port = ntohs(((struct sockaddr_in *)&bound)->sin_port);
  uv_close((uv_handle_t *)&probe, NULL);
  uv_run(&loop, UV_RUN_NOWAIT);
  CHECK_EQ_U64(curtain_connect_tcp(&loop, "127.0.0.1", port, NULL, &harness_recorder_callbacks,
                                   &recorder, &client),
               0);
  harness_run_until(&loop, &recorder.closed, 10);
  CHECK_EQ_U64(recorder.close_status, (uint64_t)CURTAIN_E_IO);
  if (strstr(recorder.close_message, "ECONNREFUSED") == NULL) {
    fprintf(stderr, "unexpected message: %s\n", recorder.close_message);
    harness_failures++;
  }
  harness_recorder_free(&recorder);

  /* Closing while connecting. */
  CHECK_EQ_U64(curtain_connect_tcp(&loop, "127.0.0.1", port, NULL, &harness_recorder_callbacks,
                                   &recorder, &client),
               0);
  curtain_close(client);
  harness_run_until(&loop, &recorder.closed, 10);
  CHECK_EQ_U64(recorder.close_status, (uint64_t)CURTAIN_E_CLOSED);
  harness_recorder_free(&recorder);
  harness_close_loop(&loop);
}

/* Addresses read as `curtain --socket` reads them
 * (Tests/CurtainWireTests: CurtainClient.Endpoint(address:)). */
static void test_addresses_read_as_the_cli_reads_them(void) {
  static const struct {
    const char *address;
    int kind;
    const char *host;
    uint16_t port;
  } cases[] = {
      {"/tmp/curtain-1000/default.sock", 0, NULL, 0},
      {"relative.sock", 0, NULL, 0},
      {"tcpish.sock", 0, NULL, 0},
      {"tcp://127.0.0.1:7070", 1, "127.0.0.1", 7070},
      {"tcp:localhost:1", 1, "localhost", 1},
      {"tcp://[::1]:65535", 1, "::1", 65535},
      {"tcp://example.org:007", 1, "example.org", 7},
      {"", CURTAIN_E_INVALID, NULL, 0},
      {"tcp://", CURTAIN_E_INVALID, NULL, 0},
      {"tcp://127.0.0.1", CURTAIN_E_INVALID, NULL, 0},
      {"tcp://127.0.0.1:", CURTAIN_E_INVALID, NULL, 0},
      {"tcp://:7070", CURTAIN_E_INVALID, NULL, 0},
      {"tcp://127.0.0.1:0", CURTAIN_E_INVALID, NULL, 0},
      {"tcp://127.0.0.1:65536", CURTAIN_E_INVALID, NULL, 0},
      {"tcp://127.0.0.1:70x", CURTAIN_E_INVALID, NULL, 0},
      {"tcp://127.0.0.1:99999999999999999999", CURTAIN_E_INVALID, NULL, 0},
      {"tcp://[::1]7070", CURTAIN_E_INVALID, NULL, 0},
      {"tcp://[::1:7070", CURTAIN_E_INVALID, NULL, 0},
      {"tcp://[]:7070", CURTAIN_E_INVALID, NULL, 0},
  };
  for (size_t index = 0; index < sizeof cases / sizeof cases[0]; index++) {
    char host[CURTAIN_HOST_MAX] = "untouched";
    uint16_t port = 42;
    int kind = curtain_parse_address(cases[index].address, host, &port);
    if (kind != cases[index].kind) {
      fprintf(stderr, "'%s' reads as %d, not %d\n", cases[index].address, kind, cases[index].kind);
      harness_failures++;
    }
    CHECK_EQ_STR(host, cases[index].host != NULL ? cases[index].host : "untouched");
    CHECK_EQ_U64(port, cases[index].host != NULL ? cases[index].port : 42);
  }
  char host[CURTAIN_HOST_MAX];
  uint16_t port;
  CHECK_EQ_U64(curtain_parse_address(NULL, host, &port), (uint64_t)CURTAIN_E_INVALID);
  char long_host[CURTAIN_HOST_MAX + 16] = "tcp://";
  memset(long_host + 6, 'h', CURTAIN_HOST_MAX);
  strcpy(long_host + 6 + CURTAIN_HOST_MAX, ":1");
  CHECK_EQ_U64(curtain_parse_address(long_host, host, &port), (uint64_t)CURTAIN_E_INVALID);

  /* curtain_connect refuses an address that does not read, creating
   * nothing, and connects to a path like curtain_connect_unix. */
  uv_loop_t loop;
  uv_loop_init(&loop);
  curtain_client *client = NULL;
  CHECK_EQ_U64(curtain_connect(&loop, "tcp://127.0.0.1:0", NULL, NULL, NULL, &client),
               (uint64_t)CURTAIN_E_INVALID);
  CHECK_EQ_U64(curtain_connect(&loop, "", NULL, NULL, NULL, &client), (uint64_t)CURTAIN_E_INVALID);
  CHECK(client == NULL);
  harness_recorder recorder = {0};
  CHECK_EQ_U64(curtain_connect(&loop, "/tmp/curtain-c-no-such-dir/none.sock", NULL,
                               &harness_recorder_callbacks, &recorder, &client),
               CURTAIN_OK);
  harness_run_until(&loop, &recorder.closed, 10);
  CHECK_EQ_U64(recorder.close_status, (uint64_t)CURTAIN_E_IO);
  CHECK(strstr(recorder.close_message, "/tmp/curtain-c-no-such-dir/none.sock") != NULL);
  harness_recorder_free(&recorder);
  harness_close_loop(&loop);
}

/* Answers Hello, then stops reading. */
static void deaf_handler(fake_daemon *fake, const Curtain__V1__ClientMessage *message) {
  if (message->request->body_case == CURTAIN__V1__REQUEST__BODY_HELLO) {
    fake_send_welcome(fake, message->request->request_id, 0);
    uv_read_stop((uv_stream_t *)&fake->peer);
  }
}

static void test_close_gives_up_flushing_to_a_daemon_that_does_not_read(void) {
  fixture t;
  fixture_start(&t, deaf_handler);
  curtain_client *client = connect_ready(&t.loop, &t.fake, &t.recorder, NULL);
  REQUIRE(client != NULL);
  /* 4 MiB in one request: more than the socket buffers hold. */
  size_t size = (size_t)4 << 20;
  char *session = malloc(size + 1);
  memset(session, 's', size);
  session[size] = '\0';
  Curtain__V1__Request request;
  Curtain__V1__Sync sync;
  make_sync(&request, &sync);
  request.session = session;
  CHECK_EQ_U64(curtain_request(client, &request, harness_record_answer, &t.recorder, NULL), 0);
  free(session);
  CHECK(curtain_write_queue_size(client) > 0);
  uint64_t start = uv_hrtime();
  curtain_close(client);
  CHECK(harness_run_until(&t.loop, &t.recorder.closed, 10));
  double seconds = (double)(uv_hrtime() - start) / 1e9;
  CHECK(seconds > 0.9 && seconds < 5);
  CHECK_EQ_U64(t.recorder.close_status, (uint64_t)CURTAIN_E_CLOSED);
  CHECK_EQ_U64(t.recorder.answer_count, 1);
  CHECK_EQ_U64(t.recorder.answer_status[0], (uint64_t)CURTAIN_E_CLOSED);
  fixture_end(&t);
}

static void test_names_and_copies(void) {
  CHECK_EQ_STR(curtain_error_code_name(CURTAIN__V1__ERROR_CODE__ERROR_CODE_NOT_FOUND), "NOT_FOUND");
  CHECK_EQ_STR(curtain_error_code_name(999), "UNKNOWN");
  CHECK_EQ_STR(curtain_goodbye_reason_name(CURTAIN__V1__GOODBYE__REASON__REASON_FRAME_POLICY),
               "FRAME_POLICY");
  CHECK_EQ_STR(curtain_error_code_name(CURTAIN__V1__ERROR_CODE__ERROR_CODE_LIMIT_EXCEEDED),
               "LIMIT_EXCEEDED");
  CHECK_EQ_STR(curtain_goodbye_reason_name(CURTAIN__V1__GOODBYE__REASON__REASON_LIMIT_EXCEEDED),
               "LIMIT_EXCEEDED");
  CHECK_EQ_STR(curtain_goodbye_reason_name(CURTAIN__V1__GOODBYE__REASON__REASON_TIMEOUT),
               "TIMEOUT");
  CHECK_EQ_STR(curtain_strerror(CURTAIN_E_EOF), "connection closed by the daemon");
  char path[256];
  unsetenv("CURTAIN_SOCKET");
  setenv("XDG_RUNTIME_DIR", "/run/user/7", 1);
  CHECK_EQ_U64(curtain_default_socket_path(path, sizeof path), 0);
  CHECK_EQ_STR(path, "/run/user/7/curtain/default.sock");
  setenv("XDG_RUNTIME_DIR", "relative", 1);
  CHECK_EQ_U64(curtain_default_socket_path(path, sizeof path), 0);
  char expected[64];
  snprintf(expected, sizeof expected, "/tmp/curtain-%u/default.sock", (unsigned)getuid());
  CHECK_EQ_STR(path, expected);
  CHECK_EQ_U64(curtain_default_socket_path(path, 5), (uint64_t)CURTAIN_E_INVALID);
  unsetenv("XDG_RUNTIME_DIR");
}

int main(void) {
  static const harness_test tests[] = {
      {"handshake sends Hello with the options", test_handshake_sends_hello_with_options},
      {"Welcome arriving one byte at a time", test_welcome_arriving_one_byte_at_a_time},
      {"requests get ids, the session and their answers",
       test_requests_get_ids_session_and_answers_in_order},
      {"requests before ready are refused", test_requests_before_ready_are_refused},
      {"Hello cannot be sent twice", test_hello_cannot_be_sent_twice},
      {"oversize message closes the connection", test_oversize_message_closes_the_connection},
      {"malformed varint closes the connection", test_malformed_varint_closes_the_connection},
      {"garbage payload closes the connection", test_garbage_payload_closes_the_connection},
      {"end of stream fails waiting requests", test_end_of_stream_fails_waiting_requests},
      {"event, frame and goodbye", test_event_frame_and_goodbye},
      {"refused handshake", test_refused_handshake},
      {"Welcome with another protocol version is refused",
       test_welcome_with_another_protocol_version_is_refused},
      {"the protocol version is the one defined in Proto",
       test_the_protocol_version_is_the_one_defined_in_proto},
      {"connect failures", test_connect_failures},
      {"addresses read as the CLI reads them", test_addresses_read_as_the_cli_reads_them},
      {"close gives up flushing to a daemon that does not read",
       test_close_gives_up_flushing_to_a_daemon_that_does_not_read},
      {"names and copies", test_names_and_copies},
  };
  return harness_run(tests, sizeof tests / sizeof tests[0]);
}
