/*
 * The names `curtain` accepts on its command line for windows, transitions
 * and controllers: a port of Sources/CurtainCLIKit/TargetName.swift, tested
 * against the same cases (Tests/Fixtures/name-cases.json,
 * tests/test_names.c) with the same messages: change them together.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "curtain.h"

/** Writes the message (when there is room for one) and answers
 *  CURTAIN_E_INVALID. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static int
refuse(char *error, size_t error_size, const char *format, ...) {
  if (error != NULL && error_size > 0) {
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(error, error_size, format, arguments);
    va_end(arguments);
  }
  return CURTAIN_E_INVALID;
}

/** Reads `text` as ASCII digits into `*value` (0 included); false when it
 *  is empty, has anything else, or passes UINT64_MAX. */
static bool read_digits(const char *text, uint64_t *value) {
  uint64_t result = 0;
  if (text[0] == '\0') {
    return false;
  }
  for (const char *digit = text; *digit != '\0'; digit++) {
    if (*digit < '0' || *digit > '9') {
      return false;
    }
    uint64_t next = (uint64_t)(*digit - '0');
    if (result > (UINT64_MAX - next) / 10) {
      return false;
    }
    result = result * 10 + next;
  }
  *value = result;
  return true;
}

static int read_number(const char *text, char prefix, const char *what, const char *example,
                       uint64_t *id, char *error, size_t error_size) {
  if (text == NULL || id == NULL) {
    return refuse(error, error_size, "no %s given: use %s or %s", what, example, example + 1);
  }
  uint64_t value;
  if (!read_digits(text[0] == prefix ? text + 1 : text, &value)) {
    return refuse(error, error_size, "'%s' is not a %s: use %s or %s", text, what, example,
                  example + 1);
  }
  if (value == 0) {
    return refuse(error, error_size, "%s ids start at 1, so '%s' names none", what, text);
  }
  *id = value;
  return CURTAIN_OK;
}

int curtain_parse_window(const char *text, uint64_t *id, char *error, size_t error_size) {
  return read_number(text, 'w', "window", "w3", id, error, error_size);
}

int curtain_parse_transition(const char *text, uint64_t *id, char *error, size_t error_size) {
  return read_number(text, 't', "transition", "t5", id, error, error_size);
}

int curtain_parse_controller(const char *text, Curtain__V1__ControllerRef *ref, char *error,
                             size_t error_size) {
  if (text == NULL || ref == NULL) {
    return refuse(error, error_size,
                  "no controller given: use c<id> (c12) or @<identifier> (@Home)");
  }
  if (text[0] == '@') {
    if (text[1] == '\0') {
      return refuse(error, error_size, "'@' must be followed by an identifier, as in @Home");
    }
    curtain__v1__controller_ref__init(ref);
    ref->ref_case = CURTAIN__V1__CONTROLLER_REF__REF_IDENTIFIER;
    /* protobuf-c's strings are not const; the library never writes to it. */
    ref->identifier = (char *)(uintptr_t)(text + 1);
    return CURTAIN_OK;
  }
  uint64_t value;
  if (text[0] != 'c' || !read_digits(text + 1, &value) || value == 0) {
    return refuse(error, error_size,
                  "'%s' is not a controller name: use c<id> (c12) or @<identifier> (@Home)", text);
  }
  curtain__v1__controller_ref__init(ref);
  ref->ref_case = CURTAIN__V1__CONTROLLER_REF__REF_ID;
  ref->id = value;
  return CURTAIN_OK;
}
