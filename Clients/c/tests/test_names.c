/*
 * The name readers (curtain_parse_window, curtain_parse_transition,
 * curtain_parse_controller, a port of Sources/CurtainCLIKit/TargetName.swift)
 * against the cases the CLI, the Python client and the web API are tested
 * with too: Tests/Fixtures/name-cases.json, whose path is the first argument.
 */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "json.h"

/** The table's path (the first argument). */
static const char *cases_path;

/** Checks one case: what the reader answers against the table's id,
 *  identifier or error. */
static void check_case(const json_value *item) {
  const char *kind = json_text(item, "kind");
  const char *text = json_text(item, "text");
  const char *error = json_text(item, "error");
  const char *identifier = json_text(item, "identifier");
  const json_value *id = json_member(item, "id");
  CHECK(kind != NULL && text != NULL);
  CHECK((error != NULL) + (identifier != NULL) + (id != NULL) == 1);
  if (kind == NULL || text == NULL) {
    return;
  }
  int failures = harness_failures;
  char message[CURTAIN_NAME_ERROR_MAX] = "";
  uint64_t read_id = 0;
  const char *read_identifier = NULL;
  int status;
  if (strcmp(kind, "controller") == 0) {
    Curtain__V1__ControllerRef ref;
    status = curtain_parse_controller(text, &ref, message, sizeof message);
    if (status == CURTAIN_OK && ref.ref_case == CURTAIN__V1__CONTROLLER_REF__REF_ID) {
      read_id = ref.id;
    } else if (status == CURTAIN_OK) {
      CHECK_EQ_U64(ref.ref_case, CURTAIN__V1__CONTROLLER_REF__REF_IDENTIFIER);
      read_identifier = ref.identifier;
    }
  } else if (strcmp(kind, "window") == 0) {
    status = curtain_parse_window(text, &read_id, message, sizeof message);
  } else {
    CHECK_EQ_STR(kind, "transition");
    status = curtain_parse_transition(text, &read_id, message, sizeof message);
  }
  if (error != NULL) {
    CHECK_EQ_U64(status, (uint64_t)CURTAIN_E_INVALID);
    CHECK_EQ_STR(message, error);
  } else if (identifier != NULL) {
    CHECK_EQ_U64(status, CURTAIN_OK);
    CHECK_EQ_STR(read_identifier != NULL ? read_identifier : "(an id)", identifier);
  } else {
    CHECK_EQ_U64(status, CURTAIN_OK);
    CHECK(read_identifier == NULL);
    CHECK_EQ_U64(read_id, id->number);
  }
  if (harness_failures > failures) {
    fprintf(stderr, "  in the case %s '%s'\n", kind, text);
  }
}

static void test_the_readers_answer_every_shared_case(void) {
  json_value table;
  REQUIRE(cases_path != NULL);
  REQUIRE(json_read_file(cases_path, &table));
  const json_value *cases = json_member(&table, "cases");
  CHECK(cases != NULL && cases->kind == JSON_ARRAY && cases->count >= 40);
  for (size_t index = 0; cases != NULL && index < cases->count; index++) {
    check_case(&cases->items[index]);
  }
  json_free(&table);
}

static void test_missing_arguments_and_short_buffers(void) {
  char message[16];
  uint64_t id = 7;
  CHECK_EQ_U64(curtain_parse_window(NULL, &id, message, sizeof message),
               (uint64_t)CURTAIN_E_INVALID);
  CHECK_EQ_U64(id, 7);
  /* Cut to fit, with its NUL. */
  CHECK_EQ_U64(curtain_parse_window("x3", &id, message, sizeof message),
               (uint64_t)CURTAIN_E_INVALID);
  CHECK_EQ_STR(message, "'x3' is not a w");
  /* No room for a message: still refused. */
  CHECK_EQ_U64(curtain_parse_transition("t0", &id, NULL, 0), (uint64_t)CURTAIN_E_INVALID);
  CHECK_EQ_U64(curtain_parse_controller(NULL, NULL, NULL, 0), (uint64_t)CURTAIN_E_INVALID);
  CHECK_EQ_U64(curtain_parse_transition("t18446744073709551615", &id, NULL, 0), CURTAIN_OK);
  CHECK_EQ_U64(id, UINT64_MAX);
}

int main(int argc, char **argv) {
  cases_path = argc > 1 ? argv[1] : NULL;
  static const harness_test tests[] = {
      {"the readers answer every shared case", test_the_readers_answer_every_shared_case},
      {"missing arguments and short buffers", test_missing_arguments_and_short_buffers},
  };
  return harness_run(tests, sizeof tests / sizeof tests[0]);
}
