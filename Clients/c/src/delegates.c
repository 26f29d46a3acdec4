/*
 * Remote delegates (docs/delegates.md): the registrations of a client, the
 * SetDelegate / ClearDelegate / DelegateReply requests, and the answers to
 * the daemon's DelegateCalls.
 *
 * A registration holds one delegate for a set of roles (a bit per
 * DelegateRole) of one controller of one session. It is added when the
 * SetDelegate is sent, so that questions arriving before the daemon's
 * response (which an earlier `wait_until` may delay) already find it, and
 * dropped when the daemon refuses it. The newest registration answers: the
 * list is kept newest first. Once a SetDelegate succeeds, older
 * registrations lose its roles for that controller; ClearDelegate and
 * REPLACED notices take roles away too. A registration without roles is
 * freed once no request of it is in flight (`in_flight`).
 *
 * The daemon's questions name controllers by id: a target named by
 * identifier has its id looked up by a ListControllers pipelined just before
 * the SetDelegate or ClearDelegate (its answer arrives first).
 *
 * Remote animators: the AnimateTransition that begins a transition names
 * the call that was answered with a remote animator, not the registration,
 * so each such answer leaves a record of the call (session, call id) and the
 * delegate's `animate_transition`, taken when the AnimateTransition arrives.
 * An animation-controller call answered later (CURTAIN_REPLY_LATER) by a
 * delegate with `animate_transition` is recorded at once and forgotten when
 * `curtain_delegate_reply` answers it with anything else. A record whose
 * transition never begins (an answer the daemon did not take) stays until
 * the client is freed.
 *
 * Interaction controllers: an automatic answer `interactive` of a delegate
 * with `start_interactive_transition` keeps the call's session with its
 * reply; the DelegateReplyResult names the transition it began, which the
 * callback then gets. Answers sent by hand are not followed.
 *
 * Also here, sharing the way a request is sent without waiting and its
 * failure recorded: SetWindowSpeed (`curtain_set_window_speed`).
 */
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "curtain.h"
#include "internal.h"

struct curtain_registration {
  curtain_registration *next;
  char *session;
  uint64_t controller_id;
  /* The identifier it was registered by, or NULL. */
  char *identifier;
  unsigned roles;
  curtain_delegate delegate;
  void *data;
  unsigned in_flight;
};

/* A SetDelegate or ClearDelegate in flight (and the lookup before it). */
typedef struct delegate_request {
  curtain_registration *registration; /* SetDelegate: the new registration */
  char *session;
  uint64_t controller_id;
  char *identifier;
  unsigned roles; /* ClearDelegate: 0 is every role */
  curtain_response_cb callback;
  void *data;
  /* Both the lookup and the request itself refer to this. */
  unsigned in_flight;
} delegate_request;

/* A call answered (or to be answered) with a remote animator. */
struct curtain_animator {
  curtain_animator *next;
  char *session;
  uint64_t call_id;
  void (*animate_transition)(curtain_client *client,
                             const Curtain__V1__AnimateTransition *transition, void *data);
  void *data;
};

/* An automatic answer in flight, for its delegate's `reply_result` and,
 * when the answer was interactive, `start_interactive_transition`. */
typedef struct reply_request {
  uint64_t call_id;
  void (*reply_result)(curtain_client *client, uint64_t call_id, int status,
                       const Curtain__V1__Response *response, void *data);
  void (*start_interactive_transition)(curtain_client *client, const char *session,
                                       uint64_t window_id, uint64_t transition_id, void *data);
  char *session;
  void *data;
} reply_request;

#define ROLE_LIMIT CURTAIN__V1__DELEGATE_ROLE__DELEGATE_ROLE_SEGUE

/* The roles whose methods `delegate` has, as bits. */
static unsigned roles_answered(const curtain_delegate *delegate) {
  unsigned roles = 0;
  if (delegate->navigation_animation_controller != NULL ||
      delegate->navigation_interaction_controller != NULL) {
    roles |= 1u << CURTAIN__V1__DELEGATE_ROLE__DELEGATE_ROLE_NAVIGATION;
  }
  if (delegate->tab_bar_should_select != NULL || delegate->tab_bar_animation_controller != NULL ||
      delegate->tab_bar_interaction_controller != NULL) {
    roles |= 1u << CURTAIN__V1__DELEGATE_ROLE__DELEGATE_ROLE_TAB_BAR;
  }
  if (delegate->animation_controller_for_presented != NULL ||
      delegate->animation_controller_for_dismissed != NULL ||
      delegate->interaction_controller_for_presentation != NULL ||
      delegate->interaction_controller_for_dismissal != NULL ||
      delegate->presentation_controller != NULL || delegate->frame_of_presented_view != NULL ||
      delegate->should_remove_presenters_view != NULL ||
      delegate->presentation_transition_will_begin != NULL ||
      delegate->dismissal_transition_will_begin != NULL) {
    roles |= 1u << CURTAIN__V1__DELEGATE_ROLE__DELEGATE_ROLE_TRANSITIONING;
  }
  if (delegate->adaptive_presentation_style != NULL ||
      delegate->presentation_controller_should_dismiss != NULL ||
      delegate->view_controller_for_adaptive_presentation_style != NULL) {
    roles |= 1u << CURTAIN__V1__DELEGATE_ROLE__DELEGATE_ROLE_ADAPTIVE_PRESENTATION;
  }
  if (delegate->should_perform_segue != NULL || delegate->prepare_for_segue != NULL) {
    roles |= 1u << CURTAIN__V1__DELEGATE_ROLE__DELEGATE_ROLE_SEGUE;
  }
  return roles;
}

/* Whether `delegate` vends interaction controllers (SetDelegate.interaction). */
static bool vends_interaction(const curtain_delegate *delegate) {
  return delegate->navigation_interaction_controller != NULL ||
         delegate->tab_bar_interaction_controller != NULL ||
         delegate->interaction_controller_for_presentation != NULL ||
         delegate->interaction_controller_for_dismissal != NULL;
}

static char *copy_text(const char *text) {
  size_t size = strlen(text) + 1;
  char *copy = malloc(size);
  if (copy != NULL) {
    memcpy(copy, text, size);
  }
  return copy;
}

/* The session a target addresses, as the daemon names it in its calls. */
static const char *target_session(curtain_client *client, const curtain_delegate_target *target) {
  if (target->session != NULL && target->session[0] != '\0') {
    return target->session;
  }
  const char *session = curtain_internal_session(client);
  return session != NULL ? session : "default";
}

