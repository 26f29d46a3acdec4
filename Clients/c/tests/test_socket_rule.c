/*
 * The default socket rule (curtain_socket_rule_path, a port of
 * Sources/CurtainWire/SocketRule.swift) against the cases the Swift rule and
 * the Python port are tested with too: Tests/Fixtures/socket-rule-cases.json,
 * whose path is the first argument. A small JSON reader (objects, arrays,
 * strings, non-negative integers) reads the table.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

/* ------------------------------------------------------------------------ */
/* A JSON value: enough of JSON for the table. */

typedef enum json_kind { JSON_STRING, JSON_NUMBER, JSON_OBJECT, JSON_ARRAY } json_kind;

typedef struct json_value {
  json_kind kind;
  /** The member's name, inside an object. */
  char *key;
  /** JSON_STRING. */
  char *text;
  /** JSON_NUMBER: a non-negative integer. */
  unsigned long long number;
  /** The members of JSON_OBJECT or the elements of JSON_ARRAY. */
  struct json_value *items;
  size_t count;
} json_value;

typedef struct json_reader {
  const char *at;
  const char *end;
} json_reader;

static void json_free(json_value *value) {
  for (size_t index = 0; index < value->count; index++) {
    json_free(&value->items[index]);
  }
  free(value->items);
  free(value->key);
  free(value->text);
  memset(value, 0, sizeof *value);
}

static void skip_space(json_reader *reader) {
  while (reader->at < reader->end && (*reader->at == ' ' || *reader->at == '\n' ||
                                      *reader->at == '\r' || *reader->at == '\t')) {
    reader->at++;
  }
}

static bool take(json_reader *reader, char wanted) {
  skip_space(reader);
  if (reader->at < reader->end && *reader->at == wanted) {
    reader->at++;
    return true;
  }
  return false;
}

/** Reads a string (escapes \" \\ \/ \n \t \r and ASCII \u00XX) into a new
 *  allocation. */
static bool read_string(json_reader *reader, char **out) {
  if (!take(reader, '"')) {
    return false;
  }
  size_t capacity = 16;
  size_t length = 0;
  char *text = malloc(capacity);
  if (text == NULL) {
    return false;
  }
  while (reader->at < reader->end && *reader->at != '"') {
    char character = *reader->at++;
    if (character == '\\') {
      if (reader->at >= reader->end) {
        break;
      }
      char escape = *reader->at++;
      switch (escape) {
      case '"':
      case '\\':
      case '/':
        character = escape;
        break;
      case 'n':
        character = '\n';
        break;
      case 't':
        character = '\t';
        break;
      case 'r':
        character = '\r';
        break;
      case 'u': {
        char digits[5] = {0};
        if (reader->end - reader->at < 4) {
          free(text);
          return false;
        }
        memcpy(digits, reader->at, 4);
        reader->at += 4;
        char *rest;
        unsigned long code = strtoul(digits, &rest, 16);
        if (*rest != '\0' || code == 0 || code > 0x7F) {
          free(text);
          return false;
        }
        character = (char)code;
        break;
      }
      default:
        free(text);
        return false;
      }
    }
    if (length + 2 > capacity) {
      capacity *= 2;
      char *grown = realloc(text, capacity);
      if (grown == NULL) {
        free(text);
        return false;
      }
      text = grown;
    }
    text[length++] = character;
  }
  if (reader->at >= reader->end) {
    free(text);
    return false;
  }
  reader->at++;
  text[length] = '\0';
  *out = text;
  return true;
}

static bool read_value(json_reader *reader, json_value *value, int depth);

/** Reads the items of an array or object up to `close`; object members have
 *  a key. */
static bool read_items(json_reader *reader, json_value *value, char close, int depth) {
  if (take(reader, close)) {
    return true;
  }
  do {
    json_value *grown = realloc(value->items, (value->count + 1) * sizeof *grown);
    if (grown == NULL) {
      return false;
    }
    value->items = grown;
    json_value *item = &value->items[value->count++];
    memset(item, 0, sizeof *item);
    char *key = NULL;
    if (value->kind == JSON_OBJECT && !(read_string(reader, &key) && take(reader, ':'))) {
      free(key);
      return false;
    }
    if (!read_value(reader, item, depth + 1)) {
      free(key);
      return false;
    }
    item->key = key;
  } while (take(reader, ','));
  return take(reader, close);
}

static bool read_value(json_reader *reader, json_value *value, int depth) {
  if (depth > 16) {
    return false;
  }
  skip_space(reader);
  if (reader->at >= reader->end) {
    return false;
  }
  switch (*reader->at) {
  case '{':
    reader->at++;
    value->kind = JSON_OBJECT;
    return read_items(reader, value, '}', depth);
  case '[':
    reader->at++;
    value->kind = JSON_ARRAY;
    return read_items(reader, value, ']', depth);
  case '"':
    value->kind = JSON_STRING;
    return read_string(reader, &value->text);
  default: {
    if (*reader->at < '0' || *reader->at > '9') {
      return false;
    }
    value->kind = JSON_NUMBER;
    value->number = 0;
    while (reader->at < reader->end && *reader->at >= '0' && *reader->at <= '9') {
      value->number = value->number * 10 + (unsigned long long)(*reader->at++ - '0');
    }
    return true;
  }
  }
}

