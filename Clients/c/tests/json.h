/*
 * A small JSON reader for the tests' shared tables (the JSON files of Tests/Fixtures):
 * objects, arrays, strings (escapes \" \\ \/ \n \t \r and ASCII \u00XX;
 * other characters as their UTF-8 bytes), non-negative numbers, true, false
 * and null.
 */
#ifndef CURTAIN_TESTS_JSON_H
#define CURTAIN_TESTS_JSON_H

#include <stdbool.h>
#include <stddef.h>

typedef enum json_kind {
  JSON_STRING,
  JSON_NUMBER,
  JSON_OBJECT,
  JSON_ARRAY,
  JSON_BOOL,
  JSON_NULL
} json_kind;

typedef struct json_value {
  json_kind kind;
  /** The member's name, inside an object. */
  char *key;
  /** JSON_STRING. */
  char *text;
  /** JSON_NUMBER: its whole part (a non-negative integer); JSON_BOOL: 1 or 0. */
  unsigned long long number;
  /** JSON_NUMBER: its value, fraction and exponent included. */
  double real;
  /** The members of JSON_OBJECT or the elements of JSON_ARRAY. */
  struct json_value *items;
  size_t count;
} json_value;

/** Frees what a value holds and zeroes it. */
void json_free(json_value *value);

/** The member `key` of an object, or NULL. */
const json_value *json_member(const json_value *object, const char *key);

/** The text of a string member, or NULL when absent. */
const char *json_text(const json_value *object, const char *key);

/** Reads a whole JSON file; false (with a message) when it cannot. */
bool json_read_file(const char *path, json_value *out);

#endif
