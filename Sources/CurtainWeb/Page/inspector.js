// The Curtain inspector page: plain JavaScript, no libraries. It draws the
// chosen window from /api/windows/{w}/scene and moves its views with the
// frames of /ws/windows/{w}; the controller tree, the presentation chain
// and the event log come from the API and the same WebSocket. Above them, a
// strip of thumbnails, one per window of the session, drawn the same way
// from /ws/thumbnails (at the thumbnails' low frame rate); clicking one
// shows that window. docs/web.md describes the API and the messages.
"use strict";

const $ = (id) => document.getElementById(id);
const state = {
  session: "default",
  window: null,
  readWrite: false,
  socket: null,
  elements: new Map(), // view id -> element
  controllerViews: new Map(), // controller id -> view id
  names: new Map(), // controller id -> name (the scene's labels)
  treeNames: new Map(), // controller id -> @identifier or cN (the tree's)
  selected: null, // controller id
  tree: null,
  clock: "realtime",
  sceneTimer: null,
  treeTimer: null,
  interactive: null, // { transition: Promise<number> }
  ended: new Set(), // transitions that ended: no longer shown, whatever a late frame says
  thumbnails: { socket: null, shown: new Map() }, // window id -> its thumbnail
};

async function api(path, body) {
  const options = body === undefined ? {} : { method: "POST", body: JSON.stringify(body) };
  const separator = path.includes("?") ? "&" : "?";
  const response = await fetch(`/api/${path}${separator}session=${encodeURIComponent(state.session)}`, options);
  const type = response.headers.get("content-type") || "";
  const value = type.startsWith("application/json") ? await response.json() : await response.text();
  if (!response.ok) {
    const error = new Error(value.error ? `${value.error.code}: ${value.error.message}` : String(value));
    error.status = response.status;
    throw error;
  }
  return value;
}

function banner(text) {
  $("banner").hidden = !text;
  $("banner").textContent = text || "";
}

// MARK: Choosing a window

async function loadSessions() {
  const sessions = await api("sessions");
  const select = $("session");
  select.replaceChildren(...sessions.map((s) => new Option(`${s.session} (${s.windows})`, s.session)));
  if (!sessions.some((s) => s.session === state.session) && sessions.length) state.session = sessions[0].session;
  select.value = state.session;
}

async function loadWindows() {
  const windows = await api("windows");
  if (!windows.some((w) => w.window === state.window)) state.window = windows.length ? windows[0].window : null;
  listWindows(windows);
}

// The window menu: the session's windows (from the API, then from the
// thumbnails' socket as windows come and go).
function listWindows(windows) {
  const select = $("window");
  select.replaceChildren(...windows.map((w) => new Option(`w${w.window} ${w.size[0]}×${w.size[1]} ${w.clock}`, w.window)));
  if (state.window !== null) select.value = String(state.window);
}

async function start() {
  const query = new URLSearchParams(location.search);
  state.session = query.get("session") || "default";
  const asked = query.get("window");
  if (asked) state.window = Number(asked.replace(/^w/, ""));
  try {
    const inspector = await fetch("/api/inspector").then((r) => r.json());
    state.readWrite = inspector.read_write;
    $("mode").textContent = inspector.read_write ? "read-write" : "read-only";
    await loadSessions();
    await loadWindows();
  } catch (error) {
    banner(`curtaind is unavailable: ${error.message}`);
    setTimeout(start, 1000);
    return;
  }
  connectThumbnails();
  openWindow();
}

function openWindow() {
  if (state.socket) {
    state.socket.onclose = null;
    state.socket.close();
    state.socket = null;
  }
  $("log").replaceChildren();
  state.selected = null;
  state.ended = new Set();
  markShownThumbnail();
  if (state.window === null) {
    $("window-caption").textContent = "(no window)";
    $("trace-link").hidden = true;
    $("stage").replaceChildren();
    return;
  }
  history.replaceState(null, "", `?session=${encodeURIComponent(state.session)}&window=${state.window}`);
  loadScene();
  loadTree();
  connect();
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const url = `${scheme}://${location.host}/ws/windows/${state.window}?session=${encodeURIComponent(state.session)}`;
  const socket = new WebSocket(url);
  state.socket = socket;
  socket.onmessage = (message) => receive(JSON.parse(message.data));
  socket.onclose = () => {
    if (state.socket !== socket) return;
    banner("curtain-web does not answer; retrying");
    setTimeout(() => {
      if (state.socket === socket) connect();
    }, 1000);
  };
}

