/*
 * libcurtain's collection view controller helpers (SEMANTICS §3): layouts
 * built as messages (checked, freed whole under valgrind), and against the
 * real curtaind (CURTAIND) on a manual clock: collection view controllers
 * created with their items and layouts, a layout-to-layout push whose frame
 * half way has the item between its two layouts' frames, the pop back,
 * set-layout, and an interactive layout transition whose transitionProgress
 * interpolates linearly, cancelled and then finished; item frames read back
 * from the tree; the errors.
 */
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "session.h"

#define CHECK_NEAR(actual, expected)                                                               \
  do {                                                                                             \
    double near_actual = (actual);                                                                 \
    double near_expected = (expected);                                                             \
    if (!(fabs(near_actual - near_expected) < 1e-9)) {                                             \
      fprintf(stderr, "%s:%d: %s is %g, expected %g\n", __FILE__, __LINE__, #actual, near_actual,  \
              near_expected);                                                                      \
      harness_failures++;                                                                          \
    }                                                                                              \
  } while (0)

/* Checks `count` frames (four numbers each) against `expected`, number by
 * number. */
static void check_frames(const double *frames, const double *expected, size_t count) {
  for (size_t index = 0; index < 4 * count; index++) {
    CHECK_NEAR(frames[index], expected[index]);
  }
}

static void test_layouts_are_checked_and_freed_whole(void) {
  double spacing = 4;
  double line = 6;
  double inset[4] = {1, 2, 3, 4};
  Curtain__V1__CollectionLayout *flow = curtain_flow_layout(80, 90, &spacing, &line, inset);
  REQUIRE(flow != NULL);
  CHECK_EQ_U64(flow->kind_case, CURTAIN__V1__COLLECTION_LAYOUT__KIND_FLOW);
  CHECK(flow->flow->item_size->width == 80 && flow->flow->item_size->height == 90);
  CHECK(flow->flow->_interitem_spacing_case != 0 && flow->flow->interitem_spacing == 4);
  CHECK(flow->flow->_line_spacing_case != 0 && flow->flow->line_spacing == 6);
  CHECK(flow->flow->section_inset->left == 2 && flow->flow->section_inset->right == 4);
  protobuf_c_message_free_unpacked(&flow->base, NULL);

  Curtain__V1__CollectionLayout *defaults = curtain_flow_layout(50, 50, NULL, NULL, NULL);
  REQUIRE(defaults != NULL);
  CHECK(defaults->flow->_interitem_spacing_case == 0 && defaults->flow->_line_spacing_case == 0);
  CHECK(defaults->flow->section_inset == NULL);
  protobuf_c_message_free_unpacked(&defaults->base, NULL);

  double negative = -1;
  double bad_inset[4] = {0, 0, NAN, 0};
  CHECK(curtain_flow_layout(0, 50, NULL, NULL, NULL) == NULL);
  CHECK(curtain_flow_layout(NAN, 50, NULL, NULL, NULL) == NULL);
  CHECK(curtain_flow_layout(50, INFINITY, NULL, NULL, NULL) == NULL);
  CHECK(curtain_flow_layout(50, 50, &negative, NULL, NULL) == NULL);
  CHECK(curtain_flow_layout(50, 50, NULL, &negative, NULL) == NULL);
  CHECK(curtain_flow_layout(50, 50, NULL, NULL, bad_inset) == NULL);

  const double frames[] = {0, 0, 10, 20, 10, 0, 10, 20};
  Curtain__V1__CollectionLayout *given = curtain_frames_layout(frames, 2);
  REQUIRE(given != NULL);
  CHECK_EQ_U64(given->kind_case, CURTAIN__V1__COLLECTION_LAYOUT__KIND_FRAMES);
  CHECK_EQ_U64(given->frames->n_frames, 2);
  CHECK(given->frames->frames[1]->x == 10 && given->frames->frames[1]->height == 20);
  protobuf_c_message_free_unpacked(&given->base, NULL);
  Curtain__V1__CollectionLayout *none = curtain_frames_layout(NULL, 0);
  REQUIRE(none != NULL);
  CHECK_EQ_U64(none->frames->n_frames, 0);
  protobuf_c_message_free_unpacked(&none->base, NULL);

  const double negative_width[] = {0, 0, -1, 5};
  const double infinite[] = {INFINITY, 0, 1, 5};
  CHECK(curtain_frames_layout(negative_width, 1) == NULL);
  CHECK(curtain_frames_layout(infinite, 1) == NULL);
  CHECK(curtain_frames_layout(NULL, 1) == NULL);
  CHECK(curtain_frames_layout(frames, CURTAIN_COLLECTION_MAX_ITEMS + 1) == NULL);
}