/* Checks the target's controller and reads its roles into bits. */
static int read_target(curtain_client *client, const curtain_delegate_target *target,
                       unsigned *roles) {
  if (target == NULL) {
    return curtain_internal_fail(client, CURTAIN_E_INVALID, "no delegate target (NULL)");
  }
  bool by_identifier = target->controller != NULL && target->controller[0] != '\0';
  if ((target->controller_id != 0) == by_identifier) {
    return curtain_internal_fail(
        client, CURTAIN_E_INVALID,
        "name the controller either by id (controller_id) or by identifier (controller), not %s",
        by_identifier ? "both" : "neither");
  }
  if (target->role_count > 0 && target->roles == NULL) {
    return curtain_internal_fail(client, CURTAIN_E_INVALID, "%zu roles but no roles array (NULL)",
                                 target->role_count);
  }
  *roles = 0;
  for (size_t index = 0; index < target->role_count; index++) {
    int role = (int)target->roles[index];
    if (role <= 0 || role > ROLE_LIMIT) {
      return curtain_internal_fail(client, CURTAIN_E_INVALID,
                                   "unknown delegate role %d (roles are 1 to %d: DelegateRole)",
                                   role, ROLE_LIMIT);
    }
    *roles |= 1u << role;
  }
  return CURTAIN_OK;
}

/* Sends a request on behalf of the delegate API, recording a failure. */
int curtain_internal_send_request(curtain_client *client, const Curtain__V1__Request *request,
                                  curtain_response_cb callback, void *data) {
  int result = curtain_request(client, request, callback, data, NULL);
  if (result == CURTAIN_E_STATE) {
    return curtain_internal_fail(client, result, "the client is not ready or is closing");
  }
  if (result != CURTAIN_OK) {
    return curtain_internal_fail(client, result, "sending the request: %s",
                                 curtain_strerror(result));
  }
  return result;
}

static void free_registration(curtain_registration *registration) {
  free(registration->session);
  free(registration->identifier);
  free(registration);
}

/* Frees the registrations left without roles and without requests. */
static void prune(curtain_client *client) {
  curtain_registration **link = curtain_internal_registrations(client);
  while (*link != NULL) {
    curtain_registration *registration = *link;
    if (registration->roles == 0 && registration->in_flight == 0) {
      *link = registration->next;
      free_registration(registration);
    } else {
      link = &registration->next;
    }
  }
}

static void free_animator(curtain_animator *animator) {
  free(animator->session);
  free(animator);
}

void curtain_internal_free_registrations(curtain_client *client) {
  curtain_registration *registration = *curtain_internal_registrations(client);
  while (registration != NULL) {
    curtain_registration *next = registration->next;
    free_registration(registration);
    registration = next;
  }
  *curtain_internal_registrations(client) = NULL;
  curtain_animator *animator = *curtain_internal_animators(client);
  while (animator != NULL) {
    curtain_animator *next = animator->next;
    free_animator(animator);
    animator = next;
  }
  *curtain_internal_animators(client) = NULL;
}

/* Takes the record of call `call_id` of `session` out of the list; NULL
 * when there is none. */
static curtain_animator *take_animator(curtain_client *client, const char *session,
                                       uint64_t call_id) {
  for (curtain_animator **link = curtain_internal_animators(client); *link != NULL;
       link = &(*link)->next) {
    curtain_animator *animator = *link;
    if (animator->call_id == call_id && strcmp(animator->session, session) == 0) {
      *link = animator->next;
      animator->next = NULL;
      return animator;
    }
  }
  return NULL;
}

/* Records that call `call_id` of `session` is answered by a remote animator
 * of `delegate` (once: an existing record stays). Out of memory, nothing is
 * recorded and the AnimateTransition will be ignored. */
static void record_animator(curtain_client *client, const char *session, uint64_t call_id,
                            const curtain_delegate *delegate, void *data) {
  curtain_animator *existing = take_animator(client, session, call_id);
  curtain_animator *animator = existing ? existing : calloc(1, sizeof *animator);
  if (animator == NULL) {
    return;
  }
  if (existing == NULL) {
    animator->session = copy_text(session);
    animator->call_id = call_id;
    animator->animate_transition = delegate->animate_transition;
    animator->data = data;
    if (animator->session == NULL) {
      free(animator);
      return;
    }
  }
  animator->next = *curtain_internal_animators(client);
  *curtain_internal_animators(client) = animator;
}

/* Whether a method's answer may be a remote animator. */
static bool asks_for_animator(Curtain__V1__DelegateMethod method) {
  switch (method) {
  case CURTAIN__V1__DELEGATE_METHOD__DELEGATE_METHOD_NAVIGATION_ANIMATION_CONTROLLER:
  case CURTAIN__V1__DELEGATE_METHOD__DELEGATE_METHOD_TAB_BAR_ANIMATION_CONTROLLER:
  case CURTAIN__V1__DELEGATE_METHOD__DELEGATE_METHOD_ANIMATION_CONTROLLER_FOR_PRESENTED:
  case CURTAIN__V1__DELEGATE_METHOD__DELEGATE_METHOD_ANIMATION_CONTROLLER_FOR_DISMISSED:
    return true;
  default:
    return false;
  }
}

/* Whether `registration` is of the controller a request names. */
static bool names(const curtain_registration *registration, const delegate_request *request) {
  if (strcmp(registration->session, request->session) != 0) {
    return false;
  }
  if (request->controller_id != 0 && registration->controller_id == request->controller_id) {
    return true;
  }
  return request->identifier != NULL && registration->identifier != NULL &&
         strcmp(request->identifier, registration->identifier) == 0;
}

static void release_request(curtain_client *client, delegate_request *request) {
  if (--request->in_flight > 0) {
    return;
  }
  if (request->registration != NULL) {
    request->registration->in_flight--;
  }
  prune(client);
  free(request->session);
  free(request->identifier);
  free(request);
}

/* The ListControllers before a request naming its controller by identifier. */
static void on_lookup(curtain_client *client, int status, const Curtain__V1__Response *response,
                      void *data) {
  delegate_request *request = data;
  if (status == CURTAIN_OK && response->result_case == CURTAIN__V1__RESPONSE__RESULT_CONTROLLERS) {
    for (size_t index = 0; index < response->controllers->n_controllers; index++) {
      const Curtain__V1__ControllerInfo *info = response->controllers->controllers[index];
      if (strcmp(info->identifier, request->identifier) == 0) {
        request->controller_id = info->id;
        if (request->registration != NULL) {
          request->registration->controller_id = info->id;
        }
        break;
      }
    }
  }
  release_request(client, request);
}

static void on_set(curtain_client *client, int status, const Curtain__V1__Response *response,
                   void *data) {
  delegate_request *request = data;
  curtain_registration *added = request->registration;
  if (status == CURTAIN_OK && response->result_case != CURTAIN__V1__RESPONSE__RESULT_ERROR) {
    /* The daemon replaced this client's older registrations of these roles. */
    for (curtain_registration *older = added->next; older != NULL; older = older->next) {
      if (names(older, request)) {
        older->roles &= ~added->roles;
      }
    }
  } else {
    added->roles = 0;
  }
  if (request->callback != NULL) {
    request->callback(client, status, response, request->data);
  }
  release_request(client, request);
}