function receive(message) {
  switch (message.type) {
    case "hello":
      state.readWrite = message.read_write;
      showDaemon(message.daemon);
      break;
    case "daemon":
      showDaemon(message);
      break;
    case "events":
      message.events.forEach(addEvent);
      break;
    case "event":
      addEvent(message.event);
      if (message.event.type !== "operation") {
        scheduleTree();
      }
      if (message.event.type === "window") scheduleScene();
      if (message.event.type === "transition" && message.event.phase === "ended") {
        endTransition(message.event.transition);
      }
      break;
    case "frame":
      applyFrame(message.frame);
      break;
    case "resync":
      loadScene();
      loadTree();
      break;
    case "window":
      banner(`w${state.window}: ${message.message}`);
      break;
  }
}

function showDaemon(daemon) {
  if (daemon.state === "connected") {
    banner(null);
  } else if (daemon.state === "unavailable") {
    banner(`curtaind is unavailable (${daemon.message}); curtain-web reconnects when it is back`);
  } else {
    banner("connecting to curtaind…");
  }
}

// MARK: Drawing

function scheduleScene() {
  clearTimeout(state.sceneTimer);
  state.sceneTimer = setTimeout(loadScene, 30);
}

async function loadScene() {
  let scene;
  try {
    scene = await api(`windows/${state.window}/scene`);
  } catch (error) {
    banner(error.message);
    return;
  }
  const window = scene.window;
  state.clock = window.clock;
  state.names = new Map(Object.entries(scene.controllers).map(([id, name]) => [Number(id), name]));
  // A window in slow motion (set-window-speed) says at what speed it runs.
  const speed = window.speed && window.speed !== 1 ? ` speed ${window.speed}` : "";
  $("window-caption").textContent = `w${window.window} ${window.size[0]}×${window.size[1]} ${window.clock}${speed}`;
  // The window's trace (Chrome trace event format, docs/traces.md), downloaded.
  const trace = $("trace-link");
  trace.href = `/api/windows/${window.window}/trace.json?session=${encodeURIComponent(state.session)}`;
  trace.download = `w${window.window}.trace.json`;
  trace.hidden = false;
  const scale = Math.min(1, 420 / window.size[0], 640 / window.size[1]);
  const stage = $("stage");
  stage.style.width = `${window.size[0] * scale}px`;
  stage.style.height = `${window.size[1] * scale}px`;
  const canvas = document.createElement("div");
  canvas.id = "canvas";
  canvas.style.cssText = `position:absolute;left:0;top:0;width:${window.size[0]}px;height:${window.size[1]}px;transform:scale(${scale});transform-origin:0 0`;
  state.elements = new Map();
  if (scene.views) canvas.append(makeView(scene.views, state.elements));
  stage.replaceChildren(canvas);
  // On the new canvas: the scene is fetched again after most frames, and a
  // time shown on the canvas it replaces would be lost.
  showTime(window.time);
  showTransitions(scene.transitions);
  placeLabels();
  highlight();
  updateControls();
}

// A view and its subviews as boxes, each filed in `elements` by view id.
function makeView(view, elements) {
  const element = document.createElement("div");
  element.className = "view";
  element.dataset.view = view.view;
  if (view.controller !== null) element.dataset.controller = view.controller;
  element.style.background = view.color === "none" ? "transparent" : view.color;
  if (view.hidden) element.style.visibility = "hidden";
  element.style.borderRadius = `${view.corner_radius}px`;
  const label = document.createElement("span");
  label.className = "label";
  label.textContent = view.label;
  const content = document.createElement("div");
  content.className = "content";
  content.style.position = "absolute";
  element.append(label, content);
  for (const subview of view.subviews) content.append(makeView(subview, elements));
  elements.set(view.view, element);
  place(element, view);
  return element;
}

