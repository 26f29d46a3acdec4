/*
 * Framing: a varint length, then that many bytes of one message.
 *
 * The decoder keeps the bytes fed to it in one growable buffer. `start` is
 * where the next frame begins; bytes before it have been returned. The
 * buffer is compacted (the unread tail moved to the front) only when new
 * bytes are fed, so a payload returned by `curtain_decoder_next` stays valid
 * until the next feed or next call, as documented.
 */
#include <stdlib.h>
#include <string.h>

#include "curtain.h"

void curtain_decoder_init(curtain_decoder *decoder, size_t max_frame_bytes) {
  memset(decoder, 0, sizeof *decoder);
  decoder->max_frame_bytes = max_frame_bytes;
}

void curtain_decoder_free(curtain_decoder *decoder) {
  free(decoder->buffer);
  decoder->buffer = NULL;
  decoder->start = 0;
  decoder->length = 0;
  decoder->capacity = 0;
}

size_t curtain_decoder_buffered(const curtain_decoder *decoder) {
  return decoder->length - decoder->start;
}

uint64_t curtain_decoder_failed_length(const curtain_decoder *decoder) {
  return decoder->failed_length;
}

int curtain_decoder_feed(curtain_decoder *decoder, const void *bytes, size_t count) {
  if (count == 0) {
    return CURTAIN_OK;
  }
  if (decoder->start > 0) {
    size_t unread = decoder->length - decoder->start;
    memmove(decoder->buffer, decoder->buffer + decoder->start, unread);
    decoder->length = unread;
    decoder->start = 0;
  }
  if (count > SIZE_MAX - decoder->length) {
    return CURTAIN_E_NOMEM;
  }
  size_t needed = decoder->length + count;
  if (needed > decoder->capacity) {
    size_t capacity = decoder->capacity ? decoder->capacity : 4096;
    while (capacity < needed) {
      capacity = capacity > SIZE_MAX / 2 ? needed : capacity * 2;
    }
    uint8_t *grown = realloc(decoder->buffer, capacity);
    if (grown == NULL) {
      return CURTAIN_E_NOMEM;
    }
    decoder->buffer = grown;
    decoder->capacity = capacity;
  }
  memcpy(decoder->buffer + decoder->length, bytes, count);
  decoder->length = needed;
  return CURTAIN_OK;
}

/* Records a failure; every later call returns it. */
static int decoder_fail(curtain_decoder *decoder, int failure, uint64_t length) {
  decoder->failure = failure;
  decoder->failed_length = length;
  return failure;
}

int curtain_decoder_next(curtain_decoder *decoder, const uint8_t **payload, size_t *length) {
  if (decoder->failure != 0) {
    return decoder->failure;
  }
  uint64_t value = 0;
  unsigned shift = 0;
  size_t index = decoder->start;
  for (;;) {
    if (index >= decoder->length) {
      return 0;
    }
    uint8_t byte = decoder->buffer[index++];
    /* The tenth byte holds bit 63 only. */
    if (shift == 63 && byte > 1) {
      return decoder_fail(decoder, CURTAIN_E_FRAMING, 0);
    }
    value |= (uint64_t)(byte & 0x7F) << shift;
    if ((byte & 0x80) == 0) {
      break;
    }
    shift += 7;
    if (shift > 63) {
      return decoder_fail(decoder, CURTAIN_E_FRAMING, 0);
    }
    /* Reject an oversized length as soon as its prefix shows it. */
    if (value > decoder->max_frame_bytes) {
      return decoder_fail(decoder, CURTAIN_E_TOO_LARGE, value);
    }
  }
  if (value > decoder->max_frame_bytes) {
    return decoder_fail(decoder, CURTAIN_E_TOO_LARGE, value);
  }
  if (value > decoder->length - index) {
    return 0;
  }
  *payload = decoder->buffer + index;
  *length = (size_t)value;
  decoder->start = index + (size_t)value;
  if (decoder->start == decoder->length) {
    decoder->start = 0;
    decoder->length = 0;
  }
  return 1;
}

size_t curtain_varint_encode(uint64_t value, uint8_t *out) {
  size_t count = 0;
  while (value >= 0x80) {
    out[count++] = (uint8_t)(value | 0x80);
    value >>= 7;
  }
  out[count++] = (uint8_t)value;
  return count;
}