/* Sends with a helper whose answer goes to the recorder, and waits for it. */
static const Curtain__V1__Response *last_answer(uv_loop_t *loop, test_connection *connection,
                                                size_t before) {
  if (!harness_wait_count(loop, &connection->recorder.answer_count, before + 1)) {
    return NULL;
  }
  return connection->recorder.answers[before];
}

/* The item frames of `collection` in the window's tree, with views. */
static int64_t item_frames(uv_loop_t *loop, test_connection *connection, uint64_t window,
                           uint64_t collection, double *frames, size_t capacity) {
  Curtain__V1__GetTree body = CURTAIN__V1__GET_TREE__INIT;
  body.window_id = window;
  body.include_views = 1;
  Curtain__V1__Request request = CURTAIN__V1__REQUEST__INIT;
  request.body_case = CURTAIN__V1__REQUEST__BODY_GET_TREE;
  request.get_tree = &body;
  const Curtain__V1__Response *response =
      call(loop, connection, &request, CURTAIN__V1__RESPONSE__RESULT_TREE);
  return response != NULL
             ? curtain_collection_item_frames(response->tree, collection, frames, capacity)
             : -2;
}

/* The presentation frame of view `view` in the recorder's last frame;
 * false when that frame does not have it. */
static bool frame_of(const harness_recorder *recorder, uint64_t view, double frame[4]) {
  if (recorder->frame_count == 0) {
    return false;
  }
  const Curtain__V1__Frame *last = recorder->frames[recorder->frame_count - 1];
  for (size_t index = 0; index < last->n_views; index++) {
    const Curtain__V1__ViewFrame *values = last->views[index];
    if (values->view_id == view && values->state != NULL && values->state->frame != NULL) {
      frame[0] = values->state->frame->x;
      frame[1] = values->state->frame->y;
      frame[2] = values->state->frame->width;
      frame[3] = values->state->frame->height;
      return true;
    }
  }
  return false;
}

/* The view ids of the collection's items, from its tree node. */
static size_t item_views(uv_loop_t *loop, test_connection *connection, uint64_t window,
                         const char *identifier, uint64_t *views, size_t capacity) {
  const Curtain__V1__ControllerNode *root = tree_root(loop, connection, window);
  for (size_t child = 0; root != NULL && child < root->n_children; child++) {
    const Curtain__V1__ControllerNode *node = root->children[child];
    if (strcmp(node->identifier, identifier) == 0 && node->collection != NULL) {
      size_t count = node->collection->n_item_view_ids;
      for (size_t index = 0; index < count && index < capacity; index++) {
        views[index] = node->collection->item_view_ids[index];
      }
      return count;
    }
  }
  return 0;
}

