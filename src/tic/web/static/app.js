// tic's chat page: plain script, no build step. Every piece of content is set as text (textContent),
// never as markup: an email body with <script> in it is shown as those characters.
"use strict";

let csrf = document.querySelector('meta[name="csrf"]').content; // renewed on each connection (an engine restart)
const $ = (sel) => document.querySelector(sel);

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  if (method !== "GET") init.headers["X-CSRF-Token"] = csrf;
  const res = await fetch(path, init);
  let data = null;
  try { data = await res.json(); } catch (_) { data = { error: await res.text().catch(() => res.statusText) }; }
  if (!res.ok) throw new Error((data && data.error) || res.statusText);
  return data;
}

function when(iso) {
  if (!iso) return "";
  const d = new Date(iso);
  return isNaN(d) ? String(iso) : d.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

// --- panels ------------------------------------------------------------------------------------------
const loaders = {};
function show(name) {
  for (const tab of document.querySelectorAll("nav [role=tab]")) {
    tab.setAttribute("aria-selected", String(tab.dataset.panel === name));
  }
  for (const panel of document.querySelectorAll(".panel")) panel.hidden = panel.id !== "panel-" + name;
  if (loaders[name]) loaders[name]();
  history.replaceState(null, "", "#" + name);
}
for (const tab of document.querySelectorAll("nav [role=tab]")) tab.addEventListener("click", () => show(tab.dataset.panel));

// --- the conversation --------------------------------------------------------------------------------
const messages = $("#messages");
let lastId = 0;
let fetching = null;
let again = false;
const streaming = new Map(); // turn -> bubble being streamed (not stored yet)
const pending = []; // lines sent from this tab, not stored yet

function bubble(kind, text, at, extra) {
  return el("li", { class: "bubble " + kind, "data-kind": kind, ...(extra || {}) },
    el("div", { class: "text" }, text),
    at ? el("time", { datetime: at }, when(at)) : null);
}

function card(item) {
  const n = item.items.length;
  const title = n === 1 ? "1 notification" : n + " notifications";
  const list = el("ul", {}, item.items.map((c) =>
    el("li", { class: "notification", "data-source": c.source },
      el("div", { class: "meta" },
        el("span", { class: "source " + c.source }, c.source),
        c.sender ? el("span", { class: "sender" }, c.sender) : null,
        c.event_time ? el("time", { datetime: c.event_time }, when(c.event_time)) : null,
        el("span", { class: "type" }, c.event_type)),
      el("p", { class: "summary" }, c.summary))));
  return el("li", { class: "card", "data-kind": "notifications" },
    el("details", {}, el("summary", {}, el("span", { class: "tool" }, "read_notification"), " ", title), list),
    el("time", { datetime: item.at }, when(item.at)));
}

function render(item) {
  if (item.kind === "notifications") return card(item);
  return bubble(item.kind, item.text, item.at, { "data-id": item.id });
}

function nearBottom() {
  return messages.scrollHeight - messages.scrollTop - messages.clientHeight < 80;
}

async function refreshConversation() {
  if (fetching) { again = true; return fetching; }
  fetching = (async () => {
    do {
      again = false;
      const first = lastId === 0;
      const data = await api("GET", "/api/conversation?after=" + lastId);
      if (first) showEarlier(data.earlier);
      const stick = nearBottom();
      for (const item of data.items) {
        if (item.kind === "assistant") {
          for (const [turn, b] of streaming) { if (b.dataset.done) { b.remove(); streaming.delete(turn); } }
        }
        if (item.kind === "user") {
          const i = pending.findIndex((p) => p.text === item.text);
          if (i >= 0) { pending[i].node.remove(); pending.splice(i, 1); }
        }
        const node = render(item);
        const firstStream = messages.querySelector(".bubble.streaming");
        messages.insertBefore(node, firstStream && !firstStream.dataset.done ? firstStream : pendingAnchor());
        lastId = Math.max(lastId, item.id);
      }
      if (stick || data.items.length) messages.scrollTop = messages.scrollHeight;
    } while (again);
  })().finally(() => { fetching = null; });
  return fetching;
}

// a long conversation opens with its last page; earlier pages on demand
function showEarlier(before) {
  let button = $("#earlier");
  if (!before) { if (button) button.remove(); return; }
  if (!button) {
    button = el("li", { id: "earlier", class: "earlier" }, el("button", { type: "button", onclick: loadEarlier }, "Show earlier messages"));
    messages.prepend(button);
  }
  button.dataset.before = String(before);
}
async function loadEarlier() {
  const button = $("#earlier");
  const data = await api("GET", "/api/conversation?before=" + button.dataset.before);
  const height = messages.scrollHeight;
  button.after(...data.items.map(render));
  messages.scrollTop += messages.scrollHeight - height; // stay where the reader was
  showEarlier(data.earlier);
}

function pendingAnchor() {
  return pending.length ? pending[0].node : null;
}

function delta(turn, text) {
  let b = streaming.get(turn);
  if (!b || b.dataset.done) {
    if (b) b.remove();
    b = el("li", { class: "bubble assistant streaming", "data-kind": "assistant", "data-turn": turn }, el("div", { class: "text" }));
    streaming.set(turn, b);
    messages.insertBefore(b, pendingAnchor());
  }
  b.firstChild.textContent += text;
  messages.scrollTop = messages.scrollHeight;
}

function replied(turn) {
  const b = streaming.get(turn);
  if (b) b.dataset.done = "1"; // replaced by the stored reply as soon as it is read back
  refreshConversation();
}

// the banner (the model failing, a note) comes only from the socket, whole (the hello, then each change, in
// order): a status read over HTTP at another moment could land after a newer one and hide it (issue 11)
function setStatus(status) {
  const box = $("#status");
  if (!status || status.level === "ok") { box.hidden = true; box.textContent = ""; box.className = "status"; return; }
  box.hidden = false;
  box.className = "status " + status.level;
  box.textContent = status.text;
}

$("#say").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const input = $("#line");
  const text = input.value.trim();
  if (!text) return;
  input.value = "";
  const node = bubble("user pending", text, null, { "data-kind": "user-pending" });
  pending.push({ text, node });
  messages.append(node);
  messages.scrollTop = messages.scrollHeight;
  try {
    await api("POST", "/api/say", { text });
  } catch (err) {
    node.classList.add("failed");
    node.append(el("div", { class: "error" }, "not sent: " + err.message));
  }
});
$("#line").addEventListener("keydown", (ev) => {
  if (ev.key === "Enter" && !ev.shiftKey) { ev.preventDefault(); $("#say").requestSubmit(); }
});