static void on_clear(curtain_client *client, int status, const Curtain__V1__Response *response,
                     void *data) {
  delegate_request *request = data;
  if (status == CURTAIN_OK && response->result_case != CURTAIN__V1__RESPONSE__RESULT_ERROR) {
    for (curtain_registration *registration = *curtain_internal_registrations(client);
         registration != NULL; registration = registration->next) {
      if (names(registration, request)) {
        registration->roles &= request->roles ? ~request->roles : 0u;
      }
    }
  }
  if (request->callback != NULL) {
    request->callback(client, status, response, request->data);
  }
  release_request(client, request);
}

/* Makes the request record of a target; NULL when out of memory. */
static delegate_request *new_request(const char *session, const curtain_delegate_target *target,
                                     unsigned roles, curtain_response_cb callback, void *data) {
  delegate_request *request = calloc(1, sizeof *request);
  if (request == NULL) {
    return NULL;
  }
  request->session = copy_text(session);
  request->controller_id = target->controller_id;
  request->identifier = target->controller_id ? NULL : copy_text(target->controller);
  request->roles = roles;
  request->callback = callback;
  request->data = data;
  if (request->session == NULL || (target->controller_id == 0 && request->identifier == NULL)) {
    free(request->session);
    free(request->identifier);
    free(request);
    return NULL;
  }
  return request;
}

/* Sends the lookup (for an identifier) and then `body` (SetDelegate or
 * ClearDelegate, already in `message`), each answered to `request`. */
static int send_with_lookup(curtain_client *client, delegate_request *request,
                            Curtain__V1__Request *message, curtain_response_cb answered) {
  message->session = request->session;
  if (request->identifier != NULL) {
    Curtain__V1__ListControllers list = CURTAIN__V1__LIST_CONTROLLERS__INIT;
    Curtain__V1__Request lookup = CURTAIN__V1__REQUEST__INIT;
    lookup.session = request->session;
    lookup.body_case = CURTAIN__V1__REQUEST__BODY_LIST_CONTROLLERS;
    lookup.list_controllers = &list;
    int result = curtain_internal_send_request(client, &lookup, on_lookup, request);
    if (result != CURTAIN_OK) {
      return result;
    }
    request->in_flight++;
  }
  int result = curtain_internal_send_request(client, message, answered, request);
  if (result != CURTAIN_OK) {
    return result;
  }
  request->in_flight++;
  return CURTAIN_OK;
}

/* The controller reference of a request record. */
static Curtain__V1__ControllerRef reference_of(const delegate_request *request) {
  Curtain__V1__ControllerRef reference = CURTAIN__V1__CONTROLLER_REF__INIT;
  if (request->identifier != NULL) {
    reference.ref_case = CURTAIN__V1__CONTROLLER_REF__REF_IDENTIFIER;
    reference.identifier = request->identifier;
  } else {
    reference.ref_case = CURTAIN__V1__CONTROLLER_REF__REF_ID;
    reference.id = request->controller_id;
  }
  return reference;
}

/* The roles of a bit set, in a DelegateRole array of ROLE_LIMIT entries. */
static size_t role_list(unsigned roles, Curtain__V1__DelegateRole *list) {
  size_t count = 0;
  for (int role = 1; role <= ROLE_LIMIT; role++) {
    if (roles & (1u << role)) {
      list[count++] = (Curtain__V1__DelegateRole)role;
    }
  }
  return count;
}

int curtain_set_delegate(curtain_client *client, const curtain_delegate_target *target,
                         const curtain_delegate *delegate, void *data, curtain_response_cb callback,
                         void *callback_data) {
  if (client == NULL) {
    return CURTAIN_E_INVALID;
  }
  curtain_internal_clear_error(client);
  unsigned roles;
  int result = read_target(client, target, &roles);
  if (result != CURTAIN_OK) {
    return result;
  }
  if (delegate == NULL) {
    return curtain_internal_fail(client, CURTAIN_E_INVALID, "no delegate (NULL)");
  }
  unsigned answered = roles_answered(delegate);
  if (answered == 0) {
    return curtain_internal_fail(client, CURTAIN_E_INVALID,
                                 "the delegate has no callback of any delegate method");
  }
  roles = roles ? roles : answered;
  for (int role = 1; role <= ROLE_LIMIT; role++) {
    if ((roles & (1u << role)) && !(answered & (1u << role))) {
      return curtain_internal_fail(client, CURTAIN_E_INVALID,
                                   "the delegate has no callback of a method of role %s",
                                   curtain_delegate_role_name(role));
    }
  }
  delegate_request *request =
      new_request(target_session(client, target), target, roles, callback, callback_data);
  curtain_registration *registration = calloc(1, sizeof *registration);
  if (request == NULL || registration == NULL) {
    free(registration);
    if (request != NULL) {
      request->in_flight = 1;
      release_request(client, request);
    }
    return curtain_internal_fail(client, CURTAIN_E_NOMEM, "out of memory");
  }
  registration->session = copy_text(request->session);
  registration->identifier = request->identifier ? copy_text(request->identifier) : NULL;
  if (registration->session == NULL || (request->identifier && !registration->identifier)) {
    free_registration(registration);
    request->in_flight = 1;
    release_request(client, request);
    return curtain_internal_fail(client, CURTAIN_E_NOMEM, "out of memory");
  }
  registration->controller_id = target->controller_id;
  registration->roles = roles;
  registration->delegate = *delegate;
  registration->data = data;
  registration->in_flight = 1;
  registration->next = *curtain_internal_registrations(client);
  *curtain_internal_registrations(client) = registration;
  request->registration = registration;

  Curtain__V1__ControllerRef controller = reference_of(request);
  Curtain__V1__DelegateRole list[ROLE_LIMIT];
  Curtain__V1__SetDelegate body = CURTAIN__V1__SET_DELEGATE__INIT;
  body.controller = &controller;
  body.roles = list;
  body.n_roles = role_list(roles, list);
  body.timeout_ms = target->timeout_ms;
  body.interaction = vends_interaction(delegate);
  body.adaptive_replacement = delegate->view_controller_for_adaptive_presentation_style != NULL;
  Curtain__V1__Request message = CURTAIN__V1__REQUEST__INIT;
  message.body_case = CURTAIN__V1__REQUEST__BODY_SET_DELEGATE;
  message.set_delegate = &body;
  result = send_with_lookup(client, request, &message, on_set);
  if (result != CURTAIN_OK && request->in_flight == 0) {
    registration->roles = 0;
    request->in_flight = 1;
    release_request(client, request);
  } else if (result != CURTAIN_OK) {
    /* The lookup went out: its answer (or the close) releases the request. */
    registration->roles = 0;
  }
  return result;
}

