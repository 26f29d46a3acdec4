/*
 * The default socket rule (curtain_socket_rule_path, a port of
 * Sources/CurtainWire/SocketRule.swift) against the cases the Swift rule and
 * the Python port are tested with too: Tests/Fixtures/socket-rule-cases.json,
 * whose path is the first argument (read with json.h).
 */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "json.h"

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
