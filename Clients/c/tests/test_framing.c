/*
 * The frame decoder, byte by byte: every split point of a stream of frames,
 * lengths at and over the limit, truncated and malformed varints, garbage,
 * and real protobuf messages split anywhere.
 */
#include <stdlib.h>
#include <string.h>

#include "harness.h"

/* A stream of frames and what it should decode to. */
typedef struct stream {
  uint8_t *bytes;
  size_t length;
  size_t frame_count;
  size_t frame_lengths[8];
  /* The offset just past each frame's last byte. */
  size_t frame_ends[8];
} stream;

static void stream_add(stream *s, const uint8_t *payload, size_t length) {
  uint8_t prefix[CURTAIN_VARINT_MAX_BYTES];
  size_t prefix_length = curtain_varint_encode(length, prefix);
  s->bytes = realloc(s->bytes, s->length + prefix_length + length);
  memcpy(s->bytes + s->length, prefix, prefix_length);
  if (length > 0) {
    memcpy(s->bytes + s->length + prefix_length, payload, length);
  }
  s->length += prefix_length + length;
  s->frame_lengths[s->frame_count] = length;
  s->frame_ends[s->frame_count] = s->length;
  s->frame_count++;
}

/* Payload byte i of frame f: recognisable, never all the same. */
static uint8_t pattern(size_t frame, size_t index) {
  return (uint8_t)(frame * 31 + index * 7 + 1);
}

/* Frames of 0, 1, 127, 128, 300 and 2000 bytes (an empty payload, varint
 * prefixes of 1 and 2 bytes) and, when `large`, one of 20000 bytes (a
 * 3-byte prefix). */
static stream sample_stream(bool large) {
  stream s = {0};
  size_t lengths[] = {0, 1, 127, 128, 300, 2000, 20000};
  size_t count = sizeof lengths / sizeof lengths[0] - (large ? 0 : 1);
  for (size_t frame = 0; frame < count; frame++) {
    uint8_t *payload = malloc(lengths[frame] + 1);
    for (size_t index = 0; index < lengths[frame]; index++) {
      payload[index] = pattern(frame, index);
    }
    stream_add(&s, payload, lengths[frame]);
    free(payload);
  }
  return s;
}

/* Checks a decoded frame against frame `frame` of the sample. */
static void check_frame(const stream *s, size_t frame, const uint8_t *payload, size_t length) {
  CHECK_EQ_U64(length, s->frame_lengths[frame]);
  bool same = length == s->frame_lengths[frame];
  for (size_t index = 0; same && index < length; index++) {
    same = payload[index] == pattern(frame, index);
  }
  CHECK(same);
}

/* Takes every complete frame; returns how many, checking each in order. */
static size_t drain(curtain_decoder *decoder, const stream *s, size_t first) {
  size_t taken = 0;
  const uint8_t *payload;
  size_t length;
  int result;
  while ((result = curtain_decoder_next(decoder, &payload, &length)) == 1) {
    if (first + taken < s->frame_count) {
      check_frame(s, first + taken, payload, length);
    }
    taken++;
  }
  CHECK_EQ_U64(result, 0);
  return taken;
}