int curtain_clear_delegate(curtain_client *client, const curtain_delegate_target *target,
                           curtain_response_cb callback, void *callback_data) {
  if (client == NULL) {
    return CURTAIN_E_INVALID;
  }
  curtain_internal_clear_error(client);
  unsigned roles;
  int result = read_target(client, target, &roles);
  if (result != CURTAIN_OK) {
    return result;
  }
  delegate_request *request =
      new_request(target_session(client, target), target, roles, callback, callback_data);
  if (request == NULL) {
    return curtain_internal_fail(client, CURTAIN_E_NOMEM, "out of memory");
  }
  Curtain__V1__ControllerRef controller = reference_of(request);
  Curtain__V1__DelegateRole list[ROLE_LIMIT];
  Curtain__V1__ClearDelegate body = CURTAIN__V1__CLEAR_DELEGATE__INIT;
  body.controller = &controller;
  body.roles = list;
  body.n_roles = role_list(roles, list);
  Curtain__V1__Request message = CURTAIN__V1__REQUEST__INIT;
  message.body_case = CURTAIN__V1__REQUEST__BODY_CLEAR_DELEGATE;
  message.clear_delegate = &body;
  result = send_with_lookup(client, request, &message, on_clear);
  if (result != CURTAIN_OK && request->in_flight == 0) {
    request->in_flight = 1;
    release_request(client, request);
  }
  return result;
}

int curtain_delegate_reply(curtain_client *client, const char *session, uint64_t call_id,
                           const Curtain__V1__DelegateAnswer *answer, curtain_response_cb callback,
                           void *data) {
  if (client == NULL) {
    return CURTAIN_E_INVALID;
  }
  curtain_internal_clear_error(client);
  if (call_id == 0) {
    return curtain_internal_fail(client, CURTAIN_E_INVALID,
                                 "no call id (0): answer the call_id of a DelegateCall");
  }
  Curtain__V1__DelegateAnswer fallback = CURTAIN__V1__DELEGATE_ANSWER__INIT;
  Curtain__V1__DelegateReply body = CURTAIN__V1__DELEGATE_REPLY__INIT;
  body.call_id = call_id;
  body.answer = (Curtain__V1__DelegateAnswer *)(answer != NULL ? answer : &fallback);
  Curtain__V1__Request message = CURTAIN__V1__REQUEST__INIT;
  message.session = (char *)(session != NULL ? session : "");
  message.body_case = CURTAIN__V1__REQUEST__BODY_DELEGATE_REPLY;
  message.delegate_reply = &body;
  int result = curtain_internal_send_request(client, &message, callback, data);
  if (result == CURTAIN_OK &&
      body.answer->answer_case != CURTAIN__V1__DELEGATE_ANSWER__ANSWER_REMOTE_ANIMATOR) {
    /* A call recorded for a remote animator got another answer. */
    curtain_delegate_target target = {.session = session};
    curtain_animator *recorded = take_animator(client, target_session(client, &target), call_id);
    if (recorded != NULL) {
      free_animator(recorded);
    }
  }
  return result;
}

void curtain_answer_default(Curtain__V1__DelegateAnswer *answer) {
  answer->answer_case = CURTAIN__V1__DELEGATE_ANSWER__ANSWER__NOT_SET;
}

void curtain_answer_yes(Curtain__V1__DelegateAnswer *answer, int yes) {
  answer->answer_case = CURTAIN__V1__DELEGATE_ANSWER__ANSWER_YES;
  answer->yes = yes != 0;
}

void curtain_answer_animator(Curtain__V1__DelegateAnswer *answer,
                             const Curtain__V1__AnimatorSpec *animator) {
  answer->answer_case = CURTAIN__V1__DELEGATE_ANSWER__ANSWER_ANIMATOR;
  answer->animator = (Curtain__V1__AnimatorSpec *)animator;
}

int curtain_answer_style(Curtain__V1__DelegateAnswer *answer,
                         Curtain__V1__ModalPresentationStyle style) {
  switch (style) {
  case CURTAIN__V1__MODAL_PRESENTATION_STYLE__MODAL_PRESENTATION_STYLE_NONE:
  case CURTAIN__V1__MODAL_PRESENTATION_STYLE__MODAL_PRESENTATION_STYLE_FULL_SCREEN:
  case CURTAIN__V1__MODAL_PRESENTATION_STYLE__MODAL_PRESENTATION_STYLE_OVER_FULL_SCREEN:
  case CURTAIN__V1__MODAL_PRESENTATION_STYLE__MODAL_PRESENTATION_STYLE_FORM_SHEET:
    break;
  default:
    return CURTAIN_E_INVALID;
  }
  if (answer == NULL) {
    return CURTAIN_E_INVALID;
  }
  answer->answer_case = CURTAIN__V1__DELEGATE_ANSWER__ANSWER_STYLE;
  answer->style = style;
  return CURTAIN_OK;
}

int curtain_answer_remote_animator(Curtain__V1__DelegateAnswer *answer,
                                   Curtain__V1__RemoteAnimator *animator, double duration) {
  if (answer == NULL || animator == NULL || !(duration >= 0 && duration <= 3600)) {
    return CURTAIN_E_INVALID;
  }
  curtain__v1__remote_animator__init(animator);
  animator->duration = duration;
  answer->answer_case = CURTAIN__V1__DELEGATE_ANSWER__ANSWER_REMOTE_ANIMATOR;
  answer->remote_animator = animator;
  return CURTAIN_OK;
}

int curtain_answer_interactive(Curtain__V1__DelegateAnswer *answer) {
  if (answer == NULL) {
    return CURTAIN_E_INVALID;
  }
  answer->answer_case = CURTAIN__V1__DELEGATE_ANSWER__ANSWER_INTERACTIVE;
  answer->interactive = true;
  return CURTAIN_OK;
}

/* Whether x, y, width, height make a frame the daemon takes. */
static bool valid_frame(double x, double y, double width, double height) {
  return isfinite(x) && isfinite(y) && isfinite(width) && isfinite(height) && width > 0 &&
         height > 0;
}

static void fill_rect(Curtain__V1__Rect *rect, double x, double y, double width, double height) {
  curtain__v1__rect__init(rect);
  rect->x = x;
  rect->y = y;
  rect->width = width;
  rect->height = height;
}