static void test_layout_to_layout_and_layout_transitions(void) {
  uv_loop_t loop;
  harness_daemon daemon;
  if (!start_daemon(&loop, &daemon)) {
    return;
  }
  test_connection session;
  if (connect_to(&loop, &daemon, &session, "c-collections")) {
    harness_recorder *recorder = &session.recorder;
    curtain_client *client = session.client;
    /* Small: four items in UIKit's default flow layout; Large: four 150-point
     * items, layout-to-layout. */
    size_t answers = recorder->answer_count;
    CHECK_EQ_U64(curtain_create_collection(client, NULL, "Small", 4, NULL, 0, harness_record_answer,
                                           recorder),
                 CURTAIN_OK);
    const Curtain__V1__Response *small = last_answer(&loop, &session, answers);
    REQUIRE(small != NULL && small->result_case == CURTAIN__V1__RESPONSE__RESULT_CONTROLLER);
    uint64_t small_id = small->controller->id;
    Curtain__V1__CollectionLayout *large_layout = curtain_flow_layout(150, 150, NULL, NULL, NULL);
    REQUIRE(large_layout != NULL);
    answers = recorder->answer_count;
    CHECK_EQ_U64(curtain_create_collection(client, NULL, "Large", 4, large_layout, 1,
                                           harness_record_answer, recorder),
                 CURTAIN_OK);
    protobuf_c_message_free_unpacked(&large_layout->base, NULL);
    const Curtain__V1__Response *large = last_answer(&loop, &session, answers);
    REQUIRE(large != NULL && large->result_case == CURTAIN__V1__RESPONSE__RESULT_CONTROLLER);
    uint64_t large_id = large->controller->id;

    /* Refused here, and by the daemon. */
    CHECK_EQ_U64(curtain_create_collection(client, NULL, "Huge", 1001, NULL, 0, NULL, NULL),
                 CURTAIN_E_INVALID);
    CHECK_EQ_STR(curtain_last_error(client), "1001 items: a collection view has at most 1000");
    const double one[] = {0, 0, 10, 10};
    Curtain__V1__CollectionLayout *too_few = curtain_frames_layout(one, 1);
    REQUIRE(too_few != NULL);
    answers = recorder->answer_count;
    CHECK_EQ_U64(curtain_create_collection(client, NULL, "Bad", 3, too_few, 0,
                                           harness_record_answer, recorder),
                 CURTAIN_OK);
    protobuf_c_message_free_unpacked(&too_few->base, NULL);
    const Curtain__V1__Response *refused = last_answer(&loop, &session, answers);
    REQUIRE(refused != NULL && refused->result_case == CURTAIN__V1__RESPONSE__RESULT_ERROR);
    CHECK_EQ_STR(refused->error->message, "The layout gives 1 item frames for 3 items");

    /* Nav = nav[Small] as a window's root. */
    create_controller(&loop, &session, CURTAIN__V1__CONTROLLER_KIND__CONTROLLER_KIND_NAVIGATION,
                      "Nav");
    Curtain__V1__ControllerRef nav = reference("Nav");
    Curtain__V1__ControllerRef small_ref = reference("Small");
    Curtain__V1__ControllerRef large_ref = reference("Large");
    Curtain__V1__ControllerRef *stack[] = {&small_ref};
    Curtain__V1__SetStack set_stack = CURTAIN__V1__SET_STACK__INIT;
    set_stack.navigation = &nav;
    set_stack.n_controllers = 1;
    set_stack.controllers = stack;
    Curtain__V1__Request request = CURTAIN__V1__REQUEST__INIT;
    request.body_case = CURTAIN__V1__REQUEST__BODY_SET_STACK;
    request.set_stack = &set_stack;
    REQUIRE(call(&loop, &session, &request, CURTAIN__V1__RESPONSE__RESULT_OPERATION) != NULL);
    uint64_t window = make_window(&loop, &session, "Nav");
    REQUIRE(window != 0);
    double frames[8 * 4];
    const double small_frames[] = {0, 0, 50, 50, 60, 0, 50, 50, 120, 0, 50, 50, 180, 0, 50, 50};
    const double large_frames[] = {0, 0,   150, 150, 240, 0,   150, 150,
                                   0, 160, 150, 150, 240, 160, 150, 150};
    CHECK_EQ_U64(item_frames(&loop, &session, window, small_id, frames, 8), 4);
    check_frames(frames, small_frames, 4);
    CHECK_EQ_U64(item_frames(&loop, &session, window, large_id, frames, 8), -1);
    REQUIRE(subscribe(&loop, &session, window, false,
                      CURTAIN__V1__SUBSCRIBE__FRAME_POLICY__FRAME_POLICY_LATEST, 0) != 0);

    /* The layout-to-layout push: half way (easeInOut(0.5) = 0.5) Large's
     * second item is between Small's (60, 0, 50, 50) and its own
     * (240, 0, 150, 150). */
    answers = recorder->answer_count;
    CHECK_EQ_U64(curtain_push_layout_to_layout(client, NULL, &nav, &large_ref,
                                               harness_record_answer, recorder),
                 CURTAIN_OK);
    const Curtain__V1__Response *pushed = last_answer(&loop, &session, answers);
    REQUIRE(pushed != NULL && pushed->result_case == CURTAIN__V1__RESPONSE__RESULT_OPERATION);
    CHECK(pushed->operation->transition_id != 0);
    size_t frames_before = recorder->frame_count;
    REQUIRE(advance(&loop, &session, window, 0.175) != NULL);
    CHECK(harness_wait_frames(&loop, recorder, frames_before + 1));
    uint64_t views[4];
    REQUIRE(item_views(&loop, &session, window, "Large", views, 4) == 4);
    double half[4];
    REQUIRE(frame_of(recorder, views[1], half));
    const double half_way[] = {150, 0, 100, 100};
    check_frames(half, half_way, 1);
    REQUIRE(advance(&loop, &session, window, 0.175) != NULL);
    CHECK_EQ_U64(item_frames(&loop, &session, window, large_id, frames, 8), 4);
    check_frames(frames, large_frames, 4);

    /* The pop moves them back; Small shows its own frames again. */
    answers = recorder->answer_count;
    CHECK_EQ_U64(curtain_pop_layout_to_layout(client, NULL, &nav, harness_record_answer, recorder),
                 CURTAIN_OK);
    REQUIRE(last_answer(&loop, &session, answers) != NULL);
    REQUIRE(advance(&loop, &session, window, 0.35) != NULL);
    CHECK_EQ_U64(item_frames(&loop, &session, window, small_id, frames, 2), 4);
    check_frames(frames, small_frames, 2);

    /* set-layout, not animated: item frames at once. */
    const double given[] = {0, 0, 100, 100, 100, 0, 100, 100, 0, 100, 100, 100, 100, 100, 100, 100};
    Curtain__V1__CollectionLayout *frames_layout = curtain_frames_layout(given, 4);
    REQUIRE(frames_layout != NULL);
    answers = recorder->answer_count;
    CHECK_EQ_U64(curtain_set_collection_layout(client, NULL, &small_ref, frames_layout, 0,
                                               harness_record_answer, recorder),
                 CURTAIN_OK);
    protobuf_c_message_free_unpacked(&frames_layout->base, NULL);
    const Curtain__V1__Response *set = last_answer(&loop, &session, answers);
    REQUIRE(set != NULL && set->result_case == CURTAIN__V1__RESPONSE__RESULT_OPERATION);
    CHECK_EQ_U64(set->operation->transition_id, 0);
    CHECK_EQ_U64(item_frames(&loop, &session, window, small_id, frames, 8), 4);
    check_frames(frames, given, 4);

    /* An interactive layout transition to 100-point items with no spacing:
     * transitionProgress 0.5 puts each item half way, linearly; cancelled,
     * the frames layout stays. */
    double zero = 0;
    Curtain__V1__CollectionLayout *tight = curtain_flow_layout(100, 100, &zero, &zero, NULL);
    REQUIRE(tight != NULL);
    answers = recorder->answer_count;
    CHECK_EQ_U64(curtain_begin_layout_transition(client, NULL, &small_ref, tight,
                                                 harness_record_answer, recorder),
                 CURTAIN_OK);
    const Curtain__V1__Response *begun = last_answer(&loop, &session, answers);
    REQUIRE(begun != NULL && begun->result_case == CURTAIN__V1__RESPONSE__RESULT_OPERATION);
    uint64_t transition = begun->operation->transition_id;
    REQUIRE(transition != 0);
    CHECK_EQ_U64(curtain_update_interactive(client, NULL, window, transition, 0.5, NULL, NULL),
                 CURTAIN_OK);
    frames_before = recorder->frame_count;
    REQUIRE(advance(&loop, &session, window, 0.01) != NULL);
    CHECK(harness_wait_frames(&loop, recorder, frames_before + 1));
    REQUIRE(item_views(&loop, &session, window, "Small", views, 4) == 4);
    /* The third item: from (0, 100, 100, 100) to the tight flow's
     * (290, 0, 100, 100) (three columns, justified 45 points apart). */
    REQUIRE(frame_of(recorder, views[2], half));
    const double third_half_way[] = {145, 50, 100, 100};
    check_frames(half, third_half_way, 1);
    CHECK_EQ_U64(curtain_cancel_interactive(client, NULL, window, transition, 1, NULL, NULL),
                 CURTAIN_OK);
    REQUIRE(advance(&loop, &session, window, 1) != NULL);
    CHECK_EQ_U64(item_frames(&loop, &session, window, small_id, frames, 8), 4);
    check_frames(frames, given, 4);

    /* Begun again and finished: the new layout stays. */
    answers = recorder->answer_count;
    CHECK_EQ_U64(curtain_begin_layout_transition(client, NULL, &small_ref, tight,
                                                 harness_record_answer, recorder),
                 CURTAIN_OK);
    begun = last_answer(&loop, &session, answers);
    REQUIRE(begun != NULL && begun->result_case == CURTAIN__V1__RESPONSE__RESULT_OPERATION);
    transition = begun->operation->transition_id;
    CHECK_EQ_U64(curtain_update_interactive(client, NULL, window, transition, 0.7, NULL, NULL),
                 CURTAIN_OK);
    CHECK_EQ_U64(curtain_finish_interactive(client, NULL, window, transition, 1, NULL, NULL),
                 CURTAIN_OK);
    REQUIRE(advance(&loop, &session, window, 1) != NULL);
    const double tight_frames[] = {0,   0, 100, 100, 145, 0,   100, 100,
                                   290, 0, 100, 100, 0,   100, 100, 100};
    CHECK_EQ_U64(item_frames(&loop, &session, window, small_id, frames, 8), 4);
    check_frames(frames, tight_frames, 4);

    /* Refused before anything is sent. */
    CHECK_EQ_U64(curtain_set_collection_layout(client, NULL, &small_ref, NULL, 1, NULL, NULL),
                 CURTAIN_E_INVALID);
    CHECK_EQ_STR(curtain_last_error(client),
                 "no layout (curtain_flow_layout or curtain_frames_layout)");
    CHECK_EQ_U64(curtain_begin_layout_transition(client, NULL, NULL, tight, NULL, NULL),
                 CURTAIN_E_INVALID);
    CHECK_EQ_STR(curtain_last_error(client), "no collection view controller");
    CHECK_EQ_U64(curtain_push_layout_to_layout(client, NULL, &nav, NULL, NULL, NULL),
                 CURTAIN_E_INVALID);
    CHECK_EQ_U64(curtain_pop_layout_to_layout(client, NULL, NULL, NULL, NULL), CURTAIN_E_INVALID);
    /* By the daemon: Large is off screen now. */
    answers = recorder->answer_count;
    CHECK_EQ_U64(curtain_begin_layout_transition(client, NULL, &large_ref, tight,
                                                 harness_record_answer, recorder),
                 CURTAIN_OK);
    protobuf_c_message_free_unpacked(&tight->base, NULL);
    const Curtain__V1__Response *off_screen = last_answer(&loop, &session, answers);
    REQUIRE(off_screen != NULL && off_screen->result_case == CURTAIN__V1__RESPONSE__RESULT_ERROR);
    CHECK_EQ_U64(off_screen->error->code, CURTAIN__V1__ERROR_CODE__ERROR_CODE_NOT_IN_WINDOW);
    CHECK_EQ_U64(curtain_collection_item_frames(NULL, small_id, frames, 8), -1);
  }
  disconnect(&loop, &session);
  harness_daemon_stop(&loop, &daemon);
  harness_close_loop(&loop);
}

int main(void) {
  signal(SIGPIPE, SIG_IGN);
  static const harness_test tests[] = {
      {"layouts are checked and freed whole", test_layouts_are_checked_and_freed_whole},
      {"layout-to-layout and layout transitions", test_layout_to_layout_and_layout_transitions},
  };
  return harness_run(tests, sizeof tests / sizeof tests[0]);
}