// --- notifications panel -----------------------------------------------------------------------------
async function loadNotices() {
  const data = await api("GET", "/api/notices");
  const list = $("#notice-list");
  const unread = data.notices.filter((n) => n.unread > 0).length;
  const badge = $("#unread-count");
  badge.hidden = unread === 0;
  badge.textContent = String(unread);
  list.replaceChildren(...data.notices.map((n) =>
    el("li", { class: "notice " + n.severity + (n.unread ? " unread" : "") + (n.muted ? " muted" : ""), "data-key": n.key },
      el("span", { class: "severity " + n.severity }, n.severity),
      el("div", { class: "body" },
        el("div", { class: "line" }, n.line),
        el("div", { class: "meta" },
          el("code", { class: "handle" }, "#" + n.key),
          n.posts > 1 ? el("span", { class: "repeats" }, "×" + n.posts) : null,
          n.unread ? el("span", { class: "unread-badge" }, n.unread + " unread") : null,
          n.muted ? el("span", { class: "muted-badge" }, "muted") : null,
          el("time", { datetime: n.posted }, when(n.posted)))),
      el("button", { type: "button", class: "mute", onclick: () => mute(n.key, !n.muted) }, n.muted ? "Unmute" : "Mute"))));
  if (!data.notices.length) list.append(el("li", { class: "empty" }, "No notices."));
}
async function mute(key, on) {
  const msg = $("#notices-message");
  try {
    msg.textContent = (await api("POST", "/api/notices/mute", { key, muted: on })).message;
    msg.className = "message ok";
  } catch (err) { msg.textContent = err.message; msg.className = "message error"; }
  loadNotices();
}
loaders.notices = loadNotices;

// --- rules panel -------------------------------------------------------------------------------------
let rulesVersion = null;
let checkTimer = null;
let checkSeq = 0;
function showReading(data) {
  $("#rules-warnings").replaceChildren(...data.warnings.map((w) => el("li", { class: "warning" }, w)));
  $("#rules-readings").replaceChildren(...data.rules.map((r) =>
    el("li", { class: "reading " + (r.understood ? "understood" : "needs-model") },
      el("div", { class: "rule" }, el("span", { class: "line-no" }, r.line ? "line " + r.line : ""), " ", r.text),
      el("div", { class: "meaning" }, r.meaning),
      el("div", { class: "by" }, r.understood ? (r.heading || r.section) + " · read " + (r.read_by === "model" ? "by the model" : "locally") : "not understood offline"))));
  if (!data.rules.length) $("#rules-readings").append(el("li", { class: "empty" }, "No rules: the built-in heuristics decide every event."));
}
async function loadRules() {
  const data = await api("GET", "/api/rules");
  $("#rules-text").value = data.text;
  rulesVersion = data.version;
  showReading(data);
}
$("#rules-text").addEventListener("input", () => {
  clearTimeout(checkTimer);
  checkTimer = setTimeout(async () => {
    const seq = ++checkSeq;
    try {
      const data = await api("POST", "/api/rules/check", { text: $("#rules-text").value });
      if (seq === checkSeq) showReading(data);
    } catch (err) { $("#rules-message").textContent = err.message; }
  }, 250);
});
$("#rules-save").addEventListener("click", async () => {
  const msg = $("#rules-message");
  try {
    const data = await api("PUT", "/api/rules", { text: $("#rules-text").value, version: rulesVersion });
    rulesVersion = data.version;
    showReading(data);
    msg.textContent = data.message; msg.className = "message ok";
  } catch (err) { msg.textContent = err.message; msg.className = "message error"; }
});
$("#rules-reload").addEventListener("click", () => { $("#rules-message").textContent = ""; loadRules(); });
loaders.rules = () => { if (rulesVersion === null) loadRules(); };

