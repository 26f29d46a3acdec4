// One accepted client stream, as the server sees it (`ClientLink`).
//
// Reading: bytes go through a `ClientStreamReader` (framing, then decoding
// as a `ClientMessage`); each message is given to the server (`receive`), or reported as
// undecodable (`receiveUndecodable`, the connection stays). A framing error
// (bad varint, oversized length) cannot be recovered from: goodbye
// `protocolError`, then close.
//
// Writing: everything goes through the `WriteBacklog`. One batch of whole
// messages is in `uv_write` at a time; the next is taken when it completes,
// so a `.latest` frame can be replaced until its batch is handed out and the
// loop never waits for a client.
//
// Pausing: the server stops taking messages from a client whose answers
// waiting reached --max-unanswered (`pauseReading`, Outbox.swift): the
// stream stops reading (the client's writes then wait in the kernel's
// buffers, and then in the client, which a deep pipeline slows down), what
// was read and not delivered stays in the reader, and the unfinished-message
// timer stops (the wait is the daemon's). `resumeReading` asks the daemon
// to go on once the current callback is done (`onResumeReading`, never
// inside the server's own call): the messages read first, then the stream.
//
// Turns: a connection hands the server at most `messagesPerTurn` messages
// per turn of the loop. With more read and waiting, it stops its stream and
// asks the daemon for another turn (`onYield`), which comes after the loop
// has polled every other connection once: a client that pipelines without
// bound (its 64 KiB reads hold thousands of requests, and libuv reads a
// stream up to 32 times in a row) takes its share of the loop, and the
// others' requests are read in between (issue 33). What it writes waits for
// its last turn: the answers to one read still go out in one write.
//
// Unfinished messages: a message must be complete within `messageTimeout`
// of its first byte (a timer, started when a read leaves part of a message
// in the decoder, restarted when a message completes and another one has
// begun, stopped when nothing is left over), else goodbye `timeout`. The
// bytes held are reported to the daemon (`onPartialMessage`), which keeps
// them within --max-partial-bytes for all connections together
// (PartialMessageBudget.swift). A closing connection drops what it holds.
//
// A connection over --max-clients is `refuse`d: it never reaches the
// server; its goodbye `limitExceeded` is flushed and it closes.
//
// Closing: `close(reason:message:)` queues a goodbye and stops taking
// messages in either direction (input is still read, and discarded, so that
// closing never turns into a reset while the peer is still sending). What is
// queued is flushed; then the write side is shut down (the peer reads end of
// file) and the handle closes once the peer has closed its side too. A timer
// bounds all of it to `flushTimeout`: a client that does not read loses the
// rest. A slow consumer's unsent backlog (slowConsumer, framePolicy) is
// dropped at once so that its goodbye is the next thing it reads. When the
// peer closes first (end of file), what is queued still goes out, without a
// goodbye.
//
// The server hears `disconnect` exactly once, and never from inside one of
// its own calls to this link: straight away when the peer goes (end of file,
// read error, framing error: the transport's own callbacks); when the close
// starts elsewhere (the server's `close`, a slow-consumer decision inside
// `sendControl`), the daemon calls `detachFromServer()` as soon as the
// current callback is done (`onClosing`); at the latest when the handle has
// closed. A closing client must leave the server promptly: the server would
// otherwise keep asking to be woken for it (a Hello deadline, say).

import CurtainWire
import Logging

/// A client connection on a libuv stream.
final class Connection: ClientLink {
  private enum State {
    /// Reading and writing.
    case open
    /// Flushing before closing; input is discarded, output refused.
    case closing
    /// The handle is closed (or closing): nothing more happens.
    case closed
  }

  /// How long a closing connection may take to flush, in milliseconds.
  let flushTimeout: UInt64