static void test_varint_encoding(void) {
  uint8_t out[CURTAIN_VARINT_MAX_BYTES];
  CHECK_EQ_U64(curtain_varint_encode(0, out), 1);
  CHECK_EQ_U64(out[0], 0);
  CHECK_EQ_U64(curtain_varint_encode(127, out), 1);
  CHECK_EQ_U64(out[0], 0x7F);
  CHECK_EQ_U64(curtain_varint_encode(128, out), 2);
  CHECK(out[0] == 0x80 && out[1] == 0x01);
  CHECK_EQ_U64(curtain_varint_encode(300, out), 2);
  CHECK(out[0] == 0xAC && out[1] == 0x02);
  CHECK_EQ_U64(curtain_varint_encode(UINT64_MAX, out), 10);
  CHECK_EQ_U64(out[9], 0x01);
  /* The decoder reads back what the encoder wrote, for every length. */
  uint64_t values[] = {0, 1, 127, 128, 16383, 16384, 4194304, (uint64_t)1 << 35};
  for (size_t index = 0; index < sizeof values / sizeof values[0]; index++) {
    curtain_decoder decoder;
    curtain_decoder_init(&decoder, SIZE_MAX);
    size_t count = curtain_varint_encode(values[index], out);
    curtain_decoder_feed(&decoder, out, count);
    const uint8_t *payload;
    size_t length;
    /* No payload yet (except for length 0): the decoder waits for it. */
    int result = curtain_decoder_next(&decoder, &payload, &length);
    CHECK_EQ_U64(result, values[index] == 0 ? 1 : 0);
    CHECK_EQ_U64(curtain_decoder_buffered(&decoder), values[index] == 0 ? 0 : count);
    curtain_decoder_free(&decoder);
  }
}

static void test_whole_stream_at_once(void) {
  stream s = sample_stream(true);
  curtain_decoder decoder;
  curtain_decoder_init(&decoder, 1 << 20);
  CHECK_EQ_U64(curtain_decoder_feed(&decoder, s.bytes, s.length), CURTAIN_OK);
  CHECK_EQ_U64(drain(&decoder, &s, 0), s.frame_count);
  CHECK_EQ_U64(curtain_decoder_buffered(&decoder), 0);
  curtain_decoder_free(&decoder);
  free(s.bytes);
}

static void test_one_byte_at_a_time(void) {
  stream s = sample_stream(true);
  curtain_decoder decoder;
  curtain_decoder_init(&decoder, 1 << 20);
  size_t decoded = 0;
  for (size_t offset = 0; offset < s.length; offset++) {
    CHECK_EQ_U64(curtain_decoder_feed(&decoder, s.bytes + offset, 1), CURTAIN_OK);
    size_t taken = drain(&decoder, &s, decoded);
    /* A frame comes out exactly when its last byte arrives. */
    size_t expected = 0;
    while (decoded + expected < s.frame_count && s.frame_ends[decoded + expected] == offset + 1) {
      expected++;
    }
    if (taken != expected) {
      fprintf(stderr, "after byte %zu: %zu frames, expected %zu\n", offset, taken, expected);
      harness_failures++;
      break;
    }
    decoded += taken;
  }
  CHECK_EQ_U64(decoded, s.frame_count);
  CHECK_EQ_U64(curtain_decoder_buffered(&decoder), 0);
  curtain_decoder_free(&decoder);
  free(s.bytes);
}

/* Feeds the stream to a fresh decoder in pieces, cut at the ascending
 * offsets `cuts`, checking every frame. Returns the frames decoded in all;
 * `from_first` gets those the first piece completed. */
static size_t decode_in_pieces(const stream *s, const size_t *cuts, size_t count,
                               size_t *from_first) {
  curtain_decoder decoder;
  curtain_decoder_init(&decoder, 1 << 20);
  size_t decoded = 0;
  size_t start = 0;
  for (size_t piece = 0; piece <= count; piece++) {
    size_t end = piece < count ? cuts[piece] : s->length;
    curtain_decoder_feed(&decoder, s->bytes + start, end - start);
    decoded += drain(&decoder, s, decoded);
    if (piece == 0) {
      *from_first = decoded;
    }
    start = end;
  }
  CHECK_EQ_U64(curtain_decoder_buffered(&decoder), 0);
  curtain_decoder_free(&decoder);
  return decoded;
}

static void test_every_split_point(void) {
  stream s = sample_stream(false);
  int failures_before = harness_failures;
  for (size_t split = 0; split <= s.length && harness_failures == failures_before; split++) {
    size_t from_first;
    CHECK_EQ_U64(decode_in_pieces(&s, &split, 1, &from_first), s.frame_count);
    size_t complete = 0;
    while (complete < s.frame_count && s.frame_ends[complete] <= split) {
      complete++;
    }
    CHECK_EQ_U64(from_first, complete);
    if (harness_failures != failures_before) {
      fprintf(stderr, "split at %zu failed\n", split);
    }
  }
  free(s.bytes);
}