int curtain_answer_presentation(Curtain__V1__DelegateAnswer *answer,
                                curtain_presentation_storage *storage, const double *frame,
                                const double *dimming_alpha, int removes_presenter_view) {
  if (answer == NULL || storage == NULL) {
    return CURTAIN_E_INVALID;
  }
  if (frame != NULL && !valid_frame(frame[0], frame[1], frame[2], frame[3])) {
    return CURTAIN_E_INVALID;
  }
  if (dimming_alpha != NULL && !(*dimming_alpha >= 0 && *dimming_alpha <= 1)) {
    return CURTAIN_E_INVALID;
  }
  curtain__v1__custom_presentation__init(&storage->presentation);
  if (frame != NULL) {
    fill_rect(&storage->frame, frame[0], frame[1], frame[2], frame[3]);
    storage->presentation.frame = &storage->frame;
  }
  if (dimming_alpha != NULL) {
    storage->presentation._dimming_alpha_case =
        CURTAIN__V1__CUSTOM_PRESENTATION___DIMMING_ALPHA_DIMMING_ALPHA;
    storage->presentation.dimming_alpha = *dimming_alpha;
  }
  storage->presentation.removes_presenter_view = removes_presenter_view != 0;
  answer->answer_case = CURTAIN__V1__DELEGATE_ANSWER__ANSWER_PRESENTATION;
  answer->presentation = &storage->presentation;
  return CURTAIN_OK;
}

int curtain_answer_controller(Curtain__V1__DelegateAnswer *answer, uint64_t controller_id) {
  if (answer == NULL || controller_id == 0) {
    return CURTAIN_E_INVALID;
  }
  answer->answer_case = CURTAIN__V1__DELEGATE_ANSWER__ANSWER_CONTROLLER_ID;
  answer->controller_id = controller_id;
  return CURTAIN_OK;
}

int curtain_answer_frame(Curtain__V1__DelegateAnswer *answer, Curtain__V1__Rect *storage, double x,
                         double y, double width, double height) {
  if (answer == NULL || storage == NULL || !valid_frame(x, y, width, height)) {
    return CURTAIN_E_INVALID;
  }
  fill_rect(storage, x, y, width, height);
  answer->answer_case = CURTAIN__V1__DELEGATE_ANSWER__ANSWER_FRAME;
  answer->frame = storage;
  return CURTAIN_OK;
}

/* The interaction request kinds `send_interaction` sends. */
typedef enum interaction_kind {
  INTERACTION_UPDATE,
  INTERACTION_FINISH,
  INTERACTION_CANCEL
} interaction_kind;

/* Sends an UpdateInteractive (`number` the percent), FinishInteractive or
 * CancelInteractive (`number` the completion speed). */
static int send_interaction(curtain_client *client, const char *session, uint64_t window_id,
                            uint64_t transition_id, interaction_kind kind, double number,
                            curtain_response_cb callback, void *data) {
  if (client == NULL) {
    return CURTAIN_E_INVALID;
  }
  curtain_internal_clear_error(client);
  if (window_id == 0 || transition_id == 0) {
    return curtain_internal_fail(client, CURTAIN_E_INVALID,
                                 "no %s id (0): pass the ids start_interactive_transition got",
                                 window_id == 0 ? "window" : "transition");
  }
  if (!isfinite(number)) {
    return curtain_internal_fail(client, CURTAIN_E_INVALID, "%s %g is not a finite number",
                                 kind == INTERACTION_UPDATE ? "percent" : "completion speed",
                                 number);
  }
  Curtain__V1__UpdateInteractive update = CURTAIN__V1__UPDATE_INTERACTIVE__INIT;
  Curtain__V1__FinishInteractive finish = CURTAIN__V1__FINISH_INTERACTIVE__INIT;
  Curtain__V1__CancelInteractive cancel = CURTAIN__V1__CANCEL_INTERACTIVE__INIT;
  Curtain__V1__Request message = CURTAIN__V1__REQUEST__INIT;
  message.session = (char *)(session != NULL ? session : "");
  switch (kind) {
  case INTERACTION_UPDATE:
    update.window_id = window_id;
    update.transition_id = transition_id;
    update.percent = number;
    message.body_case = CURTAIN__V1__REQUEST__BODY_UPDATE_INTERACTIVE;
    message.update_interactive = &update;
    break;
  case INTERACTION_FINISH:
    finish.window_id = window_id;
    finish.transition_id = transition_id;
    finish.completion_speed = number;
    message.body_case = CURTAIN__V1__REQUEST__BODY_FINISH_INTERACTIVE;
    message.finish_interactive = &finish;
    break;
  case INTERACTION_CANCEL:
    cancel.window_id = window_id;
    cancel.transition_id = transition_id;
    cancel.completion_speed = number;
    message.body_case = CURTAIN__V1__REQUEST__BODY_CANCEL_INTERACTIVE;
    message.cancel_interactive = &cancel;
    break;
  }
  return curtain_internal_send_request(client, &message, callback, data);
}

int curtain_update_interactive(curtain_client *client, const char *session, uint64_t window_id,
                               uint64_t transition_id, double percent, curtain_response_cb callback,
                               void *data) {
  return send_interaction(client, session, window_id, transition_id, INTERACTION_UPDATE, percent,
                          callback, data);
}

int curtain_finish_interactive(curtain_client *client, const char *session, uint64_t window_id,
                               uint64_t transition_id, double completion_speed,
                               curtain_response_cb callback, void *data) {
  return send_interaction(client, session, window_id, transition_id, INTERACTION_FINISH,
                          completion_speed, callback, data);
}

int curtain_cancel_interactive(curtain_client *client, const char *session, uint64_t window_id,
                               uint64_t transition_id, double completion_speed,
                               curtain_response_cb callback, void *data) {
  return send_interaction(client, session, window_id, transition_id, INTERACTION_CANCEL,
                          completion_speed, callback, data);
}

int curtain_set_window_speed(curtain_client *client, const char *session, uint64_t window_id,
                             double speed, curtain_response_cb callback, void *data) {
  if (client == NULL) {
    return CURTAIN_E_INVALID;
  }
  curtain_internal_clear_error(client);
  if (window_id == 0) {
    return curtain_internal_fail(client, CURTAIN_E_INVALID, "no window id (0)");
  }
  /* Written so that NaN fails too. */
  if (!(speed >= 0.01 && speed <= 100)) {
    return curtain_internal_fail(client, CURTAIN_E_INVALID,
                                 "speed %g is not from 0.01 to 100 (1 is real time)", speed);
  }
  Curtain__V1__SetWindowSpeed body = CURTAIN__V1__SET_WINDOW_SPEED__INIT;
  body.window_id = window_id;
  body.speed = speed;
  Curtain__V1__Request message = CURTAIN__V1__REQUEST__INIT;
  message.session = (char *)(session != NULL ? session : "");
  message.body_case = CURTAIN__V1__REQUEST__BODY_SET_WINDOW_SPEED;
  message.set_window_speed = &body;
  return curtain_internal_send_request(client, &message, callback, data);
}