  let clientID: UInt64
  let transportKind: TransportKind
  let peerAddress: String
  /// Seconds a started message may take to complete.
  let messageTimeout: Double
  private let stream: UVStream
  private let server: Server
  private let logger: Logger
  private var reader: ClientStreamReader
  private var backlog: WriteBacklog
  private var state = State.open
  private var serverKnowsClient = false
  private var isShuttingDownOutput = false
  private var isOutputShutDown = false
  private var peerFinished = false
  private var flushTimer: UVTimer?
  /// When the first byte of the unfinished message arrived (monotonic
  /// seconds), while part of one is held.
  private var partialSince: Double?
  private var messageTimer: UVTimer?
  /// Whether what is queued waits for `flushWrites()` (asked of the daemon
  /// through `onWritesPending`).
  private var flushRequested = false
  /// The server asked to stop taking messages (`pauseReading`).
  private var isReadingPaused = false
  /// Whether the stream reads (libuv's `uv_read_start` is in effect).
  private var isStreamReading = false
  /// It gave up its turn with messages waiting (`onYield`).
  private var isYielding = false
  /// Messages handed to the server in one turn of the loop, at most.
  static let messagesPerTurn = 16

  /// Runs after every read, so the daemon can react to what changed.
  var onActivity: (() -> Void)?
  /// Asked once when messages are queued: the daemon calls `flushWrites()`
  /// at the end of the current callback, so that everything one callback
  /// sends a client goes out in one write (the responses to pipelined
  /// requests, the frames of one tick). Without it, each message is
  /// written as it is queued.
  var onWritesPending: ((Connection) -> Void)?
  /// Runs when the connection starts closing on its own or at the server's
  /// request: the daemon then calls `detachFromServer()` once the current
  /// callback is done (outside the server's own code).
  var onClosing: ((Connection) -> Void)?
  /// Runs once when the handle has closed.
  var onClosed: ((Connection) -> Void)?
  /// Runs when the server lets a paused client be read again: the daemon
  /// calls `continueReading()` once the current callback is done.
  var onResumeReading: ((Connection) -> Void)?
  /// Runs when it gives up its turn with messages waiting: the daemon calls
  /// `takeTurn()` at the loop's next turn.
  var onYield: ((Connection) -> Void)?
  /// Runs when the bytes held for an unfinished message change: the
  /// connection, the bytes (0: none) and when that message began.
  var onPartialMessage: ((Connection, Int, Double) -> Void)?

  /// Wraps an accepted stream; `open()` starts it.
  init(
    clientID: UInt64, transportKind: TransportKind, stream: UVStream, server: Server,
    logger: Logger, flushTimeout: UInt64 = 1000
  ) {
    self.flushTimeout = flushTimeout
    self.clientID = clientID
    self.transportKind = transportKind
    self.peerAddress =
      transportKind == .tcp ? ((try? stream.peerAddress())?.host ?? "unknown") : "unix"
    self.messageTimeout = server.configuration.limits.messageTimeout
    self.stream = stream
    self.server = server
    self.logger = logger
    self.reader = ClientStreamReader(
      maxFrameBytes: server.configuration.maxFrameBytes, limits: server.configuration.limits)
    self.backlog = WriteBacklog(maxControlBytes: server.configuration.maxWriteQueueBytes)
  }

  /// Introduces the client to the server and starts reading.
  func open() {
    guard state == .open, !serverKnowsClient else { return }
    serverKnowsClient = true
    server.connect(self)
    startStream()
  }

  /// Starts the stream reading; a failure closes the connection.
  private func startStream() {
    do {
      try stream.startReading { [weak self] event in self?.didRead(event) }
      isStreamReading = true
    } catch {
      logger.warning("cannot read", metadata: ["client": "\(clientID)", "error": "\(error)"])
      detachFromServer()
      abort()
    }
  }

  /// Turns the client away before the server hears of it (a daemon
  /// limit): a goodbye, flushed, then the connection closes. What the
  /// client sends meanwhile is read and discarded.
  func refuse(reason: Goodbye.Reason, message: String) {
    guard state == .open, !serverKnowsClient else { return }
    close(reason: reason, message: message)
    do {
      try stream.startReading { [weak self] event in self?.didRead(event) }
    } catch {
      abort()
    }
  }