// --- decisions panel ---------------------------------------------------------------------------------
let searchTimer = null;
async function loadDecisions() {
  const q = $("#decision-search").value;
  const data = await api("GET", "/api/decisions?q=" + encodeURIComponent(q));
  const list = $("#decision-list");
  list.replaceChildren(...data.decisions.map((d) =>
    el("li", { class: "decision " + (d.notify ? "yes" : "no") + (d.held_until ? " held" : ""), "data-event": d.event },
      el("button", { type: "button", onclick: () => loadWhy(d.event) },
        el("span", { class: "verdict" }, d.kind === "release" ? "released" : d.held_until && !d.released_at ? "held" : d.notify ? "notified" : "not notified"),
        el("span", { class: "label" }, d.label || d.event),
        el("span", { class: "reason" }, d.reason),
        el("span", { class: "meta" }, d.decided_by + " · " + when(d.decided_at) + (d.held_until ? " · held until " + when(d.held_until) : ""))))));
  if (!data.decisions.length) list.append(el("li", { class: "empty" }, q ? "No decision matches." : "No decisions yet."));
}
async function loadWhy(key) {
  const box = $("#why");
  const data = await api("GET", "/api/why?key=" + encodeURIComponent(key));
  if (!data.event) {
    box.replaceChildren(el("p", {}, "No single event matches."), el("ul", {}, data.matches.map((k) => el("li", {}, k))));
    return;
  }
  box.replaceChildren(...[
    el("h3", {}, "Why"), el("code", { class: "event-key" }, data.event),
    data.waiting ? el("p", { class: "waiting" }, "Waiting for a decision since " + when(data.waiting.since) + " (offered " + data.waiting.offers + " times).") : null,
    data.failures.map((f) => el("div", { class: "failure" }, el("strong", {}, f.what), el("div", {}, "error: " + f.error))),
    data.decisions.map((d, i) => el("div", { class: "why-decision" },
      el("h4", {}, (d.held_until ? (d.released_at ? "notified when its hold ended" : d.replaced_at ? "held, then replaced" : "held") : d.notify ? "notified" : "not notified") + (i ? " (earlier version)" : "")),
      el("dl", {},
        d.label ? [el("dt", {}, "event"), el("dd", {}, d.label)] : null,
        el("dt", {}, "rule"), el("dd", { class: "rule" }, d.rule || "no rule: " + d.reason),
        el("dt", {}, "reason"), el("dd", {}, d.reason),
        el("dt", {}, "decided by"), el("dd", { class: "decided-by" }, d.decided_by),
        el("dt", {}, "when"), el("dd", {}, when(d.decided_at)),
        d.held_until ? [el("dt", {}, "hold"), el("dd", { class: "hold" }, d.hold || ""), el("dt", {}, "release"),
          el("dd", { class: "release" }, d.released_at ? "released " + when(d.released_at) : "due " + when(d.held_until))] : null,
        d.summary ? [el("dt", {}, "summary"), el("dd", {}, d.summary)] : null))),
  ].flat().filter(Boolean));
}
$("#decision-search").addEventListener("input", () => { clearTimeout(searchTimer); searchTimer = setTimeout(loadDecisions, 200); });
loaders.decisions = loadDecisions;

// --- live updates ------------------------------------------------------------------------------------
let backoff = 250;
let noticesTimer = null;
function noticesSoon() { clearTimeout(noticesTimer); noticesTimer = setTimeout(loadNotices, 100); }
// what another process posted or muted (./tic tick, ./tic notices suppress) is not announced here: read it again
setInterval(() => { if (!$("#panel-notices").hidden) loadNotices(); }, 10000);
function connect() {
  const ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws");
  const state = $("#connection");
  ws.onopen = () => {
    backoff = 250; state.textContent = "live"; state.className = "connection live";
    refreshConversation(); loadNotices(); // what happened while away (a reload, a restart)
  };
  ws.onmessage = (ev) => {
    const e = JSON.parse(ev.data);
    if (e.type === "delta") delta(e.turn, e.text);
    else if (e.type === "reply") replied(e.turn);
    else if (e.type === "changed") { refreshConversation(); noticesSoon(); }
    else if (e.type === "hello") { if (e.csrf) csrf = e.csrf; setStatus(e.status); }
    else if (e.type === "status") setStatus(e.status);
    else if (e.type === "notices") noticesSoon();
    else if (e.type === "resync") { setStatus(e.status); refreshConversation(); loadNotices(); }
  };
  ws.onclose = () => {
    state.textContent = "reconnecting…"; state.className = "connection down";
    setTimeout(connect, backoff); backoff = Math.min(backoff * 2, 5000);
  };
}

const start = (location.hash || "#chat").slice(1);
show(["chat", "notices", "rules", "decisions"].includes(start) ? start : "chat");
connect();
