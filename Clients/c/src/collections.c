/*
 * Collection view controllers (SEMANTICS §3): layouts built as protobuf-c
 * messages (a flow layout or item frames), the requests that create a
 * collection view controller, change its layout, begin an interactive
 * layout transition and push or pop one layout-to-layout, and the item
 * frames read back from a tree.
 */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "curtain.h"
#include "internal.h"

/* A layout message whose parts are all malloc'ed, so that
 * protobuf_c_message_free_unpacked(…, NULL) frees it. */
static Curtain__V1__CollectionLayout *new_layout(void) {
  Curtain__V1__CollectionLayout *layout = malloc(sizeof *layout);
  if (layout != NULL) {
    curtain__v1__collection_layout__init(layout);
  }
  return layout;
}

Curtain__V1__CollectionLayout *curtain_flow_layout(double item_width, double item_height,
                                                   const double *interitem_spacing,
                                                   const double *line_spacing,
                                                   const double *section_inset) {
  /* Written so that NaN fails too. */
  if (!(isfinite(item_width) && isfinite(item_height) && item_width > 0 && item_height > 0)) {
    return NULL;
  }
  const double *spacings[] = {interitem_spacing, line_spacing};
  for (size_t index = 0; index < 2; index++) {
    if (spacings[index] != NULL && !(isfinite(*spacings[index]) && *spacings[index] >= 0)) {
      return NULL;
    }
  }
  for (size_t index = 0; section_inset != NULL && index < 4; index++) {
    if (!(isfinite(section_inset[index]) && section_inset[index] >= 0)) {
      return NULL;
    }
  }
  Curtain__V1__CollectionLayout *layout = new_layout();
  Curtain__V1__FlowLayout *flow = malloc(sizeof *flow);
  Curtain__V1__Size *size = malloc(sizeof *size);
  Curtain__V1__EdgeInsets *inset = section_inset != NULL ? malloc(sizeof *inset) : NULL;
  if (layout == NULL || flow == NULL || size == NULL || (section_inset != NULL && inset == NULL)) {
    free(layout);
    free(flow);
    free(size);
    free(inset);
    return NULL;
  }
  curtain__v1__flow_layout__init(flow);
  curtain__v1__size__init(size);
  size->width = item_width;
  size->height = item_height;
  flow->item_size = size;
  if (interitem_spacing != NULL) {
    flow->_interitem_spacing_case = CURTAIN__V1__FLOW_LAYOUT___INTERITEM_SPACING_INTERITEM_SPACING;
    flow->interitem_spacing = *interitem_spacing;
  }
  if (line_spacing != NULL) {
    flow->_line_spacing_case = CURTAIN__V1__FLOW_LAYOUT___LINE_SPACING_LINE_SPACING;
    flow->line_spacing = *line_spacing;
  }
  if (inset != NULL) {
    curtain__v1__edge_insets__init(inset);
    inset->top = section_inset[0];
    inset->left = section_inset[1];
    inset->bottom = section_inset[2];
    inset->right = section_inset[3];
    flow->section_inset = inset;
  }
  layout->kind_case = CURTAIN__V1__COLLECTION_LAYOUT__KIND_FLOW;
  layout->flow = flow;
  return layout;
}

Curtain__V1__CollectionLayout *curtain_frames_layout(const double *frames, size_t count) {
  if ((frames == NULL && count > 0) || count > CURTAIN_COLLECTION_MAX_ITEMS) {
    return NULL;
  }
  for (size_t index = 0; index < count; index++) {
    const double *frame = frames + 4 * index;
    if (!(isfinite(frame[0]) && isfinite(frame[1]) && isfinite(frame[2]) && isfinite(frame[3]) &&
          frame[2] >= 0 && frame[3] >= 0)) {
      return NULL;
    }
  }
  Curtain__V1__CollectionLayout *layout = new_layout();
  Curtain__V1__CollectionLayout__ItemFrames *items = malloc(sizeof *items);
  Curtain__V1__Rect **rects = count > 0 ? calloc(count, sizeof *rects) : NULL;
  if (layout == NULL || items == NULL || (count > 0 && rects == NULL)) {
    free(layout);
    free(items);
    free(rects);
    return NULL;
  }
  curtain__v1__collection_layout__item_frames__init(items);
  layout->kind_case = CURTAIN__V1__COLLECTION_LAYOUT__KIND_FRAMES;
  layout->frames = items;
  items->frames = rects;
  for (size_t index = 0; index < count; index++) {
    Curtain__V1__Rect *rect = malloc(sizeof *rect);
    if (rect == NULL) {
      protobuf_c_message_free_unpacked(&layout->base, NULL);
      return NULL;
    }
    curtain__v1__rect__init(rect);
    rect->x = frames[4 * index];
    rect->y = frames[4 * index + 1];
    rect->width = frames[4 * index + 2];
    rect->height = frames[4 * index + 3];
    rects[index] = rect;
    /* Counted as they are made, so that a failure frees what exists. */
    items->n_frames = index + 1;
  }
  return layout;
}