// Centre and bounds, then the transform about the centre, as UIKit draws.
function place(element, view) {
  const [x, y, width, height] = view.frame;
  const [bx, by, bw, bh] = view.bounds;
  element.style.left = `${x + width / 2 - bw / 2}px`;
  element.style.top = `${y + height / 2 - bh / 2}px`;
  element.style.width = `${bw}px`;
  element.style.height = `${bh}px`;
  element.style.opacity = String(view.alpha);
  const [a, b, c, d, tx, ty] = view.transform;
  const identity = a === 1 && b === 0 && c === 0 && d === 1 && tx === 0 && ty === 0;
  element.style.transform = identity ? "" : `matrix(${a}, ${b}, ${c}, ${d}, ${tx}, ${ty})`;
  element.dataset.frame = view.frame.join(",");
  element.firstChild.nextSibling.style.left = `${-bx}px`;
  element.firstChild.nextSibling.style.top = `${-by}px`;
}

// Moves the boxes in `elements` to a frame's values; false when the frame
// has views that are not drawn, or lacks some that are (the scene changed).
function placeFrame(frame, elements) {
  let complete = frame.views.length === elements.size;
  for (const view of frame.views) {
    const element = elements.get(view.view);
    if (element) place(element, view);
    else complete = false;
  }
  return complete;
}

function applyFrame(frame) {
  if (!placeFrame(frame, state.elements)) scheduleScene();
  showTime(frame.time);
  showTransitions(frame.transitions);
  placeLabels();
}

// A view's label stays on the part of the view that the stage shows: the
// outgoing view of a push slides partly out of the window, and a label at
// its own top left would be cut off by the stage's edge (or gone). Every
// box is measured first and the labels moved afterwards, so that the page
// lays out once, not once per view.
function placeLabels() {
  const stage = $("stage").getBoundingClientRect();
  const moves = [...state.elements.values()].map((element) => {
    const box = element.getBoundingClientRect();
    // The view's scale on the screen (the stage's, times its transform's).
    const scaleX = element.offsetWidth ? box.width / element.offsetWidth : 1;
    const scaleY = element.offsetHeight ? box.height / element.offsetHeight : 1;
    return [
      element.firstChild,
      Math.max(0, stage.left - box.left) / (scaleX || 1),
      Math.max(0, stage.top - box.top) / (scaleY || 1),
    ];
  });
  for (const [label, left, top] of moves) {
    label.style.left = `${2 + left}px`;
    label.style.top = `${1 + top}px`;
  }
}

// The running transitions with their progress, from a frame or from the
// scene (which has them before the next frame: a manual-clock window moves
// only when a client advances it).
function showTransitions(transitions) {
  $("transitions").replaceChildren(
    ...transitions.filter((t) => !state.ended.has(t.transition)).map((t) => {
      const row = document.createElement("div");
      row.className = "transition";
      row.dataset.transition = t.transition;
      const bar = document.createElement("progress");
      bar.max = 1;
      bar.value = t.percent;
      row.append(`t${t.transition}${t.interactive ? " (interactive)" : ""} `, bar, ` ${(t.percent * 100).toFixed(0)}%`);
      return row;
    }));
}

// A transition that ends with no frame after it (an interactive one
// cancelled or finished where it stands, for one) would stay in the list,
// and its views where its last frame drew them: the list drops it, and the
// scene is fetched again. A frame sent before the end may still come after
// it (a tab gets events first, then the newest frame); the list ignores it.
function endTransition(id) {
  state.ended.add(id);
  document.querySelector(`#transitions .transition[data-transition="${id}"]`)?.remove();
  scheduleScene();
}

function showTime(time) {
  $("clock-time").textContent = `t=${time.toFixed(3)}`;
  $("canvas")?.setAttribute("data-time", String(time));
}

// MARK: Thumbnails