/** The member `key` of an object, or NULL. */
static const json_value *json_member(const json_value *object, const char *key) {
  if (object == NULL || object->kind != JSON_OBJECT) {
    return NULL;
  }
  for (size_t index = 0; index < object->count; index++) {
    if (strcmp(object->items[index].key, key) == 0) {
      return &object->items[index];
    }
  }
  return NULL;
}

/** The text of a string member, or NULL when absent. */
static const char *json_text(const json_value *object, const char *key) {
  const json_value *member = json_member(object, key);
  return member != NULL && member->kind == JSON_STRING ? member->text : NULL;
}

/** Reads a whole JSON file; false (with a message) when it cannot. */
static bool json_read_file(const char *path, json_value *out) {
  FILE *file = fopen(path, "rb");
  if (file == NULL) {
    fprintf(stderr, "cannot open %s: %s\n", path, strerror(errno));
    return false;
  }
  char *bytes = NULL;
  size_t length = 0;
  char chunk[4096];
  size_t got;
  while ((got = fread(chunk, 1, sizeof chunk, file)) > 0) {
    char *grown = realloc(bytes, length + got);
    if (grown == NULL) {
      break;
    }
    bytes = grown;
    memcpy(bytes + length, chunk, got);
    length += got;
  }
  fclose(file);
  json_reader reader = {bytes, bytes + length};
  memset(out, 0, sizeof *out);
  bool parsed = bytes != NULL && read_value(&reader, out, 0);
  skip_space(&reader);
  free(bytes);
  if (!parsed || reader.at != reader.end) {
    fprintf(stderr, "%s is not JSON this reader understands\n", path);
    json_free(out);
    return false;
  }
  return true;
}

/* ------------------------------------------------------------------------ */

/** The table's path (the first argument). */
static const char *cases_path;

static void test_the_rule_answers_every_shared_case(void) {
  json_value table;
  REQUIRE(cases_path != NULL);
  REQUIRE(json_read_file(cases_path, &table));
  const json_value *cases = json_member(&table, "cases");
  CHECK(cases != NULL && cases->kind == JSON_ARRAY && cases->count >= 10);
  for (size_t index = 0; cases != NULL && index < cases->count; index++) {
    const json_value *item = &cases->items[index];
    const json_value *env = json_member(item, "env");
    const json_value *uid = json_member(item, "uid");
    const char *name = json_text(item, "name");
    const char *expected = json_text(item, "path");
    CHECK(env != NULL && uid != NULL && uid->kind == JSON_NUMBER && name != NULL &&
          expected != NULL);
    if (env == NULL || uid == NULL || name == NULL || expected == NULL) {
      continue;
    }
    char path[512];
    CHECK_EQ_U64(curtain_socket_rule_path(json_text(env, "CURTAIN_SOCKET"),
                                          json_text(env, "XDG_RUNTIME_DIR"), (uint32_t)uid->number,
                                          name, path, sizeof path),
                 CURTAIN_OK);
    CHECK_EQ_STR(path, expected);
  }
  json_free(&table);
}

static void test_a_path_that_does_not_fit_is_refused(void) {
  char path[32];
  const char *expected = "/tmp/curtain-1000/default.sock";
  size_t needed = strlen(expected) + 1;
  CHECK_EQ_U64(curtain_socket_rule_path(NULL, NULL, 1000, "default", path, needed), CURTAIN_OK);
  CHECK_EQ_STR(path, expected);
  CHECK_EQ_U64(curtain_socket_rule_path(NULL, NULL, 1000, "default", path, needed - 1),
               (uint64_t)CURTAIN_E_INVALID);
  CHECK_EQ_U64(curtain_socket_rule_path("/a/b.sock", NULL, 1000, "default", path, 5),
               (uint64_t)CURTAIN_E_INVALID);
  CHECK_EQ_U64(curtain_socket_rule_path(NULL, NULL, 1000, NULL, path, sizeof path),
               (uint64_t)CURTAIN_E_INVALID);
}

static void test_the_default_path_honours_curtain_socket(void) {
  char path[256];
  setenv("XDG_RUNTIME_DIR", "/run/user/7", 1);
  setenv("CURTAIN_SOCKET", "/srv/curtain/main.sock", 1);
  CHECK_EQ_U64(curtain_default_socket_path(path, sizeof path), CURTAIN_OK);
  CHECK_EQ_STR(path, "/srv/curtain/main.sock");
  setenv("CURTAIN_SOCKET", "", 1);
  CHECK_EQ_U64(curtain_default_socket_path(path, sizeof path), CURTAIN_OK);
  CHECK_EQ_STR(path, "/run/user/7/curtain/default.sock");
  unsetenv("CURTAIN_SOCKET");
  unsetenv("XDG_RUNTIME_DIR");
}

int main(int argc, char **argv) {
  cases_path = argc > 1 ? argv[1] : NULL;
  static const harness_test tests[] = {
      {"the rule answers every shared case", test_the_rule_answers_every_shared_case},
      {"a path that does not fit is refused", test_a_path_that_does_not_fit_is_refused},
      {"the default path honours CURTAIN_SOCKET", test_the_default_path_honours_curtain_socket},
  };
  return harness_run(tests, sizeof tests / sizeof tests[0]);
}
