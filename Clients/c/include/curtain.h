/*
 * libcurtain: a small C client of the Curtain daemon (`curtaind`) on libuv
 * and protobuf-c.
 *
 * A `curtain_client` is one connection, driven by a libuv loop that the
 * caller owns and runs. Connecting performs the `Hello` handshake; once the
 * daemon's `Welcome` arrives, `on_ready` runs and requests may be sent.
 * Every request gets exactly one answer through its own callback, in the
 * order the requests were sent; events and frames arrive through the
 * client's callbacks as they come. Messages are the protobuf-c structs
 * generated from Proto/curtain/v1 (`Curtain__V1__Request`, ...).
 *
 * Lifetime: a client is created by `curtain_connect_unix` or
 * `curtain_connect_tcp` and frees itself. Whatever ends the connection
 * (`curtain_close`, a `Goodbye`, the daemon closing, an I/O or protocol
 * error), the client first answers every unanswered request with a failure
 * status, then calls `on_close` exactly once, then frees itself; it must not
 * be used after `on_close` returns. The loop therefore runs until every
 * client has closed.
 *
 * Everything runs on the loop's thread; no function is thread-safe. Callbacks
 * may call any function of this library, including `curtain_close`.
 */
#ifndef CURTAIN_H
#define CURTAIN_H

#include <stddef.h>
#include <stdint.h>

#include <uv.h>

#include "curtain/v1/common.pb-c.h"
#include "curtain/v1/events.pb-c.h"
#include "curtain/v1/protocol.pb-c.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The protocol version this library speaks: `PROTOCOL_VERSION_CURRENT` of
 *  `ProtocolVersion` in Proto/curtain/v1/protocol.proto, where the version is
 *  defined for the daemon and every client (the generated enum constant). */
#define CURTAIN_PROTOCOL_VERSION CURTAIN__V1__PROTOCOL_VERSION__PROTOCOL_VERSION_CURRENT

/** The default limit on one message from the daemon: 64 MiB. The daemon
 *  does not bound its own messages (a large tree can exceed 4 MiB). */
#define CURTAIN_DEFAULT_MAX_FRAME_BYTES ((size_t)64 << 20)

/** Status codes. 0 is success; the others are negative. */
typedef enum curtain_status {
  /** Success. */
  CURTAIN_OK = 0,
  /** An argument is invalid (NULL, empty, out of range, a duplicate
   *  request id). */
  CURTAIN_E_INVALID = -1,
  /** Out of memory. */
  CURTAIN_E_NOMEM = -2,
  /** The client is not ready (handshake not finished) or already closing. */
  CURTAIN_E_STATE = -3,
  /** A socket or libuv call failed; see the message for libuv's error. */
  CURTAIN_E_IO = -4,
  /** The daemon's byte stream has a malformed varint length prefix. */
  CURTAIN_E_FRAMING = -5,
  /** The daemon announced a message larger than `max_frame_bytes`. */
  CURTAIN_E_TOO_LARGE = -6,
  /** A message from the daemon does not decode as a `ServerMessage`. */
  CURTAIN_E_DECODE = -7,
  /** The daemon refused the handshake (an error response to `Hello`). */
  CURTAIN_E_HANDSHAKE = -8,
  /** The daemon sent `Goodbye`; `on_goodbye` saw it. */
  CURTAIN_E_GOODBYE = -9,
  /** The daemon closed the connection without a `Goodbye`. */
  CURTAIN_E_EOF = -10,
  /** `curtain_close` was called. */
  CURTAIN_E_CLOSED = -11,
} curtain_status;

/** A short English description of a status ("connection closed by the
 *  daemon", ...). Never NULL. */
const char *curtain_strerror(int status);

/* ------------------------------------------------------------------------ */
/* Framing                                                                  */
/* ------------------------------------------------------------------------ */

/*
 * Each direction of a connection is a stream of frames: an unsigned varint
 * length, then that many bytes of one protobuf message. The decoder is
 * incremental: feed it whatever bytes arrived (one at a time, several frames
 * at once, a frame split anywhere) and take complete payloads out. A length
 * over the limit, or a varint longer than ten bytes or overflowing 64 bits,
 * is an error after which the stream cannot be trusted: the decoder keeps
 * returning it.
 */

/** The most bytes a varint of a 64-bit value takes. */
#define CURTAIN_VARINT_MAX_BYTES 10

/** An incremental frame decoder. Treat the fields as private. */
typedef struct curtain_decoder {
  uint8_t *buffer;
  size_t start;
  size_t length;
  size_t capacity;
  size_t max_frame_bytes;
  int failure;
  uint64_t failed_length;
} curtain_decoder;

/** Initialises a decoder accepting payloads of up to `max_frame_bytes`. */
void curtain_decoder_init(curtain_decoder *decoder, size_t max_frame_bytes);

/** Frees the decoder's buffer. The decoder may be initialised again. */
void curtain_decoder_free(curtain_decoder *decoder);

/** Copies `count` received bytes into the decoder. Returns CURTAIN_OK or
 *  CURTAIN_E_NOMEM. Invalidates payloads returned by `curtain_decoder_next`. */
int curtain_decoder_feed(curtain_decoder *decoder, const void *bytes, size_t count);

/**
 * Takes the next complete frame. Returns 1 and sets `*payload` and `*length`
 * (valid until the next feed or next call) when one is complete, 0 when more
 * bytes are needed, or CURTAIN_E_FRAMING / CURTAIN_E_TOO_LARGE (sticky) when
 * the stream is malformed.
 */
int curtain_decoder_next(curtain_decoder *decoder, const uint8_t **payload, size_t *length);

/** Bytes fed but not yet returned as frames. */
size_t curtain_decoder_buffered(const curtain_decoder *decoder);

/** After CURTAIN_E_TOO_LARGE: the length the stream announced. */
uint64_t curtain_decoder_failed_length(const curtain_decoder *decoder);

/** Writes the varint of `value` to `out` (at least CURTAIN_VARINT_MAX_BYTES
 *  long) and returns the number of bytes written (1-10). */
size_t curtain_varint_encode(uint64_t value, uint8_t *out);

/* ------------------------------------------------------------------------ */
/* Client                                                                   */
/* ------------------------------------------------------------------------ */

typedef struct curtain_client curtain_client;

/** How to introduce the client to the daemon. Every field may be zero. */
typedef struct curtain_options {
  /** `Hello.client_name`; NULL means "libcurtain". */
  const char *client_name;
  /** `Hello.token`, needed on TCP listeners that have a token file. */
  const char *token;
  /** `Hello.capabilities`, e.g. "read-only", "unowned-interactions". */
  const char *const *capabilities;
  size_t capability_count;
  /** The session requests address when their own `session` is empty;
   *  NULL or "" means the daemon's "default". */
  const char *session;
  /** The largest message accepted from the daemon; 0 means
   *  CURTAIN_DEFAULT_MAX_FRAME_BYTES. */
  size_t max_frame_bytes;
} curtain_options;

/**
 * What the client reports. Messages passed to callbacks belong to the client
 * and are freed when the callback returns: copy what you keep. Any callback
 * may be NULL.
 */