// The session's windows, each drawn small as the stage draws it: the
// scene from the API, then the frames of /ws/thumbnails, which come at
// the thumbnails' rate (`curtain-web --thumbnail-fps`, each transition's
// first and last frame always); an event that changes a window's picture
// (a controller added, a sheet presented, a transition ended) fetches its
// scene again. The list follows windows created and closed.
function connectThumbnails() {
  const thumbnails = state.thumbnails;
  if (thumbnails.socket) {
    thumbnails.socket.onclose = null;
    thumbnails.socket.close();
  }
  for (const thumbnail of thumbnails.shown.values()) clearTimeout(thumbnail.timer);
  thumbnails.shown = new Map();
  $("thumbnails").replaceChildren();
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/thumbnails?session=${encodeURIComponent(state.session)}`);
  thumbnails.socket = socket;
  socket.onmessage = (message) => {
    const data = JSON.parse(message.data);
    switch (data.type) {
      case "hello":
        $("thumbnails").dataset.fps = String(data.fps);
        break;
      case "windows":
        showThumbnails(data.windows);
        listWindows(data.windows);
        break;
      case "frame":
        thumbnailFrame(data.frame);
        break;
      case "event":
        scheduleThumbnail(data.event.window);
        break;
    }
  };
  socket.onclose = () => {
    if (thumbnails.socket !== socket) return;
    setTimeout(() => {
      if (thumbnails.socket === socket) connectThumbnails();
    }, 1000);
  };
}

function showThumbnails(windows) {
  const shown = state.thumbnails.shown;
  const listed = new Set(windows.map((w) => w.window));
  for (const [id, thumbnail] of shown) {
    if (listed.has(id)) continue;
    clearTimeout(thumbnail.timer);
    shown.delete(id);
  }
  $("thumbnails").replaceChildren(...windows.map((w) => {
    let thumbnail = shown.get(w.window);
    if (!thumbnail) {
      thumbnail = makeThumbnail(w.window);
      shown.set(w.window, thumbnail);
      loadThumbnail(thumbnail);
    }
    thumbnail.caption.textContent = `w${w.window}`;
    return thumbnail.element;
  }));
  markShownThumbnail();
}

function makeThumbnail(window) {
  const element = document.createElement("button");
  element.type = "button";
  element.className = "thumbnail";
  element.dataset.window = window;
  element.title = `Show w${window}`;
  const picture = document.createElement("div");
  picture.className = "thumbnail-stage";
  const caption = document.createElement("span");
  caption.className = "thumbnail-caption";
  element.append(picture, caption);
  element.onclick = () => {
    state.window = window;
    $("window").value = String(window);
    openWindow();
  };
  // `pending`: the newest frame that came while the scene was on its way.
  return { window, element, picture, caption, elements: new Map(), loading: false, pending: null, time: -1, timer: null };
}

function markShownThumbnail() {
  for (const thumbnail of state.thumbnails.shown.values()) {
    thumbnail.element.classList.toggle("shown", thumbnail.window === state.window);
  }
}

function scheduleThumbnail(window) {
  const thumbnail = state.thumbnails.shown.get(window);
  if (!thumbnail) return;
  clearTimeout(thumbnail.timer);
  thumbnail.timer = setTimeout(() => loadThumbnail(thumbnail), 50);
}

async function loadThumbnail(thumbnail) {
  let scene;
  thumbnail.loading = true;
  try {
    scene = await api(`windows/${thumbnail.window}/scene`);
  } catch {
    return; // closed meanwhile: the list says so next
  } finally {
    thumbnail.loading = false;
  }
  if (state.thumbnails.shown.get(thumbnail.window) !== thumbnail) return;
  const [width, height] = scene.window.size;
  const scale = Math.min(96 / width, 128 / height);
  thumbnail.picture.style.width = `${width * scale}px`;
  thumbnail.picture.style.height = `${height * scale}px`;
  const canvas = document.createElement("div");
  canvas.className = "thumbnail-canvas";
  canvas.style.cssText = `position:absolute;left:0;top:0;width:${width}px;height:${height}px;transform:scale(${scale});transform-origin:0 0`;
  thumbnail.elements = new Map();
  if (scene.views) canvas.append(makeView(scene.views, thumbnail.elements));
  thumbnail.picture.replaceChildren(canvas);
  thumbnail.time = scene.window.time;
  canvas.dataset.time = String(scene.window.time);
  // A frame that came while the scene was on its way, if it is later.
  const pending = thumbnail.pending;
  thumbnail.pending = null;
  if (pending && pending.time > scene.window.time) thumbnailFrame(pending);
}

function thumbnailFrame(frame) {
  const thumbnail = state.thumbnails.shown.get(frame.window);
  if (!thumbnail) return;
  const canvas = thumbnail.picture.firstChild;
  if (!canvas || thumbnail.loading) {
    thumbnail.pending = frame;
    return;
  }
  if (frame.time < thumbnail.time) return;
  if (!placeFrame(frame, thumbnail.elements)) scheduleThumbnail(frame.window);
  thumbnail.time = frame.time;
  canvas.dataset.time = String(frame.time);
}

// MARK: Controllers

function scheduleTree() {
  clearTimeout(state.treeTimer);
  state.treeTimer = setTimeout(loadTree, 30);
}

async function loadTree() {
  let tree;
  try {
    tree = await api(`windows/${state.window}/tree`);
  } catch (error) {
    banner(error.message);
    return;
  }
  state.tree = tree;
  state.controllerViews = new Map();
  const names = new Map();
  const container = $("tree");
  container.replaceChildren(tree.root ? makeNode(tree.root, names) : "(no root)");
  state.treeNames = names;
  const filter = $("filter-controller");
  const chosen = filter.value;
  filter.replaceChildren(new Option("all", ""),
    ...[...names].map(([id, name]) => new Option(name, String(id))));
  filter.value = [...names.keys()].map(String).includes(chosen) ? chosen : "";
  const chain = [];
  for (let node = tree.root; node; node = findPresented(node)) chain.push(node);
  $("chain").replaceChildren(...chain.map((node) => {
    const item = document.createElement("li");
    item.textContent = nodeName(node);
    return item;
  }));
  if (state.selected === null && tree.root) state.selected = tree.root.controller;
  highlight();
}

function nodeName(node) {
  return node.identifier ? `@${node.identifier}` : `c${node.controller}`;
}

function makeNode(node, names) {
  names.set(node.controller, nodeName(node));
  if (node.view !== null) state.controllerViews.set(node.controller, node.view);
  const details = document.createElement("details");
  details.open = true;
  const summary = document.createElement("summary");
  summary.dataset.controller = node.controller;
  const children = [...node.children];
  if (node.presented) children.push(node.presented);
  if (!children.length) summary.className = "leaf";
  const status = document.createElement("span");
  status.className = "state";
  status.textContent = ` ${node.kind} · ${node.appearance}${node.presented ? " · presents " + nodeName(node.presented) : ""}`;
  summary.append(`${nodeName(node)} (c${node.controller})`, status);
  summary.addEventListener("click", (event) => {
    if (event.offsetX > 14) {
      event.preventDefault();
      select(node.controller);
    }
  });
  details.append(summary, ...children.map((child) => makeNode(child, names)));
  return details;
}

function findPresented(node) {
  if (node.presented) return node.presented;
  for (const child of node.children) {
    const found = findPresented(child);
    if (found) return found;
  }
  return null;
}

function select(controller) {
  state.selected = controller;
  highlight();
}

function highlight() {
  document.querySelectorAll(".selected").forEach((e) => e.classList.remove("selected"));
  if (state.selected === null) return;
  document.querySelector(`#tree summary[data-controller="${state.selected}"]`)?.classList.add("selected");
  const view = state.controllerViews.get(state.selected);
  if (view !== undefined) state.elements.get(view)?.classList.add("selected");
  $("selected-name").textContent =
    state.treeNames.get(state.selected) || state.names.get(state.selected) || `c${state.selected}`;
}