  /// Whether the connection is still open (not closing or closed).
  var isOpen: Bool { state == .open }

  // MARK: ClientLink

  func sendControl(_ message: ServerMessage) {
    guard state == .open else { return }
    let bytes: [UInt8]
    do {
      bytes = try WireCodec.framed(message)
    } catch {
      logger.error(
        "cannot encode a message", metadata: ["client": "\(clientID)", "error": "\(error)"])
      return
    }
    sendControl(bytes: bytes)
  }

  func sendControl(bytes: [UInt8]) {
    guard state == .open else { return }
    var decision = backlog.enqueueControl(bytes)
    // Over the limit with this callback's writes still corked: write them
    // and ask again, so that only bytes the client has not taken count.
    if case .disconnect = decision, uncork() {
      decision = backlog.enqueueControl(bytes)
    }
    switch decision {
    case .queued, .replaced:
      writeSoon()
    case .disconnect(let reason, let message):
      close(reason: reason, message: message)
    }
  }

  func sendFrame(_ frame: SharedFrame, subscription: UInt64, policy: FramePolicy) {
    guard state == .open else { return }
    // A frame of this subscription already queued in this callback is
    // written first: the policy judges a subscriber that falls behind, not
    // frames that the cork held back (two steps read at once are two
    // frames, as they were before writes were corked).
    if backlog.waitingFrameCount(subscription: subscription) > 0 {
      uncork()
    }
    switch backlog.enqueueFrame(frame, subscription: subscription, policy: policy) {
    case .queued:
      writeSoon()
    case .replaced:
      server.measureReplacedFrame()
      writeSoon()
    case .disconnect(let reason, let message):
      close(reason: reason, message: message)
    }
  }

  var unwrittenBytes: Int { backlog.controlBytes }

  func pauseReading() {
    guard state == .open, !isReadingPaused else { return }
    isReadingPaused = true
    stopStream()
    logger.trace("reading paused", metadata: ["client": "\(clientID)"])
  }

  /// Whether messages are not taken now (paused, or waiting for a turn).
  private var isHeld: Bool { isReadingPaused || isYielding }

  /// Stops the stream reading while messages are not taken; the
  /// unfinished-message timer stops too (the wait is the daemon's).
  private func stopStream() {
    if isStreamReading {
      stream.stopReading()
      isStreamReading = false
    }
    messageTimer?.stop()
  }

  /// Gives up the turn with messages waiting.
  private func yieldTurn() {
    isYielding = true
    stopStream()
    onYield?(self)
  }

  /// The loop's next turn for a connection that yielded: it hands the
  /// server its next messages, and reads again once none wait.
  func takeTurn() {
    guard state == .open, isYielding else { return }
    isYielding = false
    continueReading()
  }

  func resumeReading() {
    guard isReadingPaused else { return }
    isReadingPaused = false
    onResumeReading?(self)
  }

  /// Delivers the messages read while paused, then reads the stream again
  /// (unless that paused it again). The daemon calls it after the callback
  /// in which the server resumed reading.
  func continueReading() {
    guard state == .open, !isHeld else { return }
    deliverFrames()
    guard state == .open, !isHeld else { return }
    if !isStreamReading { startStream() }
    guard state == .open else { return }
    // An unfinished message gets its time again: the client could not send
    // it while the daemon did not read.
    trackPartialMessage(completedOne: true)
  }

  /// Writes what is queued at the end of the current callback (or now,
  /// when nobody flushes).
  private func writeSoon() {
    guard let onWritesPending else { return pump() }
    guard !flushRequested else { return }
    flushRequested = true
    onWritesPending(self)
  }

  /// Writes now what this callback queued so far; false when nothing was
  /// corked.
  @discardableResult
  private func uncork() -> Bool {
    guard flushRequested else { return false }
    flushRequested = false
    pump()
    return true
  }

  /// Writes what was queued during the callback; returns false, writing
  /// nothing, while the connection waits for its next turn with messages
  /// read (the answers to one read still go out in one write, after its
  /// last turn).
  @discardableResult
  func flushWrites() -> Bool {
    guard flushRequested else { return true }
    guard !isYielding || state != .open else { return false }
    flushRequested = false
    pump()
    return true
  }