static void test_three_way_splits_around_prefixes(void) {
  /* Pairs of split points within the first 400 bytes: prefixes and
   * payloads cut in three. */
  stream s = sample_stream(false);
  int failures_before = harness_failures;
  for (size_t first = 0; first <= 400 && harness_failures == failures_before; first++) {
    for (size_t second = first; second <= 400; second += 7) {
      size_t cuts[] = {first, second};
      size_t from_first;
      CHECK_EQ_U64(decode_in_pieces(&s, cuts, 2, &from_first), s.frame_count);
    }
    if (harness_failures != failures_before) {
      fprintf(stderr, "splits at %zu failed\n", first);
    }
  }
  free(s.bytes);
}

static void test_length_at_the_limit_is_accepted(void) {
  uint8_t payload[100];
  memset(payload, 0xAB, sizeof payload);
  stream s = {0};
  stream_add(&s, payload, sizeof payload);
  curtain_decoder decoder;
  curtain_decoder_init(&decoder, 100);
  curtain_decoder_feed(&decoder, s.bytes, s.length);
  const uint8_t *out = NULL;
  size_t length = 0;
  CHECK_EQ_U64(curtain_decoder_next(&decoder, &out, &length), 1);
  CHECK_EQ_U64(length, 100);
  CHECK(out != NULL && length == 100 && memcmp(out, payload, 100) == 0);
  curtain_decoder_free(&decoder);
  free(s.bytes);
}

static void test_oversize_length_fails_and_stays_failed(void) {
  curtain_decoder decoder;
  curtain_decoder_init(&decoder, 100);
  uint8_t prefix[CURTAIN_VARINT_MAX_BYTES];
  size_t count = curtain_varint_encode(101, prefix);
  curtain_decoder_feed(&decoder, prefix, count);
  const uint8_t *payload;
  size_t length;
  CHECK_EQ_U64(curtain_decoder_next(&decoder, &payload, &length), (uint64_t)CURTAIN_E_TOO_LARGE);
  CHECK_EQ_U64(curtain_decoder_failed_length(&decoder), 101);
  /* Valid bytes afterwards do not help: the stream cannot be trusted. */
  uint8_t valid[] = {0x01, 0x2A};
  curtain_decoder_feed(&decoder, valid, sizeof valid);
  CHECK_EQ_U64(curtain_decoder_next(&decoder, &payload, &length), (uint64_t)CURTAIN_E_TOO_LARGE);
  curtain_decoder_free(&decoder);
}

static void test_oversize_is_detected_from_the_first_prefix_bytes(void) {
  /* 4 MiB limit; a length of 2^40 announced by a six-byte prefix fails
   * after its fourth byte, before the rest of the prefix arrives. */
  curtain_decoder decoder;
  curtain_decoder_init(&decoder, 4 << 20);
  uint8_t prefix[CURTAIN_VARINT_MAX_BYTES];
  size_t count = curtain_varint_encode(((uint64_t)1 << 40) + 0x0FFFFFFF, prefix);
  CHECK_EQ_U64(count, 6);
  const uint8_t *payload;
  size_t length;
  for (size_t index = 0; index < 3; index++) {
    curtain_decoder_feed(&decoder, prefix + index, 1);
    CHECK_EQ_U64(curtain_decoder_next(&decoder, &payload, &length), 0);
  }
  curtain_decoder_feed(&decoder, prefix + 3, 1);
  CHECK_EQ_U64(curtain_decoder_next(&decoder, &payload, &length), (uint64_t)CURTAIN_E_TOO_LARGE);
  curtain_decoder_free(&decoder);
}