// MARK: Events

function addEvent(event) {
  const item = document.createElement("li");
  item.value = event.seq;
  item.dataset.category = event.type;
  item.dataset.controller = event.controller ?? "";
  const category = document.createElement("span");
  category.className = "category";
  category.textContent = event.type;
  item.append(category, `t=${event.time.toFixed(3)} ${event.text}`);
  filterOne(item);
  $("log").append(item);
  if ($("follow").checked) item.scrollIntoView({ block: "nearest" });
}

function filterOne(item) {
  const category = $("filter-category").value;
  const controller = $("filter-controller").value;
  const shown = (!category || item.dataset.category === category) &&
    (!controller || item.dataset.controller === controller);
  item.classList.toggle("hidden", !shown);
}

function filterAll() {
  document.querySelectorAll("#log li").forEach(filterOne);
}

// MARK: Changing things (--read-write)

function updateControls() {
  $("clock").hidden = state.clock !== "manual";
  for (const id of ["step", "advance-to"]) $(id).disabled = !state.readWrite;
  $("controls").hidden = !state.readWrite;
}

async function act(work) {
  $("control-error").textContent = "";
  try {
    return await work();
  } catch (error) {
    $("control-error").textContent = error.message;
    return null;
  }
}

function selectedName() {
  return state.selected === null ? "none" : `c${state.selected}`;
}