  func close(reason: Goodbye.Reason, message: String, details: [String: String]) {
    guard state == .open else { return }
    state = .closing
    server.measureGoodbye(reason)
    dropPartialMessage()
    logger.debug(
      "closing",
      metadata: ["client": "\(clientID)", "reason": "\(reason)", "message": "\(message)"])
    if reason == .slowConsumer || reason == .framePolicy {
      backlog.discardQueued()
    }
    var goodbye = Goodbye()
    goodbye.reason = reason
    goodbye.message = message
    goodbye.details = details
    var envelope = ServerMessage()
    envelope.goodbye = goodbye
    if let bytes = try? WireCodec.framed(envelope) {
      backlog.enqueueFinal(bytes)
    }
    startFlushTimer()
    onClosing?(self)
    pump()
  }

  // MARK: Reading

  private func didRead(_ event: UVStream.ReadEvent) {
    switch event {
    case .data(let bytes):
      guard state == .open else { return }
      reader.append(bytes)
      let completed = deliverFrames()
      if state == .open, !isHeld { trackPartialMessage(completedOne: completed) }
    case .endOfFile:
      logger.debug("client closed its side", metadata: ["client": "\(clientID)"])
      peerFinished = true
      detachFromServer()
      if state == .open {
        // The peer may still read: what is queued goes out, without a goodbye.
        state = .closing
        startFlushTimer()
        pump()
      } else if isOutputShutDown {
        abort()
      }
    case .failure(let error):
      logger.debug("read failed", metadata: ["client": "\(clientID)", "error": "\(error)"])
      detachFromServer()
      abort()
    }
    onActivity?()
  }

  /// Hands the complete messages to the server, at most `messagesPerTurn`
  /// (then, with more waiting, it yields its turn); returns whether there
  /// was one.
  @discardableResult
  private func deliverFrames() -> Bool {
    var completed = false
    var delivered = 0
    while state == .open, !isHeld {
      guard delivered < Self.messagesPerTurn else {
        if reader.hasInput { yieldTurn() }
        break
      }
      guard let input = reader.next() else { break }
      delivered += 1
      switch input {
      case .message(let message, let bytes):
        completed = true
        server.receive(message, from: self, bytes: bytes)
      case .oversized(let request, let bytes):
        completed = true
        server.receiveOversized(request, from: self, bytes: bytes)
      case .undecodable(let error):
        completed = true
        server.receiveUndecodable(error, from: self)
      case .malformed(let error):
        logger.info(
          "malformed stream", metadata: ["client": "\(clientID)", "error": "\(error)"])
        detachFromServer()
        close(reason: .protocolError, message: "\(error)")
      }
    }
    return completed
  }

  // MARK: Unfinished messages

  /// After a read: starts the message deadline when part of a message is
  /// left over (again when a message completed and another began), stops
  /// it when nothing is, and reports the bytes held.
  private func trackPartialMessage(completedOne: Bool) {
    let held = reader.bufferedByteCount
    guard held > 0 else { return dropPartialMessage() }
    if partialSince == nil || completedOne {
      let now = MonotonicClock.now()
      partialSince = now
      startMessageTimer()
    }
    onPartialMessage?(self, held, partialSince ?? 0)
  }

  private func startMessageTimer() {
    if messageTimer == nil {
      messageTimer = try? UVTimer(loop: stream.loop) { [weak self] in
        self?.messageTimedOut()
      }
    }
    let milliseconds = max(1, (messageTimeout * 1000).rounded(.up))
    messageTimer?.start(afterMilliseconds: UInt64(min(milliseconds, 86_400_000)))
  }

  private func messageTimedOut() {
    guard state == .open, partialSince != nil else { return }
    let held = reader.bufferedByteCount
    logger.info(
      "message not completed in time",
      metadata: ["client": "\(clientID)", "bytes": "\(held)", "seconds": "\(messageTimeout)"])
    close(
      reason: .timeout,
      message:
        "A message was not completed within \(Self.seconds(messageTimeout)) s of its first byte "
        + "(\(held) bytes received; limit message-timeout)")
    onActivity?()
  }