/* Sends `request` in `session` (NULL: the client's session option). */
static int send_in_session(curtain_client *client, const char *session,
                           Curtain__V1__Request *request, curtain_response_cb callback,
                           void *data) {
  request->session = (char *)(uintptr_t)(session != NULL ? session : "");
  return curtain_internal_send_request(client, request, callback, data);
}

/* The request fields are not const; the library never writes to them. */
static Curtain__V1__ControllerRef *writable_ref(const Curtain__V1__ControllerRef *ref) {
  return (Curtain__V1__ControllerRef *)(uintptr_t)ref;
}

static Curtain__V1__CollectionLayout *writable_layout(const Curtain__V1__CollectionLayout *layout) {
  return (Curtain__V1__CollectionLayout *)(uintptr_t)layout;
}

int curtain_create_collection(curtain_client *client, const char *session, const char *identifier,
                              int64_t item_count, const Curtain__V1__CollectionLayout *layout,
                              int layout_to_layout, curtain_response_cb callback, void *data) {
  if (client == NULL) {
    return CURTAIN_E_INVALID;
  }
  curtain_internal_clear_error(client);
  if (item_count > CURTAIN_COLLECTION_MAX_ITEMS) {
    return curtain_internal_fail(client, CURTAIN_E_INVALID,
                                 "%lld items: a collection view has at most %d",
                                 (long long)item_count, CURTAIN_COLLECTION_MAX_ITEMS);
  }
  Curtain__V1__CollectionOptions options = CURTAIN__V1__COLLECTION_OPTIONS__INIT;
  if (item_count >= 0) {
    options._item_count_case = CURTAIN__V1__COLLECTION_OPTIONS___ITEM_COUNT_ITEM_COUNT;
    options.item_count = (uint32_t)item_count;
  }
  options.layout = writable_layout(layout);
  options.layout_to_layout = layout_to_layout != 0;
  Curtain__V1__CreateController body = CURTAIN__V1__CREATE_CONTROLLER__INIT;
  body.kind = CURTAIN__V1__CONTROLLER_KIND__CONTROLLER_KIND_COLLECTION;
  body.identifier = (char *)(uintptr_t)(identifier != NULL ? identifier : "");
  body.collection = &options;
  Curtain__V1__Request request = CURTAIN__V1__REQUEST__INIT;
  request.body_case = CURTAIN__V1__REQUEST__BODY_CREATE_CONTROLLER;
  request.create_controller = &body;
  return send_in_session(client, session, &request, callback, data);
}

/* Begins a call that takes a collection view controller and a layout:
 * forgets the last failure and checks them; CURTAIN_OK or the failure. */
static int check_collection(curtain_client *client, const Curtain__V1__ControllerRef *collection,
                            const Curtain__V1__CollectionLayout *layout) {
  if (client == NULL) {
    return CURTAIN_E_INVALID;
  }
  curtain_internal_clear_error(client);
  if (collection == NULL) {
    return curtain_internal_fail(client, CURTAIN_E_INVALID, "no collection view controller");
  }
  if (layout == NULL) {
    return curtain_internal_fail(client, CURTAIN_E_INVALID,
                                 "no layout (curtain_flow_layout or curtain_frames_layout)");
  }
  return CURTAIN_OK;
}

int curtain_set_collection_layout(curtain_client *client, const char *session,
                                  const Curtain__V1__ControllerRef *collection,
                                  const Curtain__V1__CollectionLayout *layout, int animated,
                                  curtain_response_cb callback, void *data) {
  int checked = check_collection(client, collection, layout);
  if (checked != CURTAIN_OK) {
    return checked;
  }
  Curtain__V1__SetCollectionLayout body = CURTAIN__V1__SET_COLLECTION_LAYOUT__INIT;
  body.collection = writable_ref(collection);
  body.layout = writable_layout(layout);
  body.not_animated = animated == 0;
  Curtain__V1__Request request = CURTAIN__V1__REQUEST__INIT;
  request.body_case = CURTAIN__V1__REQUEST__BODY_SET_COLLECTION_LAYOUT;
  request.set_collection_layout = &body;
  return send_in_session(client, session, &request, callback, data);
}