/* The parts of one ViewValue message. */
typedef struct value_message {
  Curtain__V1__ViewValue view;
  Curtain__V1__AnimatableValue value;
  Curtain__V1__Rect rect;
  Curtain__V1__Point point;
  Curtain__V1__Transform transform;
} value_message;

/* Fills `message` from `given`; false for an unknown property. */
static bool read_value(const curtain_view_value *given, value_message *message) {
  const double *numbers = given->numbers;
  curtain__v1__view_value__init(&message->view);
  curtain__v1__animatable_value__init(&message->value);
  message->view.view_id = given->view_id;
  message->view.property = given->property;
  message->view.value = &message->value;
  switch (given->property) {
  case CURTAIN__V1__ANIMATABLE_PROPERTY__ANIMATABLE_PROPERTY_FRAME:
  case CURTAIN__V1__ANIMATABLE_PROPERTY__ANIMATABLE_PROPERTY_BOUNDS:
    curtain__v1__rect__init(&message->rect);
    message->rect.x = numbers[0];
    message->rect.y = numbers[1];
    message->rect.width = numbers[2];
    message->rect.height = numbers[3];
    message->value.kind_case = CURTAIN__V1__ANIMATABLE_VALUE__KIND_RECT;
    message->value.rect = &message->rect;
    return true;
  case CURTAIN__V1__ANIMATABLE_PROPERTY__ANIMATABLE_PROPERTY_CENTER:
    curtain__v1__point__init(&message->point);
    message->point.x = numbers[0];
    message->point.y = numbers[1];
    message->value.kind_case = CURTAIN__V1__ANIMATABLE_VALUE__KIND_POINT;
    message->value.point = &message->point;
    return true;
  case CURTAIN__V1__ANIMATABLE_PROPERTY__ANIMATABLE_PROPERTY_ALPHA:
  case CURTAIN__V1__ANIMATABLE_PROPERTY__ANIMATABLE_PROPERTY_CORNER_RADIUS:
    message->value.kind_case = CURTAIN__V1__ANIMATABLE_VALUE__KIND_SCALAR;
    message->value.scalar = numbers[0];
    return true;
  case CURTAIN__V1__ANIMATABLE_PROPERTY__ANIMATABLE_PROPERTY_TRANSFORM:
    curtain__v1__transform__init(&message->transform);
    message->transform.a = numbers[0];
    message->transform.b = numbers[1];
    message->transform.c = numbers[2];
    message->transform.d = numbers[3];
    message->transform.tx = numbers[4];
    message->transform.ty = numbers[5];
    message->value.kind_case = CURTAIN__V1__ANIMATABLE_VALUE__KIND_TRANSFORM;
    message->value.transform = &message->transform;
    return true;
  default:
    return false;
  }
}

/* Checks the client and the transition of a remote animator's request
 * (and forgets the client's last failure). */
static int check_transition(curtain_client *client,
                            const Curtain__V1__AnimateTransition *transition) {
  if (client == NULL) {
    return CURTAIN_E_INVALID;
  }
  curtain_internal_clear_error(client);
  if (transition == NULL) {
    return curtain_internal_fail(
        client, CURTAIN_E_INVALID,
        "no transition (NULL): pass the AnimateTransition that animate_transition got");
  }
  return CURTAIN_OK;
}

/* Sends a TransitionFrame or CompleteTransition in the transition's own
 * session (never the client's session option). */
static int send_in_session(curtain_client *client, const Curtain__V1__AnimateTransition *transition,
                           Curtain__V1__Request *message, curtain_response_cb callback,
                           void *data) {
  message->session = transition->session;
  return curtain_internal_send_request(client, message, callback, data);
}

int curtain_transition_frame(curtain_client *client,
                             const Curtain__V1__AnimateTransition *transition,
                             const double *percent, const curtain_view_value *values,
                             size_t value_count, curtain_response_cb callback, void *data) {
  int result = check_transition(client, transition);
  if (result != CURTAIN_OK) {
    return result;
  }
  if (percent != NULL && !isfinite(*percent)) {
    return curtain_internal_fail(client, CURTAIN_E_INVALID,
                                 "percent %g is not a number from 0 to 1", *percent);
  }
  if (value_count > 0 && values == NULL) {
    return curtain_internal_fail(client, CURTAIN_E_INVALID, "%zu values but no values array (NULL)",
                                 value_count);
  }
  if (value_count > CURTAIN_TRANSITION_FRAME_MAX_VALUES) {
    return curtain_internal_fail(client, CURTAIN_E_INVALID, "%zu values: a frame holds at most %d",
                                 value_count, CURTAIN_TRANSITION_FRAME_MAX_VALUES);
  }
  value_message *messages = calloc(value_count ? value_count : 1, sizeof *messages);
  Curtain__V1__ViewValue **list = calloc(value_count ? value_count : 1, sizeof *list);
  if (messages == NULL || list == NULL) {
    free(messages);
    free(list);
    return curtain_internal_fail(client, CURTAIN_E_NOMEM, "out of memory");
  }
  for (size_t index = 0; index < value_count; index++) {
    if (!read_value(&values[index], &messages[index])) {
      free(messages);
      free(list);
      return curtain_internal_fail(
          client, CURTAIN_E_INVALID,
          "value %zu: unknown view property %d (FRAME, CENTER, BOUNDS, ALPHA, TRANSFORM or "
          "CORNER_RADIUS)",
          index, (int)values[index].property);
    }
    list[index] = &messages[index].view;
  }
  Curtain__V1__TransitionFrame body = CURTAIN__V1__TRANSITION_FRAME__INIT;
  body.window_id = transition->window_id;
  body.transition_id = transition->transition_id;
  if (percent != NULL) {
    body._percent_case = CURTAIN__V1__TRANSITION_FRAME___PERCENT_PERCENT;
    body.percent = *percent;
  }
  body.n_values = value_count;
  body.values = list;
  Curtain__V1__Request message = CURTAIN__V1__REQUEST__INIT;
  message.body_case = CURTAIN__V1__REQUEST__BODY_TRANSITION_FRAME;
  message.transition_frame = &body;
  result = send_in_session(client, transition, &message, callback, data);
  free(messages);
  free(list);
  return result;
}

int curtain_complete_transition(curtain_client *client,
                                const Curtain__V1__AnimateTransition *transition, int did_complete,
                                curtain_response_cb callback, void *data) {
  int result = check_transition(client, transition);
  if (result != CURTAIN_OK) {
    return result;
  }
  Curtain__V1__CompleteTransition body = CURTAIN__V1__COMPLETE_TRANSITION__INIT;
  body.window_id = transition->window_id;
  body.transition_id = transition->transition_id;
  body.did_complete = did_complete != 0;
  Curtain__V1__Request message = CURTAIN__V1__REQUEST__INIT;
  message.body_case = CURTAIN__V1__REQUEST__BODY_COMPLETE_TRANSITION;
  message.complete_transition = &body;
  return send_in_session(client, transition, &message, callback, data);
}