typedef struct curtain_callbacks {
  /** The handshake succeeded: requests may be sent from now on. */
  void (*on_ready)(curtain_client *client, const Curtain__V1__Welcome *welcome, void *user);
  /** An event of one of this client's subscriptions: those of its own
   *  connection, and (cluster mode) those made through a peer, whose
   *  `subscription_id` is then the client's id (see
   *  CURTAIN_PEER_SUBSCRIPTION_BASE). */
  void (*on_event)(curtain_client *client, const Curtain__V1__Event *event, void *user);
  /** A frame of one of this client's subscriptions, peers' included
   *  (frames carry no subscription id: match them by `window_id`). */
  void (*on_frame)(curtain_client *client, const Curtain__V1__Frame *frame, void *user);
  /** The daemon's last message; `on_close` follows with CURTAIN_E_GOODBYE.
   *  Cluster mode: also a peer's goodbye (`curtain_goodbye_peer(client)`
   *  then names the peer), after which the client stays open and
   *  `on_peer_close` follows instead. A peer's goodbye of reason MOVED
   *  (its session went to another node; details `session`, `node`,
   *  `address`, `epoch`) ends the subscriptions made through that peer:
   *  subscribe again (with `from_seq`) from this callback or later, and
   *  the request follows MOVED to where the session is now. */
  void (*on_goodbye)(curtain_client *client, const Curtain__V1__Goodbye *goodbye, void *user);
  /** A response that answers no request of this client (the daemon's
   *  answer to an undecodable message has request id 0). */
  void (*on_unmatched)(curtain_client *client, const Curtain__V1__Response *response, void *user);
  /**
   * A question of the daemon (a `DelegateCall`) that no delegate registered
   * with `curtain_set_delegate` answers: answer it with
   * `curtain_delegate_reply`. When NULL, the library answers such a call at
   * once with UIKit's default (the daemon would otherwise wait for its
   * timeout).
   */
  void (*on_delegate_call)(curtain_client *client, const Curtain__V1__DelegateCall *call,
                           void *user);
  /**
   * The connection is over: `status` says why (CURTAIN_E_CLOSED after
   * `curtain_close`) and `message` gives details (libuv's error, the
   * goodbye's or the refused handshake's message; never NULL). Called exactly
   * once, after every unanswered request's callback; the client is freed
   * when this returns.
   */
  void (*on_close)(curtain_client *client, int status, const char *message, void *user);
  /**
   * Cluster mode: a peer (a connection the client opened to follow MOVED,
   * to `address`, `tcp://HOST:PORT` as the MOVED named it) is over, as
   * `on_close` reports the client's own end: `status` and `message` say why
   * (CURTAIN_E_GOODBYE after its goodbye went to `on_goodbye`, CURTAIN_E_EOF
   * when its node went away, CURTAIN_E_IO when it could not be reached).
   * Called after its unanswered requests' callbacks. The subscriptions
   * made through it have ended: `ended` lists their ids (`ended_count` of
   * them, oldest first; the array is the client's). Delegates registered
   * through it are no longer asked. Later requests for its sessions go
   * through the client again and follow MOVED anew, so subscribing or
   * registering again from here works. Not called once the client itself
   * is closing (the peers close with it). Added after `on_close`, as new
   * callbacks are.
   */
  void (*on_peer_close)(curtain_client *client, const char *address, int status,
                        const char *message, const uint64_t *ended, size_t ended_count, void *user);
} curtain_callbacks;

/**
 * The answer to one request. With CURTAIN_OK, `response` is the daemon's
 * response, which may carry an error result (`response->result_case ==
 * CURTAIN__V1__RESPONSE__RESULT_ERROR`). Otherwise `response` is NULL and
 * `status` says why the connection ended before the answer came.
 */
typedef void (*curtain_response_cb)(curtain_client *client, int status,
                                    const Curtain__V1__Response *response, void *data);

/**
 * Connects to a daemon's Unix socket and starts the handshake. On success
 * stores the new client in `*out` and returns CURTAIN_OK; the outcome comes
 * later through `on_ready` or `on_close` (a connect failure is an
 * `on_close` with CURTAIN_E_IO). Fails at once, creating nothing, with
 * CURTAIN_E_INVALID (bad arguments, a path over 107 bytes) or
 * CURTAIN_E_NOMEM. `options` and `callbacks` are copied.
 */
int curtain_connect_unix(uv_loop_t *loop, const char *path, const curtain_options *options,
                         const curtain_callbacks *callbacks, void *user, curtain_client **out);

/**
 * Connects to a daemon's TCP listener (`curtaind --listen`), like
 * `curtain_connect_unix`. `host` is resolved on libuv's thread pool
 * (numeric addresses such as "127.0.0.1" and "::1", or names like
 * "localhost"); the first address that accepts is used.
 */
int curtain_connect_tcp(uv_loop_t *loop, const char *host, uint16_t port,
                        const curtain_options *options, const curtain_callbacks *callbacks,
                        void *user, curtain_client **out);

/** The longest host `curtain_parse_address` accepts, with its NUL. */
#define CURTAIN_HOST_MAX 256

/**
 * Reads a daemon address as `curtain --socket` and $CURTAIN_SOCKET take it
 * (Sources/CurtainWire/Client/CurtainClient+Address.swift): `tcp://HOST:PORT`
 * (or `tcp:HOST:PORT`, an IPv6 host in brackets: `tcp://[::1]:7070`) is a
 * TCP listener, anything else a Unix socket path. Returns 1 for TCP, with the
 * host (brackets removed) in `host` (at least CURTAIN_HOST_MAX bytes) and the
 * port in `*port`; 0 for a Unix socket path (`host` and `port` untouched);
 * CURTAIN_E_INVALID for NULL, an empty address, or a TCP address without a
 * host or a port from 1 to 65535.
 */
int curtain_parse_address(const char *address, char *host, uint16_t *port);

/**
 * Connects to `address` as `curtain --socket` would: a Unix socket path or
 * `tcp://HOST:PORT` (`curtain_parse_address`); NULL means the default socket
 * rule (`curtain_default_socket_path`, so $CURTAIN_SOCKET may name a TCP
 * listener too). Over TCP the token is `options->token`, else
 * $CURTAIN_TOKEN, as the CLI does. Otherwise like `curtain_connect_unix` and
 * `curtain_connect_tcp`, with CURTAIN_E_INVALID for an address that does not
 * read.
 */
int curtain_connect(uv_loop_t *loop, const char *address, const curtain_options *options,
                    const curtain_callbacks *callbacks, void *user, curtain_client **out);

/** The default socket rule that `curtaind`, `curtain` and the Python client
 *  share (docs/protocol.md §1), for the given values of CURTAIN_SOCKET and
 *  XDG_RUNTIME_DIR (NULL when unset), user id and socket name (normally
 *  "default"): `curtain_socket` when it is not empty, else
 *  `runtime_dir`/curtain/`name`.sock when `runtime_dir` is an absolute path
 *  (one trailing '/' dropped), else /tmp/curtain-`uid`/`name`.sock. Writes
 *  at most `size` bytes with the terminating NUL; returns CURTAIN_E_INVALID
 *  when it does not fit. */
