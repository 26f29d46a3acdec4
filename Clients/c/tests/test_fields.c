/*
 * The C client hands out the protocol's messages (protobuf-c structs), whose
 * fields have the protocol's names. Against the mapping of results to names
 * the CLI, the Python client and the web API are tested with too
 * (Tests/Fixtures/field-cases.json, whose path is the first argument;
 * docs/fields.md): every protocol path of the table is a field of the C
 * structs, and holds what the table's example is (a string, a whole
 * number, a number, a flag, a list or a map).
 */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "json.h"

/** The table's path (the first argument). */
static const char *cases_path;

/** The messages a response, an event or a frame carries, found by walking
 *  their fields from those three. */
static const ProtobufCMessageDescriptor *known[256];
static size_t known_count;

static void learn(const ProtobufCMessageDescriptor *descriptor) {
  for (size_t index = 0; index < known_count; index++) {
    if (known[index] == descriptor) {
      return;
    }
  }
  REQUIRE(known_count < sizeof known / sizeof known[0]);
  known[known_count++] = descriptor;
  for (unsigned index = 0; index < descriptor->n_fields; index++) {
    const ProtobufCFieldDescriptor *field = &descriptor->fields[index];
    if (field->type == PROTOBUF_C_TYPE_MESSAGE) {
      learn(field->descriptor);
    }
  }
}

/** The message named `name` (`WindowInfo`, `SessionList.Entry`). */
static const ProtobufCMessageDescriptor *message_named(const char *name) {
  char full[128];
  snprintf(full, sizeof full, "curtain.v1.%s", name);
  for (size_t index = 0; index < known_count; index++) {
    if (strcmp(known[index]->name, full) == 0) {
      return known[index];
    }
  }
  return NULL;
}

/** The field at a dotted `path` of `message`, or NULL. */
static const ProtobufCFieldDescriptor *field_at(const ProtobufCMessageDescriptor *message,
                                                const char *path) {
  char copy[128];
  snprintf(copy, sizeof copy, "%s", path);
  const ProtobufCFieldDescriptor *field = NULL;
  char *rest = NULL;
  for (char *part = strtok_r(copy, ".", &rest); part != NULL; part = strtok_r(NULL, ".", &rest)) {
    if (message == NULL) {
      return NULL;
    }
    field = protobuf_c_message_descriptor_get_field_by_name(message, part);
    if (field == NULL) {
      return NULL;
    }
    message = field->type == PROTOBUF_C_TYPE_MESSAGE ? field->descriptor : NULL;
  }
  return field;
}

static bool whole(ProtobufCType type) {
  return type == PROTOBUF_C_TYPE_UINT64 || type == PROTOBUF_C_TYPE_UINT32 ||
         type == PROTOBUF_C_TYPE_INT64 || type == PROTOBUF_C_TYPE_INT32;
}

/** Whether a value of `field` holds what `example` is. */
static bool holds(const ProtobufCFieldDescriptor *field, const json_value *example) {
  bool repeated = field->label == PROTOBUF_C_LABEL_REPEATED;
  switch (example->kind) {
  case JSON_ARRAY:
    return repeated && (example->count == 0 || (field->type == PROTOBUF_C_TYPE_STRING
                                                    ? example->items[0].kind == JSON_STRING
                                                    : whole(field->type)));
  case JSON_OBJECT:
    // A map is a repeated entry message.
    return repeated && field->type == PROTOBUF_C_TYPE_MESSAGE;
  case JSON_STRING:
    return !repeated && field->type == PROTOBUF_C_TYPE_STRING;
  case JSON_BOOL:
    return !repeated && field->type == PROTOBUF_C_TYPE_BOOL;
  case JSON_NUMBER:
    if (repeated) {
      return false;
    }
    if (field->type == PROTOBUF_C_TYPE_DOUBLE || field->type == PROTOBUF_C_TYPE_FLOAT) {
      return true;
    }
    return whole(field->type) && example->real == (double)example->number;
  case JSON_NULL:
    return false;
  }
  return false;
}

static void check_kind(const json_value *kind) {
  const char *name = json_text(kind, "message");
  const json_value *fields = json_member(kind, "fields");
  REQUIRE(name != NULL && fields != NULL && fields->kind == JSON_ARRAY);
  const ProtobufCMessageDescriptor *message = message_named(name);
  if (message == NULL) {
    fprintf(stderr, "no message curtain.v1.%s among the results\n", name);
    harness_failures++;
    return;
  }
  for (size_t index = 0; index < fields->count; index++) {
    const json_value *item = &fields->items[index];
    const char *path = json_text(item, "protocol");
    const json_value *example = json_member(item, "example");
    if (path == NULL) {
      continue; // the CLI's own value
    }
    const ProtobufCFieldDescriptor *field = field_at(message, path);
    if (field == NULL) {
      fprintf(stderr, "%s has no field %s\n", name, path);
      harness_failures++;
    } else if (example != NULL && !holds(field, example)) {
      fprintf(stderr, "%s.%s does not hold the example of %s\n", name, path,
              json_text(item, "json"));
      harness_failures++;
    }
  }
}

static void test_every_protocol_field_of_the_shared_table_is_in_the_structs(void) {
  known_count = 0;
  learn(&curtain__v1__response__descriptor);
  learn(&curtain__v1__event__descriptor);
  learn(&curtain__v1__frame__descriptor);
  json_value table;
  REQUIRE(cases_path != NULL);
  REQUIRE(json_read_file(cases_path, &table));
  const json_value *kinds = json_member(&table, "kinds");
  CHECK(kinds != NULL && kinds->kind == JSON_ARRAY && kinds->count >= 20);
  for (size_t index = 0; kinds != NULL && index < kinds->count; index++) {
    check_kind(&kinds->items[index]);
  }
  json_free(&table);
}

static void test_an_absent_id_reads_0_and_an_absent_message_null(void) {
  Curtain__V1__WindowInfo window = CURTAIN__V1__WINDOW_INFO__INIT;
  CHECK_EQ_U64(window.root_id, 0);
  CHECK(window.lease == NULL);
  Curtain__V1__ControllerNode node = CURTAIN__V1__CONTROLLER_NODE__INIT;
  CHECK(node.presentation == NULL && node.frame == NULL);
  CHECK_EQ_STR(node.identifier, "");
}

int main(int argc, char **argv) {
  cases_path = argc > 1 ? argv[1] : NULL;
  static const harness_test tests[] = {
      {"every protocol field of the shared table is in the structs",
       test_every_protocol_field_of_the_shared_table_is_in_the_structs},
      {"an absent id reads 0 and an absent message NULL",
       test_an_absent_id_reads_0_and_an_absent_message_null},
  };
  return harness_run(tests, sizeof tests / sizeof tests[0]);
}