/* The registration that answers `role` of a controller in a session. */
static curtain_registration *find(curtain_client *client, const char *session,
                                  uint64_t controller_id, int role) {
  if (role <= 0 || role > ROLE_LIMIT) {
    return NULL;
  }
  for (curtain_registration *registration = *curtain_internal_registrations(client);
       registration != NULL; registration = registration->next) {
    if ((registration->roles & (1u << role)) && registration->controller_id == controller_id &&
        strcmp(registration->session, session) == 0) {
      return registration;
    }
  }
  return NULL;
}

/* Calls the delegate's method for `call`; returns its reply mode. */
static int invoke(curtain_client *client, const curtain_delegate *delegate, void *data,
                  const Curtain__V1__DelegateCall *call, Curtain__V1__DelegateAnswer *answer) {
  Curtain__V1__DelegateArguments none = CURTAIN__V1__DELEGATE_ARGUMENTS__INIT;
  const Curtain__V1__DelegateArguments *arguments = call->arguments ? call->arguments : &none;
  switch (call->method) {
  case CURTAIN__V1__DELEGATE_METHOD__DELEGATE_METHOD_NAVIGATION_ANIMATION_CONTROLLER:
    if (delegate->navigation_animation_controller != NULL) {
      return delegate->navigation_animation_controller(
          client, call, arguments->operation, arguments->from_id, arguments->to_id, answer, data);
    }
    break;
  case CURTAIN__V1__DELEGATE_METHOD__DELEGATE_METHOD_TAB_BAR_SHOULD_SELECT:
    if (delegate->tab_bar_should_select != NULL) {
      return delegate->tab_bar_should_select(client, call, call->controller_id, arguments->to_id,
                                             answer, data);
    }
    break;
  case CURTAIN__V1__DELEGATE_METHOD__DELEGATE_METHOD_TAB_BAR_ANIMATION_CONTROLLER:
    if (delegate->tab_bar_animation_controller != NULL) {
      return delegate->tab_bar_animation_controller(client, call, arguments->from_id,
                                                    arguments->to_id, answer, data);
    }
    break;
  case CURTAIN__V1__DELEGATE_METHOD__DELEGATE_METHOD_ANIMATION_CONTROLLER_FOR_PRESENTED:
    if (delegate->animation_controller_for_presented != NULL) {
      return delegate->animation_controller_for_presented(
          client, call, arguments->to_id, arguments->from_id, arguments->from_id, answer, data);
    }
    break;
  case CURTAIN__V1__DELEGATE_METHOD__DELEGATE_METHOD_ANIMATION_CONTROLLER_FOR_DISMISSED:
    if (delegate->animation_controller_for_dismissed != NULL) {
      return delegate->animation_controller_for_dismissed(client, call, arguments->to_id, answer,
                                                          data);
    }
    break;
  case CURTAIN__V1__DELEGATE_METHOD__DELEGATE_METHOD_SHOULD_PERFORM_SEGUE:
    if (delegate->should_perform_segue != NULL) {
      return delegate->should_perform_segue(client, call, arguments->identifier, answer, data);
    }
    break;
  case CURTAIN__V1__DELEGATE_METHOD__DELEGATE_METHOD_ADAPTIVE_PRESENTATION_STYLE:
    if (delegate->adaptive_presentation_style != NULL) {
      Curtain__V1__Traits no_traits = CURTAIN__V1__TRAITS__INIT;
      return delegate->adaptive_presentation_style(
          client, call, arguments->to_id, arguments->from_id, arguments->style,
          arguments->traits ? arguments->traits : &no_traits, answer, data);
    }
    break;
  case CURTAIN__V1__DELEGATE_METHOD__DELEGATE_METHOD_PRESENTATION_CONTROLLER_SHOULD_DISMISS:
    if (delegate->presentation_controller_should_dismiss != NULL) {
      return delegate->presentation_controller_should_dismiss(client, call, arguments->to_id,
                                                              answer, data);
    }
    break;
  case CURTAIN__V1__DELEGATE_METHOD__DELEGATE_METHOD_NAVIGATION_INTERACTION_CONTROLLER:
    if (delegate->navigation_interaction_controller != NULL) {
      return delegate->navigation_interaction_controller(
          client, call, arguments->operation, arguments->from_id, arguments->to_id, answer, data);
    }
    break;
  case CURTAIN__V1__DELEGATE_METHOD__DELEGATE_METHOD_TAB_BAR_INTERACTION_CONTROLLER:
    if (delegate->tab_bar_interaction_controller != NULL) {
      return delegate->tab_bar_interaction_controller(client, call, arguments->from_id,
                                                      arguments->to_id, answer, data);
    }
    break;
  case CURTAIN__V1__DELEGATE_METHOD__DELEGATE_METHOD_INTERACTION_CONTROLLER_FOR_PRESENTATION:
    if (delegate->interaction_controller_for_presentation != NULL) {
      return delegate->interaction_controller_for_presentation(client, call, arguments->to_id,
                                                               arguments->from_id, answer, data);
    }
    break;
  case CURTAIN__V1__DELEGATE_METHOD__DELEGATE_METHOD_INTERACTION_CONTROLLER_FOR_DISMISSAL:
    if (delegate->interaction_controller_for_dismissal != NULL) {
      return delegate->interaction_controller_for_dismissal(client, call, arguments->to_id, answer,
                                                            data);
    }
    break;
  case CURTAIN__V1__DELEGATE_METHOD__DELEGATE_METHOD_PRESENTATION_CONTROLLER:
    if (delegate->presentation_controller != NULL) {
      return delegate->presentation_controller(client, call, arguments->to_id, arguments->from_id,
                                               arguments->from_id, answer, data);
    }
    break;
  case CURTAIN__V1__DELEGATE_METHOD__DELEGATE_METHOD_FRAME_OF_PRESENTED_VIEW:
    if (delegate->frame_of_presented_view != NULL) {
      double width = arguments->size ? arguments->size->width : 0;
      double height = arguments->size ? arguments->size->height : 0;
      return delegate->frame_of_presented_view(client, call, arguments->to_id, width, height,
                                               answer, data);
    }
    break;
  case CURTAIN__V1__DELEGATE_METHOD__DELEGATE_METHOD_SHOULD_REMOVE_PRESENTERS_VIEW:
    if (delegate->should_remove_presenters_view != NULL) {
      return delegate->should_remove_presenters_view(client, call, arguments->to_id,
                                                     arguments->from_id, answer, data);
    }
    break;
  case CURTAIN__V1__DELEGATE_METHOD__DELEGATE_METHOD_PRESENTATION_TRANSITION_WILL_BEGIN:
    if (delegate->presentation_transition_will_begin != NULL) {
      return delegate->presentation_transition_will_begin(client, call, arguments->to_id,
                                                          arguments->from_id, answer, data);
    }
    break;
  case CURTAIN__V1__DELEGATE_METHOD__DELEGATE_METHOD_DISMISSAL_TRANSITION_WILL_BEGIN:
    if (delegate->dismissal_transition_will_begin != NULL) {
      return delegate->dismissal_transition_will_begin(client, call, arguments->to_id,
                                                       arguments->from_id, answer, data);
    }
    break;
  case CURTAIN__V1__DELEGATE_METHOD__DELEGATE_METHOD_PREPARE_FOR_SEGUE:
    if (delegate->prepare_for_segue != NULL) {
      int mode = delegate->prepare_for_segue(client, call, arguments->identifier,
                                             arguments->from_id, arguments->to_id, data);
      /* prepare(for:sender:) returns nothing: the answer stays empty. */
      curtain_answer_default(answer);
      return mode;
    }
    break;
  case CURTAIN__V1__DELEGATE_METHOD__DELEGATE_METHOD_VIEW_CONTROLLER_FOR_ADAPTIVE_PRESENTATION_STYLE:
    if (delegate->view_controller_for_adaptive_presentation_style != NULL) {
      return delegate->view_controller_for_adaptive_presentation_style(
          client, call, arguments->to_id, arguments->style, answer, data);
    }
    break;
  default:
    /* A method of a later protocol version: UIKit's default. */
    break;
  }
  return CURTAIN_REPLY_NOW;
}