int curtain_socket_rule_path(const char *curtain_socket, const char *runtime_dir, uint32_t uid,
                             const char *name, char *out, size_t size);

/** Enough room for the messages of the name readers below, with the NUL,
 *  for a name of up to 100 bytes (longer ones are cut). */
#define CURTAIN_NAME_ERROR_MAX 256

/**
 * Reads a window's name as `curtain` reads it on its command line
 * (docs/names.md): `w3` or `3`, in ASCII digits, from 1. Returns CURTAIN_OK
 * with the id in `*id`, or CURTAIN_E_INVALID (`*id` untouched) with the
 * CLI's message in `error` (at most `error_size` bytes with the NUL;
 * `error` may be NULL), e.g. "'x3' is not a window: use w3 or 3".
 */
int curtain_parse_window(const char *text, uint64_t *id, char *error, size_t error_size);

/** Reads a transition's name, `t5` or `5`, like `curtain_parse_window`. */
int curtain_parse_transition(const char *text, uint64_t *id, char *error, size_t error_size);

/**
 * Reads a controller's name like `curtain_parse_window`: `c12` (its id) or
 * `@Home` (its identifier). On CURTAIN_OK `*ref` is initialised and names
 * the controller; an identifier points into `text` (not copied: keep `text`
 * while `ref` is used). `@c2` is the identifier "c2".
 */
int curtain_parse_controller(const char *text, Curtain__V1__ControllerRef *ref, char *error,
                             size_t error_size);

/** The default Unix socket path of the daemon for this process, as `curtaind`
 *  picks it: `curtain_socket_rule_path` with this process's CURTAIN_SOCKET and
 *  XDG_RUNTIME_DIR, its real user id and the name "default". */
int curtain_default_socket_path(char *out, size_t size);

/**
 * Sends a request and calls `callback` with its answer (the callback may be
 * NULL). The request is only read: its `request_id`, when 0, is replaced on
 * the wire by the next unused id (ids count up from 1), and its empty
 * `session` by the client's session option. The id used is stored in
 * `*request_id` when that is not NULL. Returns CURTAIN_E_STATE before
 * `on_ready` or once closing (the callback is then not called),
 * CURTAIN_E_INVALID for a `Hello` or for an id still awaiting its answer,
 * CURTAIN_E_NOMEM.
 *
 * Cluster mode (`curtaind --cluster`): a request for a session that another
 * node owns is answered MOVED with that node's address. The client follows
 * it: it opens a TCP connection there (a peer, with this client's name,
 * token, capabilities and session), sends the request again, and sends every
 * later request for that session straight to that peer; the callback gets
 * the peer's answer, with this client as `client` and the id this function
 * gave. After three MOVED answers in a row, or when the peer cannot be
 * reached (the answer is then the last MOVED, with its details `session`,
 * `node`, `address`, `epoch`), the MOVED response is the answer. If the
 * peer's connection ends, what it had not answered fails with its status,
 * its sessions go to this client again, and `on_peer_close` (after
 * `on_goodbye` for its goodbye) says so.
 *
 * What is made through a peer behaves as on this client's own connection.
 * A Subscribe answered by a peer gets an id of this client's (above
 * CURTAIN_PEER_SUBSCRIPTION_BASE), in its response and in its events; its
 * events and frames reach `on_event` and `on_frame`; `curtain_ack_frames`
 * and an Unsubscribe (sent with this function) of that id go to the peer,
 * with the peer's id. A delegate registered through a peer is asked there:
 * the peer's DelegateCalls, AnimateTransitions and REPLACED notices go to
 * this client's registrations (or `on_delegate_call`) with this client as
 * `client`, and the answers, sent like any request of their session, go
 * back to that peer. Peers close with this client, before its `on_close`.
 */
int curtain_request(curtain_client *client, const Curtain__V1__Request *request,
                    curtain_response_cb callback, void *data, uint64_t *request_id);

/** Cluster mode: how many connections this client has open to other nodes
 *  to follow MOVED (see `curtain_request`). */
size_t curtain_peer_count(const curtain_client *client);

/** Cluster mode: the ids a client hands out for the subscriptions made
 *  through its peers are above this (2^63). The daemons count their
 *  subscription ids up from 1, so the peers' own ids could equal those of
 *  the client's connection; the client's ids are never one of the daemon's,
 *  and it translates them both ways. */
#define CURTAIN_PEER_SUBSCRIPTION_BASE (UINT64_C(1) << 63)

/** Cluster mode: while `on_goodbye` runs for the goodbye of a peer, that
 *  peer's address (`tcp://HOST:PORT`); NULL otherwise, and for the client's
 *  own goodbye. */
const char *curtain_goodbye_peer(const curtain_client *client);

/** Acknowledges frames up to `frame_seq` of a PAUSE subscription, which
 *  restores its credit; a subscription made through a peer is acknowledged
 *  on that peer. Returns CURTAIN_OK, CURTAIN_E_STATE (also while the peer
 *  of that subscription is closing), CURTAIN_E_INVALID for an id above
 *  CURTAIN_PEER_SUBSCRIPTION_BASE that no open subscription has (it ended
 *  with its peer, or by an Unsubscribe), or CURTAIN_E_NOMEM. */
int curtain_ack_frames(curtain_client *client, uint64_t subscription_id, uint64_t frame_seq);

/**
 * Closes the connection: what was already sent is flushed first (for at most
 * a second, should the daemon not be reading), then the socket closes, unanswered requests fail
 * with CURTAIN_E_CLOSED and `on_close` runs with CURTAIN_E_CLOSED. Nothing else is delivered once
 * this is called. Calling it again, or while the client is already closing, does nothing.
 */
void curtain_close(curtain_client *client);

/** The user pointer given at connect time. */
void *curtain_user(const curtain_client *client);

/** The daemon's `Welcome` once `on_ready` has run, else NULL. Owned by the
 *  client. */
const Curtain__V1__Welcome *curtain_welcome(const curtain_client *client);

/** Bytes handed to libuv and not yet written to the socket. */
size_t curtain_write_queue_size(const curtain_client *client);

/* ------------------------------------------------------------------------ */
/* Remote delegates                                                         */
/* ------------------------------------------------------------------------ */

/*
 * A client can be a controller's delegate (docs/delegates.md): it registers
 * with `curtain_set_delegate`, and the daemon then asks it UIKit's delegate
 * questions with `DelegateCall` messages. The library calls the delegate's
 * callback of the question's UIKit method as the call arrives (on the loop,
 * between the other messages of the connection) and sends the `DelegateReply`
 * with the answer the callback made. While it waits for the answer, the
 * operation that asked holds its window's queue, so answer promptly (or
 * later, with CURTAIN_REPLY_LATER and `curtain_delegate_reply`).
 *
 * Cluster mode: a registration for a session of another node goes through
 * the peer the session is routed to, and its questions come back from
 * there to the same callbacks, with this client as `client` (see
 * `curtain_request`); the answers go back to that peer. When the peer
 * ends (`on_peer_close`), its registrations end with it: register again.
 *
 * Controllers are passed as ids; 0 where UIKit passes nil.
 */

