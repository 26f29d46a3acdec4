/*
 * What the library's source files share and users do not see: the hooks by
 * which the client (client.c) hands the delegate registry (delegates.c) the
 * daemon's questions and REPLACED notices, and frees it.
 */
#ifndef CURTAIN_INTERNAL_H
#define CURTAIN_INTERNAL_H

#include "curtain.h"

/** One delegate registration of a client (delegates.c). */
typedef struct curtain_registration curtain_registration;

/** The head of the client's list of registrations. */
curtain_registration **curtain_internal_registrations(curtain_client *client);

/** A call answered with a remote animator, awaiting its AnimateTransition
 *  (delegates.c). */
typedef struct curtain_animator curtain_animator;

/** The head of the client's list of those calls. */
curtain_animator **curtain_internal_animators(curtain_client *client);

/** The client's callbacks. */
const curtain_callbacks *curtain_internal_callbacks(const curtain_client *client);

/** The name of an enum value without its prefix ("ERROR_CODE_" is 11
 *  characters), or "UNKNOWN". */
const char *curtain_internal_enum_name(const ProtobufCEnumDescriptor *descriptor, int value,
                                       size_t prefix);

/** The client's session option, or NULL. */
const char *curtain_internal_session(const curtain_client *client);

/** Records why a call failed (`curtain_last_error`); returns `status`. */
int curtain_internal_fail(curtain_client *client, int status, const char *format, ...)
    __attribute__((format(printf, 3, 4)));

/** Forgets the last failure (a call that records failures begins so). */
void curtain_internal_clear_error(curtain_client *client);

/** `curtain_request`, recording why a request could not be sent
 *  (`curtain_last_error`); returns its status. */
int curtain_internal_send_request(curtain_client *client, const Curtain__V1__Request *request,
                                  curtain_response_cb callback, void *data);

/** A `DelegateCall` from the daemon: answered by its registration's
 *  callback, else passed to `on_delegate_call`, else answered with UIKit's
 *  default. */
void curtain_internal_delegate_call(curtain_client *client, const Curtain__V1__DelegateCall *call);

/** An event: a `DelegateEvent` REPLACED ends the registration for its role. */
void curtain_internal_delegate_event(curtain_client *client, const Curtain__V1__Event *event);

/** An `AnimateTransition`: passed to the `animate_transition` of the
 *  delegate whose remote animator answered its call, else ignored. */
void curtain_internal_animate_transition(curtain_client *client,
                                         const Curtain__V1__AnimateTransition *transition);

/** Frees the client's registrations and remote-animator records (when the
 *  client is freed). */
void curtain_internal_free_registrations(curtain_client *client);

#endif