int curtain_begin_layout_transition(curtain_client *client, const char *session,
                                    const Curtain__V1__ControllerRef *collection,
                                    const Curtain__V1__CollectionLayout *layout,
                                    curtain_response_cb callback, void *data) {
  int checked = check_collection(client, collection, layout);
  if (checked != CURTAIN_OK) {
    return checked;
  }
  Curtain__V1__BeginInteractive body = CURTAIN__V1__BEGIN_INTERACTIVE__INIT;
  body.kind = CURTAIN__V1__BEGIN_INTERACTIVE__KIND__KIND_LAYOUT;
  body.controller = writable_ref(collection);
  body.layout = writable_layout(layout);
  Curtain__V1__Request request = CURTAIN__V1__REQUEST__INIT;
  request.body_case = CURTAIN__V1__REQUEST__BODY_BEGIN_INTERACTIVE;
  request.begin_interactive = &body;
  request.wait_until = CURTAIN__V1__WAIT_UNTIL__WAIT_UNTIL_STARTED;
  return send_in_session(client, session, &request, callback, data);
}

int curtain_push_layout_to_layout(curtain_client *client, const char *session,
                                  const Curtain__V1__ControllerRef *navigation,
                                  const Curtain__V1__ControllerRef *collection,
                                  curtain_response_cb callback, void *data) {
  if (client == NULL) {
    return CURTAIN_E_INVALID;
  }
  curtain_internal_clear_error(client);
  if (navigation == NULL || collection == NULL) {
    return curtain_internal_fail(client, CURTAIN_E_INVALID,
                                 "no navigation controller or no collection view controller");
  }
  Curtain__V1__Push body = CURTAIN__V1__PUSH__INIT;
  body.navigation = writable_ref(navigation);
  body.controller = writable_ref(collection);
  Curtain__V1__Request request = CURTAIN__V1__REQUEST__INIT;
  request.body_case = CURTAIN__V1__REQUEST__BODY_PUSH;
  request.push = &body;
  return send_in_session(client, session, &request, callback, data);
}

int curtain_pop_layout_to_layout(curtain_client *client, const char *session,
                                 const Curtain__V1__ControllerRef *navigation,
                                 curtain_response_cb callback, void *data) {
  if (client == NULL) {
    return CURTAIN_E_INVALID;
  }
  curtain_internal_clear_error(client);
  if (navigation == NULL) {
    return curtain_internal_fail(client, CURTAIN_E_INVALID, "no navigation controller");
  }
  Curtain__V1__Pop body = CURTAIN__V1__POP__INIT;
  body.navigation = writable_ref(navigation);
  Curtain__V1__Request request = CURTAIN__V1__REQUEST__INIT;
  request.body_case = CURTAIN__V1__REQUEST__BODY_POP;
  request.pop = &body;
  return send_in_session(client, session, &request, callback, data);
}

/* The node of controller `id` in the tree under `node` (its children and
 * what it presents), or NULL. */
static const Curtain__V1__ControllerNode *find_controller(const Curtain__V1__ControllerNode *node,
                                                          uint64_t id) {
  if (node == NULL || node->id == id) {
    return node;
  }
  for (size_t index = 0; index < node->n_children; index++) {
    const Curtain__V1__ControllerNode *found = find_controller(node->children[index], id);
    if (found != NULL) {
      return found;
    }
  }
  return find_controller(node->presented, id);
}

/* The view `id` in the view tree under `view`, or NULL. */
static const Curtain__V1__ViewNode *find_view(const Curtain__V1__ViewNode *view, uint64_t id) {
  if (view == NULL || view->id == id) {
    return view;
  }
  for (size_t index = 0; index < view->n_subviews; index++) {
    const Curtain__V1__ViewNode *found = find_view(view->subviews[index], id);
    if (found != NULL) {
      return found;
    }
  }
  return NULL;
}

int64_t curtain_collection_item_frames(const Curtain__V1__Tree *tree, uint64_t collection_id,
                                       double *frames, size_t capacity) {
  if (tree == NULL || tree->view == NULL || collection_id == 0) {
    return -1;
  }
  const Curtain__V1__ControllerNode *node = find_controller(tree->root, collection_id);
  if (node == NULL || node->kind != CURTAIN__V1__CONTROLLER_KIND__CONTROLLER_KIND_COLLECTION ||
      node->collection == NULL ||
      node->collection->n_item_view_ids != node->collection->item_count) {
    return -1;
  }
  const Curtain__V1__CollectionInfo *collection = node->collection;
  for (size_t index = 0; index < collection->n_item_view_ids && index < capacity; index++) {
    const Curtain__V1__ViewNode *item = find_view(tree->view, collection->item_view_ids[index]);
    const Curtain__V1__Rect *frame =
        item != NULL && item->state != NULL ? item->state->frame : NULL;
    if (frame == NULL) {
      return -1;
    }
    frames[4 * index] = frame->x;
    frames[4 * index + 1] = frame->y;
    frames[4 * index + 2] = frame->width;
    frames[4 * index + 3] = frame->height;
  }
  return (int64_t)collection->n_item_view_ids;
}