/** What a delegate callback returns. */
typedef enum curtain_reply_mode {
  /** Send `*answer` now (left as it was: UIKit's default). */
  CURTAIN_REPLY_NOW = 0,
  /** Send nothing now: the application answers later with
   *  `curtain_delegate_reply` (copy the call's `session` and `call_id`).
   *  Past the call's `timeout_ms` the daemon falls back to UIKit's default
   *  and ignores the answer. */
  CURTAIN_REPLY_LATER = 1,
} curtain_reply_mode;

/**
 * A delegate: a callback per UIKit method, each optional. `call` is the
 * daemon's question (its `session`, `call_id`, `controller_id`, `window_id`,
 * `timeout_ms`); `answer` starts as UIKit's default (a nil animation
 * controller, "yes" for the should- questions) and is sent as the callback
 * leaves it (see `curtain_answer_yes`, `curtain_answer_animator`,
 * `curtain_answer_style`, `curtain_answer_remote_animator`,
 * `curtain_answer_interactive`, `curtain_answer_presentation`,
 * `curtain_answer_frame`, `curtain_answer_controller`). Whatever the
 * answer points to must stay valid until the library has sent it, just after
 * the callback returns. Each callback returns a `curtain_reply_mode`. A question
 * whose callback is NULL is answered with UIKit's default. New callbacks are
 * added at the end.
 */