static void test_truncated_varint_waits_for_more(void) {
  curtain_decoder decoder;
  curtain_decoder_init(&decoder, 1 << 20);
  uint8_t start[] = {0xAC};
  curtain_decoder_feed(&decoder, start, 1);
  const uint8_t *payload;
  size_t length;
  CHECK_EQ_U64(curtain_decoder_next(&decoder, &payload, &length), 0);
  CHECK_EQ_U64(curtain_decoder_buffered(&decoder), 1);
  /* 300 bytes of payload follow the second prefix byte. */
  uint8_t rest[301];
  rest[0] = 0x02;
  memset(rest + 1, 0x5A, 300);
  curtain_decoder_feed(&decoder, rest, 300);
  CHECK_EQ_U64(curtain_decoder_next(&decoder, &payload, &length), 0);
  curtain_decoder_feed(&decoder, rest + 300, 1);
  payload = NULL;
  length = 0;
  CHECK_EQ_U64(curtain_decoder_next(&decoder, &payload, &length), 1);
  CHECK_EQ_U64(length, 300);
  CHECK(payload != NULL && length == 300 && payload[0] == 0x5A && payload[299] == 0x5A);
  curtain_decoder_free(&decoder);
}

static void test_varint_longer_than_ten_bytes_is_malformed(void) {
  /* With no size limit in the way, eleven continuation bytes are malformed
   * at the tenth. */
  curtain_decoder decoder;
  curtain_decoder_init(&decoder, SIZE_MAX);
  uint8_t zeros[10];
  memset(zeros, 0x80, sizeof zeros);
  const uint8_t *payload;
  size_t length;
  for (size_t index = 0; index < 9; index++) {
    curtain_decoder_feed(&decoder, zeros + index, 1);
    CHECK_EQ_U64(curtain_decoder_next(&decoder, &payload, &length), 0);
  }
  curtain_decoder_feed(&decoder, zeros + 9, 1);
  CHECK_EQ_U64(curtain_decoder_next(&decoder, &payload, &length), (uint64_t)CURTAIN_E_FRAMING);
  CHECK_EQ_U64(curtain_decoder_next(&decoder, &payload, &length), (uint64_t)CURTAIN_E_FRAMING);
  curtain_decoder_free(&decoder);
}

static void test_varint_overflowing_64_bits_is_malformed(void) {
  curtain_decoder decoder;
  curtain_decoder_init(&decoder, SIZE_MAX);
  /* Nine continuation bytes, then a tenth byte above 1: bit 64 and up. */
  uint8_t bytes[10];
  memset(bytes, 0x80, 9);
  bytes[9] = 0x02;
  curtain_decoder_feed(&decoder, bytes, sizeof bytes);
  const uint8_t *payload;
  size_t length;
  CHECK_EQ_U64(curtain_decoder_next(&decoder, &payload, &length), (uint64_t)CURTAIN_E_FRAMING);
  curtain_decoder_free(&decoder);

  /* The same prefix with a tenth byte of 1 is 2^63: valid, and waiting. */
  curtain_decoder_init(&decoder, SIZE_MAX);
  bytes[9] = 0x01;
  curtain_decoder_feed(&decoder, bytes, sizeof bytes);
  CHECK_EQ_U64(curtain_decoder_next(&decoder, &payload, &length), 0);
  curtain_decoder_free(&decoder);
}

static void test_garbage_never_reads_out_of_bounds(void) {
  /* Random bytes in random pieces, with a fixed seed: every call returns
   * a frame within what was fed, needs more, or a sticky error (valgrind
   * checks the reads). */
  unsigned seed = 12345;
  for (int round = 0; round < 200; round++) {
    curtain_decoder decoder;
    curtain_decoder_init(&decoder, round % 2 ? 64 : 4 << 20);
    size_t fed = 0;
    size_t returned = 0;
    int failure = 0;
    for (int piece = 0; piece < 20 && failure == 0; piece++) {
      uint8_t bytes[64];
      size_t count = (size_t)(rand_r(&seed) % 64);
      for (size_t index = 0; index < count; index++) {
        bytes[index] = (uint8_t)rand_r(&seed);
      }
      curtain_decoder_feed(&decoder, bytes, count);
      fed += count;
      const uint8_t *payload;
      size_t length;
      int result;
      while ((result = curtain_decoder_next(&decoder, &payload, &length)) == 1) {
        volatile uint8_t sum = 0;
        for (size_t index = 0; index < length; index++) {
          sum = (uint8_t)(sum + payload[index]);
        }
        returned += length + 1;
      }
      if (result < 0) {
        failure = result;
        CHECK(result == CURTAIN_E_FRAMING || result == CURTAIN_E_TOO_LARGE);
        CHECK_EQ_U64(curtain_decoder_next(&decoder, &payload, &length), (uint64_t)result);
      }
    }
    CHECK(returned <= fed);
    curtain_decoder_free(&decoder);
  }
}

