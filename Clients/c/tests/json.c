/* The tests' JSON reader (json.h). */
#include "json.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct json_reader {
  const char *at;
  const char *end;
} json_reader;

void json_free(json_value *value) {
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
  case 't':
  case 'f':
  case 'n': {
    static const char *const words[] = {"true", "false", "null"};
    for (size_t index = 0; index < 3; index++) {
      size_t length = strlen(words[index]);
      if ((size_t)(reader->end - reader->at) >= length &&
          memcmp(reader->at, words[index], length) == 0) {
        reader->at += length;
        value->kind = index == 2 ? JSON_NULL : JSON_BOOL;
        value->number = index == 0;
        return true;
      }
    }
    return false;
  }
  default: {
    if (*reader->at < '0' || *reader->at > '9') {
      return false;
    }
    value->kind = JSON_NUMBER;
    value->number = 0;
    const char *start = reader->at;
    while (reader->at < reader->end && *reader->at >= '0' && *reader->at <= '9') {
      value->number = value->number * 10 + (unsigned long long)(*reader->at++ - '0');
    }
    while (reader->at < reader->end && strchr("0123456789.eE+-", *reader->at) != NULL) {
      reader->at++;
    }
    char digits[64];
    size_t length = (size_t)(reader->at - start);
    if (length >= sizeof digits) {
      return false;
    }
    memcpy(digits, start, length);
    digits[length] = '\0';
    char *rest;
    value->real = strtod(digits, &rest);
    return *rest == '\0';
  }
  }
}

/** The member `key` of an object, or NULL. */
const json_value *json_member(const json_value *object, const char *key) {
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
const char *json_text(const json_value *object, const char *key) {
  const json_value *member = json_member(object, key);
  return member != NULL && member->kind == JSON_STRING ? member->text : NULL;
}

/** Reads a whole JSON file; false (with a message) when it cannot. */
bool json_read_file(const char *path, json_value *out) {
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