static void on_reply(curtain_client *client, int status, const Curtain__V1__Response *response,
                     void *data) {
  reply_request *reply = data;
  if (reply->reply_result != NULL) {
    reply->reply_result(client, reply->call_id, status, response, reply->data);
  }
  if (reply->start_interactive_transition != NULL && status == CURTAIN_OK &&
      response->result_case == CURTAIN__V1__RESPONSE__RESULT_DELEGATE_REPLY &&
      response->delegate_reply->accepted && response->delegate_reply->transition_id != 0) {
    reply->start_interactive_transition(client, reply->session, response->delegate_reply->window_id,
                                        response->delegate_reply->transition_id, reply->data);
  }
  free(reply->session);
  free(reply);
}

/* The record of an automatic answer whose response the delegate wants;
 * NULL when it wants none (or out of memory: the answer is still sent). */
static reply_request *new_reply(const curtain_delegate *delegate, void *data,
                                const Curtain__V1__DelegateCall *call,
                                const Curtain__V1__DelegateAnswer *answer) {
  bool starts = delegate->start_interactive_transition != NULL &&
                answer->answer_case == CURTAIN__V1__DELEGATE_ANSWER__ANSWER_INTERACTIVE &&
                answer->interactive;
  if (delegate->reply_result == NULL && !starts) {
    return NULL;
  }
  reply_request *reply = calloc(1, sizeof *reply);
  if (reply == NULL) {
    return NULL;
  }
  reply->call_id = call->call_id;
  reply->reply_result = delegate->reply_result;
  reply->data = data;
  if (starts) {
    reply->session = copy_text(call->session);
    if (reply->session != NULL) {
      reply->start_interactive_transition = delegate->start_interactive_transition;
    }
  }
  return reply;
}

void curtain_internal_delegate_call(curtain_client *client, const Curtain__V1__DelegateCall *call) {
  curtain_registration *registration =
      find(client, call->session, call->controller_id, (int)call->role);
  if (registration == NULL) {
    const curtain_callbacks *callbacks = curtain_internal_callbacks(client);
    if (callbacks->on_delegate_call != NULL) {
      callbacks->on_delegate_call(client, call, curtain_user(client));
    } else {
      curtain_delegate_reply(client, call->session, call->call_id, NULL, NULL, NULL);
    }
    return;
  }
  /* The registration may lose its roles (not its memory) in the callback. */
  curtain_delegate delegate = registration->delegate;
  void *data = registration->data;
  Curtain__V1__DelegateAnswer answer = CURTAIN__V1__DELEGATE_ANSWER__INIT;
  if (invoke(client, &delegate, data, call, &answer) == CURTAIN_REPLY_LATER) {
    if (delegate.animate_transition != NULL && asks_for_animator(call->method)) {
      record_animator(client, call->session, call->call_id, &delegate, data);
    }
    return;
  }
  if (answer.answer_case == CURTAIN__V1__DELEGATE_ANSWER__ANSWER_REMOTE_ANIMATOR &&
      delegate.animate_transition != NULL) {
    record_animator(client, call->session, call->call_id, &delegate, data);
  }
  reply_request *reply = new_reply(&delegate, data, call, &answer);
  if (curtain_delegate_reply(client, call->session, call->call_id, &answer, reply ? on_reply : NULL,
                             reply) != CURTAIN_OK &&
      reply != NULL) {
    free(reply->session);
    free(reply);
  }
}

void curtain_internal_animate_transition(curtain_client *client,
                                         const Curtain__V1__AnimateTransition *transition) {
  curtain_animator *animator = take_animator(client, transition->session, transition->call_id);
  if (animator == NULL) {
    return;
  }
  animator->animate_transition(client, transition, animator->data);
  free_animator(animator);
}

void curtain_internal_delegate_event(curtain_client *client, const Curtain__V1__Event *event) {
  if (event->kind_case != CURTAIN__V1__EVENT__KIND_DELEGATE ||
      event->delegate->phase != CURTAIN__V1__DELEGATE_EVENT__PHASE__PHASE_REPLACED) {
    return;
  }
  const Curtain__V1__DelegateEvent *notice = event->delegate;
  int role = (int)notice->role;
  if (role <= 0 || role > ROLE_LIMIT) {
    return;
  }
  /* The notice does not name the session: every session's registration of
   * that controller id loses the role. */
  for (curtain_registration *registration = *curtain_internal_registrations(client);
       registration != NULL; registration = registration->next) {
    if (registration->controller_id != notice->controller_id ||
        !(registration->roles & (1u << role))) {
      continue;
    }
    registration->roles &= ~(1u << role);
    if (registration->delegate.replaced != NULL) {
      registration->in_flight++;
      registration->delegate.replaced(client, notice, registration->data);
      registration->in_flight--;
    }
  }
  prune(client);
}

const char *curtain_delegate_role_name(int role) {
  return curtain_internal_enum_name(&curtain__v1__delegate_role__descriptor, role,
                                    strlen("DELEGATE_ROLE_"));
}

const char *curtain_delegate_method_name(int method) {
  return curtain_internal_enum_name(&curtain__v1__delegate_method__descriptor, method,
                                    strlen("DELEGATE_METHOD_"));
}