static void test_all_ones_is_too_large_or_malformed(void) {
  uint8_t ones[16];
  memset(ones, 0xFF, sizeof ones);
  const uint8_t *payload;
  size_t length;
  curtain_decoder decoder;
  curtain_decoder_init(&decoder, 4 << 20);
  curtain_decoder_feed(&decoder, ones, sizeof ones);
  CHECK_EQ_U64(curtain_decoder_next(&decoder, &payload, &length), (uint64_t)CURTAIN_E_TOO_LARGE);
  curtain_decoder_free(&decoder);
  curtain_decoder_init(&decoder, SIZE_MAX);
  curtain_decoder_feed(&decoder, ones, sizeof ones);
  CHECK_EQ_U64(curtain_decoder_next(&decoder, &payload, &length), (uint64_t)CURTAIN_E_FRAMING);
  curtain_decoder_free(&decoder);
}

static void test_large_frame_in_pieces(void) {
  size_t size = (size_t)1 << 20;
  uint8_t *payload = malloc(size);
  for (size_t index = 0; index < size; index++) {
    payload[index] = pattern(3, index);
  }
  stream s = {0};
  stream_add(&s, payload, size);
  stream_add(&s, payload, 5);
  free(payload);
  curtain_decoder decoder;
  curtain_decoder_init(&decoder, 2 << 20);
  size_t decoded = 0;
  for (size_t offset = 0; offset < s.length; offset += 65536) {
    size_t count = s.length - offset < 65536 ? s.length - offset : 65536;
    curtain_decoder_feed(&decoder, s.bytes + offset, count);
    const uint8_t *out;
    size_t length;
    while (curtain_decoder_next(&decoder, &out, &length) == 1) {
      CHECK_EQ_U64(length, decoded == 0 ? size : 5);
      bool same = true;
      for (size_t index = 0; same && index < length; index++) {
        same = out[index] == pattern(3, index);
      }
      CHECK(same);
      decoded++;
    }
  }
  CHECK_EQ_U64(decoded, 2);
  curtain_decoder_free(&decoder);
  free(s.bytes);
}