typedef struct curtain_delegate {
  /** UINavigationControllerDelegate
   *  `navigationController(_:animationControllerFor:from:to:)`: `operation`
   *  is "push" or "pop"; answer an animator, or the default for the built-in
   *  push or pop. Role NAVIGATION. */
  int (*navigation_animation_controller)(curtain_client *client,
                                         const Curtain__V1__DelegateCall *call,
                                         const char *operation, uint64_t from_id, uint64_t to_id,
                                         Curtain__V1__DelegateAnswer *answer, void *data);
  /** UITabBarControllerDelegate `tabBarController(_:shouldSelect:)`: the
   *  tab bar controller and the tab asked for; answer no to decline. Role
   *  TAB_BAR. */
  int (*tab_bar_should_select)(curtain_client *client, const Curtain__V1__DelegateCall *call,
                               uint64_t tab_bar_id, uint64_t view_controller_id,
                               Curtain__V1__DelegateAnswer *answer, void *data);
  /** UITabBarControllerDelegate
   *  `tabBarController(_:animationControllerForTransitionFrom:to:)`: answer
   *  an animator to animate the switch (UIKit's default does not). Role
   *  TAB_BAR. */
  int (*tab_bar_animation_controller)(curtain_client *client, const Curtain__V1__DelegateCall *call,
                                      uint64_t from_id, uint64_t to_id,
                                      Curtain__V1__DelegateAnswer *answer, void *data);
  /** UIViewControllerTransitioningDelegate
   *  `animationController(forPresented:presenting:source:)` (Curtain's
   *  presenting controller is also the source). Role TRANSITIONING. */
  int (*animation_controller_for_presented)(curtain_client *client,
                                            const Curtain__V1__DelegateCall *call,
                                            uint64_t presented_id, uint64_t presenting_id,
                                            uint64_t source_id, Curtain__V1__DelegateAnswer *answer,
                                            void *data);
  /** UIViewControllerTransitioningDelegate `animationController(forDismissed:)`.
   *  Role TRANSITIONING. */
  int (*animation_controller_for_dismissed)(curtain_client *client,
                                            const Curtain__V1__DelegateCall *call,
                                            uint64_t dismissed_id,
                                            Curtain__V1__DelegateAnswer *answer, void *data);
  /** `shouldPerformSegue(withIdentifier:sender:)` (Curtain's segues have no
   *  sender): answer no to decline the segue. Role SEGUE. */
  int (*should_perform_segue)(curtain_client *client, const Curtain__V1__DelegateCall *call,
                              const char *identifier, Curtain__V1__DelegateAnswer *answer,
                              void *data);
  /** Another client took over `event->role` of `event->controller_id` (a
   *  `DelegateEvent` REPLACED, which `on_event` also receives): this
   *  registration no longer answers for that role. */
  void (*replaced)(curtain_client *client, const Curtain__V1__DelegateEvent *event, void *data);
  /** The daemon's response to an answer the library sent for this delegate:
   *  `response->delegate_reply->accepted` is false when the answer came too
   *  late (the daemon had fallen back). Otherwise as `curtain_response_cb`. */
  void (*reply_result)(curtain_client *client, uint64_t call_id, int status,
                       const Curtain__V1__Response *response, void *data);
  /** UIAdaptivePresentationControllerDelegate
   *  `adaptivePresentationStyle(for:traitCollection:)`, asked when a
   *  controller is presented: the presented controller, its presenter, the
   *  style the presentation asks for (`MODAL_PRESENTATION_STYLE_...`) and the
   *  window's traits (never NULL; `traits->horizontal` and
   *  `traits->vertical` are its size classes). Answer a style with
   *  `curtain_answer_style` (NONE keeps the requested style), or leave the
   *  default: the presentation's own adaptation. Role ADAPTIVE_PRESENTATION. */
  int (*adaptive_presentation_style)(curtain_client *client, const Curtain__V1__DelegateCall *call,
                                     uint64_t presented_id, uint64_t presenting_id,
                                     Curtain__V1__ModalPresentationStyle requested_style,
                                     const Curtain__V1__Traits *traits,
                                     Curtain__V1__DelegateAnswer *answer, void *data);
  /** UIAdaptivePresentationControllerDelegate
   *  `presentationControllerShouldDismiss(_:)`, asked when an interactive
   *  dismissal (a `BeginInteractive` DISMISS) of `presented_id` begins: answer
   *  no to keep it presented. Role ADAPTIVE_PRESENTATION. */
  int (*presentation_controller_should_dismiss)(curtain_client *client,
                                                const Curtain__V1__DelegateCall *call,
                                                uint64_t presented_id,
                                                Curtain__V1__DelegateAnswer *answer, void *data);
  /** UIViewControllerAnimatedTransitioning `animateTransition(using:)` of a
   *  remote animator: a transition this delegate answered with
   *  `curtain_answer_remote_animator` (from one of its animation-controller
   *  callbacks, or later with `curtain_delegate_reply`) has begun, and
   *  `transition` is its context (the daemon's `AnimateTransition`: views and
   *  controllers as ids, 0 where absent; frames; `duration`; `grace_ms`).
   *  Move it with `curtain_transition_frame` and end it with one
   *  `curtain_complete_transition`, now or later: keep a copy of `transition`
   *  (`curtain_message_copy`) to use it after this returns. Without it, an
   *  `AnimateTransition` is ignored and the daemon ends the transition after
   *  its duration plus `grace_ms`. */
  void (*animate_transition)(curtain_client *client,
                             const Curtain__V1__AnimateTransition *transition, void *data);
  /*
   * Interaction controllers (docs/delegates.md, "Interaction controllers").
   * A delegate with any of the four interaction-controller callbacks is
   * registered with `SetDelegate.interaction`: right after one of its
   * animation-controller callbacks answered an animator (a spec or a remote
   * animator), the daemon asks the same role's interaction-controller
   * method. Answer `curtain_answer_interactive` to drive the transition
   * (it begins interactive at 0 %, owned by this client), or leave the
   * default (not interactive).
   */
  /** UINavigationControllerDelegate
   *  `navigationController(_:interactionControllerFor:)`, with the
   *  arguments of the animation-controller question it follows. Role
   *  NAVIGATION. */
  int (*navigation_interaction_controller)(curtain_client *client,
                                           const Curtain__V1__DelegateCall *call,
                                           const char *operation, uint64_t from_id, uint64_t to_id,
                                           Curtain__V1__DelegateAnswer *answer, void *data);
  /** UITabBarControllerDelegate `tabBarController(_:interactionControllerFor:)`.
   *  Role TAB_BAR. */
  int (*tab_bar_interaction_controller)(curtain_client *client,
                                        const Curtain__V1__DelegateCall *call, uint64_t from_id,
                                        uint64_t to_id, Curtain__V1__DelegateAnswer *answer,
                                        void *data);
  /** UIViewControllerTransitioningDelegate
   *  `interactionControllerForPresentation(using:)`. Role TRANSITIONING. */
  int (*interaction_controller_for_presentation)(curtain_client *client,
                                                 const Curtain__V1__DelegateCall *call,
                                                 uint64_t presented_id, uint64_t presenting_id,
                                                 Curtain__V1__DelegateAnswer *answer, void *data);
  /** UIViewControllerTransitioningDelegate
   *  `interactionControllerForDismissal(using:)`. Role TRANSITIONING. */
  int (*interaction_controller_for_dismissal)(curtain_client *client,
                                              const Curtain__V1__DelegateCall *call,
                                              uint64_t dismissed_id,
                                              Curtain__V1__DelegateAnswer *answer, void *data);
  /** UIViewControllerInteractiveTransitioning `startInteractiveTransition(_:)`:
   *  an answer `curtain_answer_interactive` that the library sent (a
   *  callback returning CURTAIN_REPLY_NOW) was accepted and began the
   *  transition `transition_id` of window `window_id` in `session` (the
   *  call's session). Drive it with `curtain_update_interactive` and end it
   *  with `curtain_finish_interactive` or `curtain_cancel_interactive`, now
   *  or later. For an answer sent with `curtain_delegate_reply`, the
   *  response's `delegate_reply` names the transition instead. If this
   *  client goes away the transition is cancelled. */
  void (*start_interactive_transition)(curtain_client *client, const char *session,
                                       uint64_t window_id, uint64_t transition_id, void *data);
  /** UIViewControllerTransitioningDelegate
   *  `presentationController(forPresented:presenting:source:)`, asked for a
   *  present with the CUSTOM style (Curtain's presenting controller is also
   *  the source): answer a custom presentation with
   *  `curtain_answer_presentation`, which replaces the Present request's
   *  `custom`, or leave the default (the request's own). Role
   *  TRANSITIONING. */
  int (*presentation_controller)(curtain_client *client, const Curtain__V1__DelegateCall *call,
                                 uint64_t presented_id, uint64_t presenting_id, uint64_t source_id,
                                 Curtain__V1__DelegateAnswer *answer, void *data);
  /** The custom presentation controller's
   *  `frameOfPresentedViewInContainerView`, asked when a custom
   *  presentation of `presented_id` starts (right after
   *  `presentation_controller`; `width` and `height` are the window's size)
   *  and at every resize of the window (before it runs; its new size).
   *  Answer the presented view's frame with `curtain_answer_frame`, or leave
   *  the default (at the start the description's frame; at a resize it
   *  keeps its frame). Role TRANSITIONING. */
  int (*frame_of_presented_view)(curtain_client *client, const Curtain__V1__DelegateCall *call,
                                 uint64_t presented_id, double width, double height,
                                 Curtain__V1__DelegateAnswer *answer, void *data);
  /** `prepare(for:sender:)` (no sender): segue `identifier` of `source_id`
   *  goes on to `destination_id`, already instantiated and not yet shown.
   *  The segue waits for the answer, which is always empty: configure the
   *  destination with requests before returning (they reach the daemon
   *  before the answer), or return CURTAIN_REPLY_LATER and answer with
   *  `curtain_delegate_reply` (answer NULL) when done. Role SEGUE. */
  int (*prepare_for_segue)(curtain_client *client, const Curtain__V1__DelegateCall *call,
                           const char *identifier, uint64_t source_id, uint64_t destination_id,
                           void *data);
  /** UIAdaptivePresentationControllerDelegate
   *  `presentationController(_:viewControllerForAdaptivePresentationStyle:)`,
   *  asked (of a delegate that sets this callback: it registers with
   *  `SetDelegate.adaptive_replacement`) right after
   *  `adaptive_presentation_style`, once per presentation that adapts:
   *  `adapted_style` is the style it adapts to. Answer a detached controller
   *  (made beforehand, e.g. a navigation controller with an empty stack,
   *  which then wraps the presented one) with `curtain_answer_controller`:
   *  it is shown instead of the presented controller while the presentation
   *  is adapted. The default: none. Role ADAPTIVE_PRESENTATION. */
  int (*view_controller_for_adaptive_presentation_style)(
      curtain_client *client, const Curtain__V1__DelegateCall *call, uint64_t presented_id,
      Curtain__V1__ModalPresentationStyle adapted_style, Curtain__V1__DelegateAnswer *answer,
      void *data);
  /** The custom presentation controller's `shouldRemovePresentersView`,
   *  asked when a custom presentation of `presented_id` by `presenting_id`
   *  starts (right after `frame_of_presented_view`): answer with
   *  `curtain_answer_yes` whether the presenter's view leaves the window
   *  (over the description's `removes_presenter_view`), or leave the
   *  default (the description's). Role TRANSITIONING. */
  int (*should_remove_presenters_view)(curtain_client *client,
                                       const Curtain__V1__DelegateCall *call, uint64_t presented_id,
                                       uint64_t presenting_id, Curtain__V1__DelegateAnswer *answer,
                                       void *data);
  /** The custom presentation controller's `presentationTransitionWillBegin`,
   *  asked as an animated (or interactive) custom presentation of
   *  `presented_id` by `presenting_id` is about to begin, after its
   *  animation and interaction controller callbacks: answer animations
   *  alongside the transition with `curtain_answer_animator` (the spec's
   *  tracks run on the transition's clock; its duration is not used; a
   *  track on ROLE_DIMMING_VIEW moves the presentation's dimming view), or
   *  leave the default (nothing alongside). Role TRANSITIONING. */
  int (*presentation_transition_will_begin)(curtain_client *client,
                                            const Curtain__V1__DelegateCall *call,
                                            uint64_t presented_id, uint64_t presenting_id,
                                            Curtain__V1__DelegateAnswer *answer, void *data);
  /** `dismissalTransitionWillBegin`, likewise for the animated (or
   *  interactive) dismissal of the custom presentation of `dismissed_id` by
   *  `presenting_id`. Role TRANSITIONING. */
  int (*dismissal_transition_will_begin)(curtain_client *client,
                                         const Curtain__V1__DelegateCall *call,
                                         uint64_t dismissed_id, uint64_t presenting_id,
                                         Curtain__V1__DelegateAnswer *answer, void *data);
} curtain_delegate;