  /// Forgets the unfinished message (none left, or the connection closes).
  private func dropPartialMessage() {
    messageTimer?.stop()
    guard partialSince != nil || reader.bufferedByteCount > 0 else { return }
    partialSince = nil
    if reader.bufferedByteCount > 0 { reader.discardBuffered() }
    onPartialMessage?(self, 0, 0)
  }

  /// `2`, `0.5`: seconds as flags spell them.
  private static func seconds(_ value: Double) -> String {
    value == value.rounded() ? "\(Int(value))" : "\(value)"
  }

  // MARK: Writing

  /// Hands the next batch to libuv if none is in flight; once a closing
  /// connection has written everything, shuts down its write side.
  private func pump() {
    guard state != .closed, !isShuttingDownOutput, !backlog.isWriting else { return }
    guard var batch = backlog.takeBatch() else {
      if state == .closing { shutDownOutput() }
      return
    }
    // What the socket takes at once is written without a write request
    // (most batches: a response, a few frames); the rest, if any, waits
    // for libuv as before.
    server.measureSocketWrite()
    var written = stream.tryWrite(batch)
    if written > 0 {
      while let first = batch.first, written >= first.count {
        written -= first.count
        batch.removeFirst()
      }
      if batch.isEmpty {
        backlog.completeBatch()
        return pump()
      }
      if written > 0 { batch[0].removeFirst(written) }
    }
    do {
      try stream.write(batch) { [weak self] error in self?.didWrite(error) }
    } catch {
      // Possibly inside one of the server's calls: the daemon detaches the
      // client afterwards (`onClosing`).
      logger.debug("write refused", metadata: ["client": "\(clientID)", "error": "\(error)"])
      abort()
    }
  }

  private func didWrite(_ error: UVError?) {
    backlog.completeBatch()
    guard state != .closed else { return }
    if let error {
      logger.debug("write failed", metadata: ["client": "\(clientID)", "error": "\(error)"])
      detachFromServer()
      abort()
      return
    }
    pump()
  }

  private func shutDownOutput() {
    isShuttingDownOutput = true
    do {
      try stream.shutdown { [weak self] error in
        // Everything queued is written and the peer reads end of file. Close
        // once the peer has finished too (or the timer fires), so that input
        // still arriving cannot turn the close into a reset.
        guard let self else { return }
        self.isOutputShutDown = true
        if error != nil || self.peerFinished { self.abort() }
      }
    } catch {
      abort()
    }
  }

  private func startFlushTimer() {
    guard flushTimer == nil else { return }
    flushTimer = try? UVTimer(loop: stream.loop) { [weak self] in
      guard let self, self.state != .closed else { return }
      self.logger.debug(
        "client did not take its last bytes in time", metadata: ["client": "\(self.clientID)"])
      self.abort()
    }
    flushTimer?.start(afterMilliseconds: flushTimeout)
  }

  // MARK: Closing

  /// Closes at once, dropping whatever is unwritten (a second signal during
  /// shutdown).
  func forceClose() {
    abort()
  }

  /// Tells the server the client is gone, once. Never called from inside a
  /// call the server makes on this link.
  func detachFromServer() {
    guard serverKnowsClient else { return }
    serverKnowsClient = false
    server.disconnect(self)
  }

  /// Closes the handle now; pending writes are cancelled.
  private func abort() {
    guard state != .closed else { return }
    state = .closed
    dropPartialMessage()
    onClosing?(self)
    flushTimer?.close()
    flushTimer = nil
    messageTimer?.close()
    messageTimer = nil
    backlog.discardQueued()
    stream.close { [self] in
      detachFromServer()
      onActivity?()
      let closed = onClosed
      onActivity = nil
      onClosing = nil
      onClosed = nil
      onResumeReading = nil
      onYield = nil
      closed?(self)
    }
  }
}