function wire() {
  $("session").onchange = async () => {
    state.session = $("session").value;
    state.window = null;
    await loadWindows();
    connectThumbnails();
    openWindow();
  };
  $("window").onchange = () => {
    state.window = Number($("window").value);
    openWindow();
  };
  $("filter-category").onchange = filterAll;
  $("filter-controller").onchange = filterAll;
  $("step").onclick = () => act(() => api(`windows/${state.window}/advance`, { seconds: 1 / 60 }));
  $("advance-to").onclick = () =>
    act(() => api(`windows/${state.window}/advance`, { to: Number($("to-time").value) }));
  $("push").onclick = () => act(() => api(`controllers/${selectedName()}/push`, {}));
  $("pop").onclick = () => act(() => api(`controllers/${selectedName()}/pop`, {}));
  $("present").onclick = () => act(() => api(`controllers/${selectedName()}/present`, {}));
  $("dismiss").onclick = () => act(() => api(`controllers/${selectedName()}/dismiss`, {}));
  $("select-tab").onclick = () =>
    act(() => api(`controllers/${selectedName()}/select-tab`, { tab: $("tab").value }));
  const slider = $("interactive");
  // Dragging begins an interactive pop of the selected navigation
  // controller, moves it with the slider, and on release finishes it past
  // half way, else cancels it.
  slider.addEventListener("input", () => {
    if (!state.interactive) {
      delete $("interactive-outcome").dataset.outcome;
      $("interactive-outcome").textContent = "";
      const begun = act(() => api(`controllers/${selectedName()}/interactive-pop`, {}));
      state.interactive = { transition: begun.then((result) => (result ? result.transition : null)) };
    }
    const percent = Number(slider.value) / 100;
    const interaction = state.interactive;
    interaction.transition = interaction.transition.then(async (id) => {
      if (id !== null) {
        await act(() => api(`transitions/${id}/update`, { percent }));
        // A manual clock draws a frame only when it advances: ask for one
        // at the same time.
        if (state.clock === "manual") await act(() => api(`windows/${state.window}/advance`, { seconds: 0 }));
      }
      return id;
    });
  });
  // The release: the pointer going up ends a drag, and `change` ends a
  // keyboard step. A drag released where it started (back at 0) fires no
  // `change`, so `change` alone would leave the pop hanging; whichever of
  // the two comes second finds nothing left to do.
  const release = () => {
    const interaction = state.interactive;
    state.interactive = null;
    if (!interaction) return;
    const released = Number(slider.value);
    const finish = released >= 50;
    const outcome = $("interactive-outcome");
    slider.value = "0";
    interaction.transition.then(async (id) => {
      if (id === null) return;
      const answer = await act(() => api(`transitions/${id}/${finish ? "finish" : "cancel"}`, {}));
      if (!answer) return;
      // Says what the release did once the daemon took it.
      outcome.dataset.outcome = finish ? "finish" : "cancel";
      outcome.textContent = `released at ${released}%: ${finish ? "finishing" : "cancelling"} t${id}`;
    });
  };
  for (const type of ["pointerup", "pointercancel", "change"]) slider.addEventListener(type, release);
}

wire();
start();