/** Which controller a registration is about, and for what. */
typedef struct curtain_delegate_target {
  /** The session of the controller; NULL or "" means the client's session
   *  option (else the daemon's "default"). */
  const char *session;
  /** The controller by id, or (with `controller_id` 0) by identifier. The
   *  library looks an identifier's id up with a `ListControllers` sent just
   *  before (the daemon's questions name controllers by id). */
  uint64_t controller_id;
  const char *controller;
  /** The roles (DELEGATE_ROLE_NAVIGATION, ...). For `curtain_set_delegate`,
   *  none means every role the delegate has a callback of; for
   *  `curtain_clear_delegate`, every role. */
  const Curtain__V1__DelegateRole *roles;
  size_t role_count;
  /** How long the daemon waits for each answer; 0: its --delegate-timeout
   *  (default 500 ms). Not used by `curtain_clear_delegate`. */
  uint32_t timeout_ms;
} curtain_delegate_target;

/**
 * Sends a `SetDelegate`: this client becomes the delegate of the target's
 * controller for the target's roles, answered by `delegate` (copied) with
 * `data` as its callbacks' last argument. `callback(client, status,
 * response, callback_data)` (may be NULL) gets the daemon's answer: an
 * `Empty` result, or an error (NOT_FOUND, PERMISSION_DENIED for a read-only
 * client, INVALID_ARGUMENT), in which case the registration is dropped.
 * Questions that arrive before that answer already go to `delegate`. A
 * later registration of the same controller and role (by any client)
 * replaces this one.
 *
 * Returns CURTAIN_E_INVALID, with `curtain_last_error` saying why, for a
 * NULL target or delegate, a target naming its controller both or neither
 * ways, a role that is not a `DelegateRole`, a role none of whose callbacks
 * the delegate has, or a delegate with no callback at all; CURTAIN_E_STATE
 * before `on_ready` or once closing; CURTAIN_E_NOMEM.
 */
int curtain_set_delegate(curtain_client *client, const curtain_delegate_target *target,
                         const curtain_delegate *delegate, void *data, curtain_response_cb callback,
                         void *callback_data);

/**
 * Sends a `ClearDelegate`: ends this client's registrations of the target's
 * controller for its roles (all when none); once the daemon agrees, the
 * library forgets them. Another client's registration is NOT_OWNER.
 * Returns as `curtain_set_delegate` (an unknown role is CURTAIN_E_INVALID).
 */
int curtain_clear_delegate(curtain_client *client, const curtain_delegate_target *target,
                           curtain_response_cb callback, void *callback_data);

/**
 * Sends a `DelegateReply`: the answer to call `call_id` of `session` (the
 * call's own `session`), for calls answered with CURTAIN_REPLY_LATER or
 * passed to `on_delegate_call`. `answer` NULL is UIKit's default. The
 * response's `delegate_reply->accepted` is false when the question was no
 * longer open; a call id never asked is NOT_FOUND. Returns as
 * `curtain_request`, with `curtain_last_error` set.
 */
int curtain_delegate_reply(curtain_client *client, const char *session, uint64_t call_id,
                           const Curtain__V1__DelegateAnswer *answer, curtain_response_cb callback,
                           void *data);

/** Sets `answer` to UIKit's default (neither field). */
void curtain_answer_default(Curtain__V1__DelegateAnswer *answer);

/** Sets `answer` to yes (non-zero) or no, for the should- questions. */
void curtain_answer_yes(Curtain__V1__DelegateAnswer *answer, int yes);

/** Sets `answer` to an animator (docs/animators.md), for the
 *  animation-controller questions. `animator` is not copied. */
void curtain_answer_animator(Curtain__V1__DelegateAnswer *answer,
                             const Curtain__V1__AnimatorSpec *animator);

/** Sets `answer` to a presentation style, for `adaptive_presentation_style`:
 *  MODAL_PRESENTATION_STYLE_NONE (do not adapt), FULL_SCREEN,
 *  OVER_FULL_SCREEN or FORM_SHEET. Returns CURTAIN_OK, or CURTAIN_E_INVALID
 *  (leaving `answer` as it was) for a NULL answer or any other style, which
 *  the daemon would take as malformed. */
int curtain_answer_style(Curtain__V1__DelegateAnswer *answer,
                         Curtain__V1__ModalPresentationStyle style);

/**
 * Sets `answer` to a remote animator, for the animation-controller
 * questions: "I will drive it" (docs/delegates.md, "Remote animators"). The
 * daemon begins the transition with nothing moving and the delegate's
 * `animate_transition` gets its context. `animator` is the message the
 * answer points to: it is set to `duration` (`transitionDuration(using:)`,
 * 0 to 3600 seconds) and must stay valid until the answer is sent, which is
 * after the callback returns (keep it in the delegate's data, not on the
 * callback's stack). Returns CURTAIN_OK, or CURTAIN_E_INVALID (leaving
 * `answer` as it was) for a NULL answer or animator or a duration out of
 * range, which the daemon would take as malformed.
 */
int curtain_answer_remote_animator(Curtain__V1__DelegateAnswer *answer,
                                   Curtain__V1__RemoteAnimator *animator, double duration);

/** Sets `answer` to "this client drives it", for the interaction-controller
 *  questions (`DelegateAnswer.interactive`). Returns CURTAIN_OK, or
 *  CURTAIN_E_INVALID for a NULL answer. */
int curtain_answer_interactive(Curtain__V1__DelegateAnswer *answer);

/** What `curtain_answer_presentation` fills: keep it where it outlives the
 *  callback (the delegate's data), like a remote animator. */
typedef struct curtain_presentation_storage {
  Curtain__V1__CustomPresentation presentation;
  Curtain__V1__Rect frame;
} curtain_presentation_storage;

/**
 * Sets `answer` to a custom presentation, for `presentation_controller`:
 * the presented view's frame in the window (`frame`: x, y, width, height;
 * NULL: the window's bounds), the alpha of a dimming view (`dimming_alpha`,
 * 0 to 1; NULL: none) and whether the presenter's view leaves the window
 * (`removes_presenter_view` non-zero). The message is built in `storage`,
 * which must stay valid until the answer is sent. Returns CURTAIN_OK, or
 * CURTAIN_E_INVALID (leaving `answer` and `storage` as they were) for a
 * NULL answer or storage, a frame with a number that is not finite or a
 * width or height not above 0, or an alpha that is not a number from 0 to
 * 1, which the daemon would take as malformed.
 */
int curtain_answer_presentation(Curtain__V1__DelegateAnswer *answer,
                                curtain_presentation_storage *storage, const double *frame,
                                const double *dimming_alpha, int removes_presenter_view);