static void test_server_messages_split_anywhere(void) {
  /* A response and an event, framed and packed by protobuf-c, fed in every
   * two-piece split, unpack to what was sent. */
  Curtain__V1__Empty empty = CURTAIN__V1__EMPTY__INIT;
  Curtain__V1__Response response = CURTAIN__V1__RESPONSE__INIT;
  response.request_id = 300;
  response.trace_id = "trace-1";
  response.result_case = CURTAIN__V1__RESPONSE__RESULT_EMPTY;
  response.empty = &empty;
  Curtain__V1__ServerMessage first = CURTAIN__V1__SERVER_MESSAGE__INIT;
  first.kind_case = CURTAIN__V1__SERVER_MESSAGE__KIND_RESPONSE;
  first.response = &response;
  Curtain__V1__LifecycleEvent lifecycle = CURTAIN__V1__LIFECYCLE_EVENT__INIT;
  lifecycle.controller_id = 3;
  lifecycle.callback = CURTAIN__V1__LIFECYCLE_EVENT__CALLBACK__CALLBACK_VIEW_WILL_APPEAR;
  lifecycle.animated = 1;
  Curtain__V1__Event event = CURTAIN__V1__EVENT__INIT;
  event.window_id = 1;
  event.seq = 12;
  event.time = 0.25;
  event.text = "Detail.viewWillAppear(true)";
  event.kind_case = CURTAIN__V1__EVENT__KIND_LIFECYCLE;
  event.lifecycle = &lifecycle;
  Curtain__V1__ServerMessage second = CURTAIN__V1__SERVER_MESSAGE__INIT;
  second.kind_case = CURTAIN__V1__SERVER_MESSAGE__KIND_EVENT;
  second.event = &event;

  uint8_t bytes[256];
  size_t length = 0;
  const Curtain__V1__ServerMessage *messages[] = {&first, &second};
  for (size_t index = 0; index < 2; index++) {
    size_t size = protobuf_c_message_get_packed_size(&messages[index]->base);
    length += curtain_varint_encode(size, bytes + length);
    length += protobuf_c_message_pack(&messages[index]->base, bytes + length);
  }
  for (size_t split = 0; split <= length; split++) {
    curtain_decoder decoder;
    curtain_decoder_init(&decoder, 1024);
    Curtain__V1__ServerMessage *decoded[2] = {NULL, NULL};
    size_t count = 0;
    const uint8_t *pieces[] = {bytes, bytes + split};
    size_t sizes[] = {split, length - split};
    for (size_t piece = 0; piece < 2; piece++) {
      curtain_decoder_feed(&decoder, pieces[piece], sizes[piece]);
      const uint8_t *payload;
      size_t payload_length;
      while (count < 2 && curtain_decoder_next(&decoder, &payload, &payload_length) == 1) {
        decoded[count++] = curtain__v1__server_message__unpack(NULL, payload_length, payload);
      }
    }
    CHECK_EQ_U64(count, 2);
    if (count == 2 && decoded[0] != NULL && decoded[1] != NULL) {
      CHECK_EQ_U64(decoded[0]->kind_case, CURTAIN__V1__SERVER_MESSAGE__KIND_RESPONSE);
      CHECK_EQ_U64(decoded[0]->response->request_id, 300);
      CHECK_EQ_STR(decoded[0]->response->trace_id, "trace-1");
      CHECK_EQ_U64(decoded[1]->kind_case, CURTAIN__V1__SERVER_MESSAGE__KIND_EVENT);
      CHECK_EQ_U64(decoded[1]->event->seq, 12);
      CHECK_EQ_STR(decoded[1]->event->text, "Detail.viewWillAppear(true)");
      CHECK_EQ_U64(decoded[1]->event->lifecycle->controller_id, 3);
    } else {
      CHECK(false);
    }
    for (size_t index = 0; index < count; index++) {
      if (decoded[index] != NULL) {
        curtain__v1__server_message__free_unpacked(decoded[index], NULL);
      }
    }
    curtain_decoder_free(&decoder);
  }
}

int main(void) {
  static const harness_test tests[] = {
      {"varint encoding", test_varint_encoding},
      {"whole stream at once", test_whole_stream_at_once},
      {"one byte at a time", test_one_byte_at_a_time},
      {"every split point", test_every_split_point},
      {"three-way splits around prefixes", test_three_way_splits_around_prefixes},
      {"length at the limit is accepted", test_length_at_the_limit_is_accepted},
      {"oversize length fails and stays failed", test_oversize_length_fails_and_stays_failed},
      {"oversize is detected from the first prefix bytes",
       test_oversize_is_detected_from_the_first_prefix_bytes},
      {"truncated varint waits for more", test_truncated_varint_waits_for_more},
      {"varint longer than ten bytes is malformed", test_varint_longer_than_ten_bytes_is_malformed},
      {"varint overflowing 64 bits is malformed", test_varint_overflowing_64_bits_is_malformed},
      {"garbage never reads out of bounds", test_garbage_never_reads_out_of_bounds},
      {"all ones is too large or malformed", test_all_ones_is_too_large_or_malformed},
      {"large frame in pieces", test_large_frame_in_pieces},
      {"server messages split anywhere", test_server_messages_split_anywhere},
  };
  return harness_run(tests, sizeof tests / sizeof tests[0]);
}