/**
 * Sets `answer` to the presented view's frame, for
 * `frame_of_presented_view`: built in `storage`, which must stay valid until
 * the answer is sent. Returns CURTAIN_OK, or CURTAIN_E_INVALID (leaving
 * `answer` and `storage` as they were) for a NULL answer or storage, a
 * number that is not finite, or a width or height not above 0.
 */
int curtain_answer_frame(Curtain__V1__DelegateAnswer *answer, Curtain__V1__Rect *storage, double x,
                         double y, double width, double height);

/**
 * Sets `answer` to a controller, for
 * `view_controller_for_adaptive_presentation_style`: the replacement's id.
 * Returns CURTAIN_OK, or CURTAIN_E_INVALID (leaving `answer` as it was) for
 * a NULL answer or the id 0.
 */
int curtain_answer_controller(Curtain__V1__DelegateAnswer *answer, uint64_t controller_id);

/**
 * Sends an `UpdateInteractive`: moves the interactive transition
 * `transition_id` of window `window_id` (as `start_interactive_transition`
 * got them) to `percent` (0 to 1; the daemon clamps it), in `session` (NULL
 * or "": the client's session option). Like `curtain_transition_frame`,
 * nothing waits for the response: `callback` (may be NULL) gets it later, a
 * `TransitionResult` or an error (NOT_FOUND once the transition ended,
 * NOT_OWNER from another client). Returns CURTAIN_OK, or
 * CURTAIN_E_INVALID, with `curtain_last_error` saying why, for a window or
 * transition id 0 or a percent that is not a finite number; otherwise as
 * `curtain_request`.
 */
int curtain_update_interactive(curtain_client *client, const char *session, uint64_t window_id,
                               uint64_t transition_id, double percent, curtain_response_cb callback,
                               void *data);

/**
 * Sends a `FinishInteractive`: lets go of the interactive transition, which
 * plays to its end at `completion_speed` (0 or less reads as 1) with the
 * transition's own curve. Returns as `curtain_update_interactive` (a speed
 * that is not a finite number is CURTAIN_E_INVALID).
 */
int curtain_finish_interactive(curtain_client *client, const char *session, uint64_t window_id,
                               uint64_t transition_id, double completion_speed,
                               curtain_response_cb callback, void *data);

/** Sends a `CancelInteractive`: as `curtain_finish_interactive`, back to the
 *  start (a push cancelled leaves the stack as it was). */
int curtain_cancel_interactive(curtain_client *client, const char *session, uint64_t window_id,
                               uint64_t transition_id, double completion_speed,
                               curtain_response_cb callback, void *data);

/**
 * Sends a `SetWindowSpeed`: slow motion (like `CALayer.speed`, or
 * Simulator's slow animations). The realtime window `window_id`'s time runs
 * at `speed` seconds per second of real time from now on (0.01 to 100; 1 is
 * real time again), so every animation, interactive completions included,
 * takes 1/speed as long; events and frames keep the window's own time. In
 * `session` (NULL or "": the client's session option). `callback` (may be
 * NULL) gets the response: a `WindowInfo` whose `speed` is the new speed, or
 * an error (INVALID_ARGUMENT for a manual window, whose time moves only with
 * AdvanceClock). Returns CURTAIN_OK, or CURTAIN_E_INVALID, with
 * `curtain_last_error` saying why, for a window id 0 or a speed out of range
 * (or not a number); otherwise as `curtain_request`.
 */
int curtain_set_window_speed(curtain_client *client, const char *session, uint64_t window_id,
                             double speed, curtain_response_cb callback, void *data);

/** One presentation value of a remote animator's frame, read by
 *  `curtain_transition_frame`. */
typedef struct curtain_view_value {
  /** The view (the transition's `from_view_id`, `to_view_id`, ...). */
  uint64_t view_id;
  /** ANIMATABLE_PROPERTY_FRAME, CENTER, BOUNDS, ALPHA, TRANSFORM or
   *  CORNER_RADIUS. */
  Curtain__V1__AnimatableProperty property;
  /** FRAME and BOUNDS: x, y, width, height; CENTER: x, y; ALPHA and
   *  CORNER_RADIUS: the value in `numbers[0]`; TRANSFORM: a, b, c, d, tx,
   *  ty. The rest is not read. */
  double numbers[6];
} curtain_view_value;

/** The most values `curtain_transition_frame` sends in one frame. */
#define CURTAIN_TRANSITION_FRAME_MAX_VALUES 4096

/**
 * Sends a `TransitionFrame` of the transition a remote animator runs
 * (`transition`, as `animate_transition` got it, in that transition's
 * session): the views' presentation values, each held until a later frame
 * changes it or the transition ends, and, when `percent` is not NULL, its
 * percentComplete (0 to 1; the daemon clamps it), which the coordinator's
 * alongside animations follow. The frame is published to the window's frame
 * subscribers at once.
 *
 * Nothing waits for the daemon's response, which comes after those of the
 * requests sent before (the operation that began the transition may still
 * be waiting for its own): `callback` (may be NULL) gets it later, a
 * `TransitionResult`, or an error (NOT_FOUND once the transition ended,
 * NOT_OWNER from a client other than the animator's). Returns CURTAIN_OK, or
 * CURTAIN_E_INVALID, with `curtain_last_error` saying why, for a NULL
 * transition, a percent that is not a finite number, values NULL with a
 * count, more than CURTAIN_TRANSITION_FRAME_MAX_VALUES or an unknown
 * property; otherwise as `curtain_request`.
 */
int curtain_transition_frame(curtain_client *client,
                             const Curtain__V1__AnimateTransition *transition,
                             const double *percent, const curtain_view_value *values,
                             size_t value_count, curtain_response_cb callback, void *data);

/**
 * Sends the `CompleteTransition` of the transition a remote animator runs:
 * UIKit's `completeTransition(_:)`, once. The transition ends; it is
 * cancelled when `did_complete` is 0. Like `curtain_transition_frame`,
 * nothing waits for the response: `callback` (may be NULL) gets a
 * `TransitionResult`, or NOT_FOUND for a transition no longer running (a
 * second completion, or after the daemon ended it). Returns as
 * `curtain_transition_frame`.
 */
int curtain_complete_transition(curtain_client *client,
                                const Curtain__V1__AnimateTransition *transition, int did_complete,
                                curtain_response_cb callback, void *data);

/** Why the last call of `curtain_set_delegate`, `curtain_clear_delegate`,
 *  `curtain_delegate_reply`, `curtain_transition_frame`,
 *  `curtain_complete_transition` or an interaction request
 *  (`curtain_update_interactive`, ...) on `client` failed; "" when it succeeded.
 *  Owned by the client, valid until its next such call. For a NULL client,
 *  a fixed text. */
const char *curtain_last_error(const curtain_client *client);

/** The name of a delegate role, e.g. "NAVIGATION". Never NULL. */
const char *curtain_delegate_role_name(int role);

/** The name of a delegate method, e.g. "NAVIGATION_ANIMATION_CONTROLLER".
 *  Never NULL. */
const char *curtain_delegate_method_name(int method);

/* ------------------------------------------------------------------------ */
/* Collection view controllers (SEMANTICS §3)                               */
/* ------------------------------------------------------------------------ */

/** The most items (and item frames) a collection view has. */
#define CURTAIN_COLLECTION_MAX_ITEMS 1000

/**
 * A flow layout (`UICollectionViewFlowLayout`): items of `item_width` ×
 * `item_height` points a line at a time, wrapping at the collection view's
 * width. `interitem_spacing` and `line_spacing` (NULL: UIKit's 10) are the
 * minimum spacings between the items of a line and between lines;
 * `section_inset` (NULL: zero) is four numbers, top, left, bottom, right.
 * Returns a new message, freed with
 * `protobuf_c_message_free_unpacked(&layout->base, NULL)`, or NULL for an
 * item size not above 0, a spacing or inset below 0, a number that is not
 * finite, or no memory.
 */
Curtain__V1__CollectionLayout *curtain_flow_layout(double item_width, double item_height,
                                                   const double *interitem_spacing,
                                                   const double *line_spacing,
                                                   const double *section_inset);

/**
 * A layout of item frames (a custom layout): `count` frames, one per item
 * in item order, each four numbers of `frames` (x, y, width, height, in the
 * collection view's coordinates; `4 * count` numbers in all). Returns a new message, freed as
 * `curtain_flow_layout`'s, or NULL for frames NULL with a count, more than
 * CURTAIN_COLLECTION_MAX_ITEMS, a number that is not finite, a width or
 * height below 0, or no memory.
 */
Curtain__V1__CollectionLayout *curtain_frames_layout(const double *frames, size_t count);

/**
 * Sends a `CreateController` of a collection view controller in no window
 * yet, in `session` (NULL or "": the client's session option): its
 * `identifier` (NULL or "": none), `item_count` items (below 0: one per
 * frame of a frames layout, none for a flow layout), `layout` (NULL: a flow
 * layout with UIKit's defaults; read during this call only, so it may be
 * freed once this returns) and `useLayoutToLayoutNavigationTransitions` when
 * `layout_to_layout` is non-zero. `callback` (may be NULL) gets a
 * `ControllerInfo`, or an error (INVALID_ARGUMENT for a frames layout with
 * fewer frames than items). Returns CURTAIN_OK, or CURTAIN_E_INVALID, with
 * `curtain_last_error` saying why, for more than
 * CURTAIN_COLLECTION_MAX_ITEMS items; otherwise as `curtain_request`.
 */
int curtain_create_collection(curtain_client *client, const char *session, const char *identifier,
                              int64_t item_count, const Curtain__V1__CollectionLayout *layout,
                              int layout_to_layout, curtain_response_cb callback, void *data);

/**
 * Sends a `SetCollectionLayout`: `setCollectionViewLayout(_:animated:)` on
 * the collection view controller `collection` (`curtain_parse_controller`
 * reads `c4` or `@Grid`). Its items move from the old layout's frames to
 * `layout`'s, a `layoutTransition` of 0.35 s, or at once when `animated` is
 * 0 or the collection is off screen. `callback` (may be NULL) gets the
 * `OperationResult` once the daemon accepted the change (its
 * `transition_id` is the layout transition's, 0 when it changed at once), or
 * an error. `collection` and `layout` are read during this call only. Returns CURTAIN_OK, or
 * CURTAIN_E_INVALID, with `curtain_last_error` saying why, for a NULL
 * collection or layout; otherwise as `curtain_request`.
 */
int curtain_set_collection_layout(curtain_client *client, const char *session,
                                  const Curtain__V1__ControllerRef *collection,
                                  const Curtain__V1__CollectionLayout *layout, int animated,
                                  curtain_response_cb callback, void *data);

/**
 * Sends a `BeginInteractive` of kind LAYOUT:
 * `startInteractiveTransition(to:)` on the collection view of `collection`,
 * to `layout`, driven by this client. `callback` gets the
 * `OperationResult` once the transition began: its `window_id` and
 * `transition_id` are what `curtain_update_interactive` (the layout's
 * `transitionProgress`: each item's frame the linear interpolation between
 * its two frames), `curtain_finish_interactive` (the new layout stays) and
 * `curtain_cancel_interactive` (the old layout comes back) take; or an
 * error (NOT_IN_WINDOW when the collection is not on screen). Returns as
 * `curtain_set_collection_layout`.
 */
int curtain_begin_layout_transition(curtain_client *client, const char *session,
                                    const Curtain__V1__ControllerRef *collection,
                                    const Curtain__V1__CollectionLayout *layout,
                                    curtain_response_cb callback, void *data);

/**
 * Sends an animated `Push` of `collection` onto the navigation controller
 * `navigation`, answered once the daemon accepted it (an `OperationResult`
 * with the push's `transition_id`). When `collection` uses
 * layout-to-layout navigation transitions and the top of the stack is a
 * collection view controller, nothing slides: the items move from the
 * layout below to `collection`'s (0.35 s), with every callback of a push.
 * Returns as `curtain_set_collection_layout` (CURTAIN_E_INVALID for a NULL
 * reference).
 */
int curtain_push_layout_to_layout(curtain_client *client, const char *session,
                                  const Curtain__V1__ControllerRef *navigation,
                                  const Curtain__V1__ControllerRef *collection,
                                  curtain_response_cb callback, void *data);

/**
 * Sends an animated `Pop` of the navigation controller `navigation`: after
 * a layout-to-layout push, the items move back into the layout below.
 * Returns as `curtain_push_layout_to_layout`.
 */
int curtain_pop_layout_to_layout(curtain_client *client, const char *session,
                                 const Curtain__V1__ControllerRef *navigation,
                                 curtain_response_cb callback, void *data);

/**
 * Reads the item frames of the collection view controller `collection_id`
 * from `tree` (a `GetTree` answer with `include_views`): up to `capacity`
 * frames, in item order, four numbers each into `frames` (x, y, width,
 * height, in the collection view's coordinates; the model frames, where a running
 * transition ends). Returns the number of items, which may be more than
 * `capacity`, or -1 when `tree` is NULL, has no view tree, has no
 * collection view controller `collection_id`, or its items are not in the
 * window's view tree (its view is not in the window).
 */
int64_t curtain_collection_item_frames(const Curtain__V1__Tree *tree, uint64_t collection_id,
                                       double *frames, size_t capacity);

/* ------------------------------------------------------------------------ */
/* Helpers                                                                  */
/* ------------------------------------------------------------------------ */

/** The name of an error code, e.g. "NOT_FOUND" for
 *  CURTAIN__V1__ERROR_CODE__ERROR_CODE_NOT_FOUND. Never NULL. */
const char *curtain_error_code_name(int code);

/** The name of a goodbye reason, e.g. "SHUTDOWN". Never NULL. */
const char *curtain_goodbye_reason_name(int reason);

/** A deep copy of a protobuf-c message (a response, an event or a frame
 *  passed to a callback) that outlives the callback; free it with
 *  `protobuf_c_message_free_unpacked(copy, NULL)`. NULL when out of
 *  memory. */
ProtobufCMessage *curtain_message_copy(const ProtobufCMessage *message);

#ifdef __cplusplus
}
#endif

#endif /* CURTAIN_H */
