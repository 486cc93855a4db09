// The table's page: the form, the live updates and the calls to the JSON API.
// Every word and every rule comes from the server (the ctx JSON in the page); this script only arranges them.
"use strict";

const lang = document.body.dataset.lang;
const REFRESH_WAIT_MS = 150;
const DOWN_AFTER_MS = 3000;  // the event stream down this long: the banner, and 保存 waits
const KEPT = "gangci-last-evening";
const NAME_KEY = "gangci-phone-name";  // this phone's name, told to the others with each change it makes
const ID = () => Math.random().toString(36).slice(2, 10) + Date.now().toString(36);
const PAGE_ID = ID();  // this page: what it changed is not told back to it
let version = Number(document.body.dataset.version);
let ctx = null;
let state = null;

const $ = (selector, root = document) => root.querySelector(selector);
const el = (tag, props = {}, children = []) => {
  const { dataset, ...rest } = props;
  const node = Object.assign(document.createElement(tag), rest);
  Object.assign(node.dataset, dataset || {});
  for (const child of children) node.append(child);
  return node;
};
const api = (path) => `${path}${path.includes("?") ? "&" : "?"}lang=${lang}`;

function freshState(keepBets) {
  return {
    win: null, winner: null, from: null, bao: false, tilesLeft: "", ci: "", dealer: "",
    bets: keepBets && Object.keys(keepBets).length ? keepBets : carried(), kongs: [], editing: null, at: null,
    kept: {}, number: null,
    form: ID(),  // this form: a save of it sent again (its answer lost) is known to the server as the same save
  };
}
// the last hand's 飘 and 跑, as the terminal offers them: a new hand starts from them (清空 clears them)
const carried = () => JSON.parse(JSON.stringify((ctx && ctx.carry) || {}));

// ---- talking to the server -------------------------------------------------------------------------------------
function phoneName() {
  try { return localStorage.getItem(NAME_KEY) || ""; } catch (e) { return ""; }
}

function whoHeaders() {
  return { "X-Gangci-By": encodeURIComponent(phoneName()), "X-Gangci-Page": PAGE_ID };
}

async function send(method, path, body, ifMatch, form) {
  const headers = { "Content-Type": "application/json", ...whoHeaders() };
  if (ifMatch !== undefined) headers["If-Match"] = `"${ifMatch}"`;
  if (form) headers["X-Gangci-Form"] = form;
  const response = await fetch(api(path), {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: "same-origin",
  });
  let data = {};
  try { data = await response.json(); } catch (e) { data = { error: ctx.words.server_fault, field: "" }; }
  if (response.status === 401 && data.reason === "expired") linkExpired();
  return { ok: response.ok, status: response.status, data };
}

// the live updates still arriving: the server is there, only an answer was lost on the way
function streaming() { return !!source && source.readyState === EventSource.OPEN; }

async function call(method, path, body, ifMatch, form) {
  try {
    const answer = await send(method, path, body, ifMatch, form);
    if (down) backUp();  // an answer: the server is there (保存 is never left waiting for the stream)
    return answer;
  } catch (e) {
    if (streaming()) return { ok: false, status: 0, lost: true, data: { error: ctx.words.lost, field: "" } };
    goneDown();  // no answer and no live updates: the server is gone
    return { ok: false, status: 0, data: { error: ctx.words.down, field: "" } };
  }
}

async function refresh() {
  let response;
  try { response = await fetch(`/part?lang=${lang}`, { credentials: "same-origin" }); } catch (e) { return; }
  if (response.status === 401) stillHonoured();
  if (!response.ok) return;
  const html = await response.text();
  const problem = html.includes('class="card problem"');
  if (!problem) keepEvening(html);
  const form = $("#entry");
  form.hidden = true;
  document.body.append(form);  // keep the form (and what is typed in it) out of the part being replaced
  const panels = panelsNow();  // the panels are in the part: what is open and typed in them, put back after
  const shown = version;
  $("#evening").innerHTML = html;
  version = Number(response.headers.get("X-Version"));
  document.body.dataset.version = String(version);  // the version shown (the tests wait for it)
  setUp();
  if (problem) showKept(html);
  keepPanels(panels);
  if (!problem && shown !== version) await heard(shown);
}

// ---- every phone hears what changed, and who changed it: told by the server from the ledger's versions ---------
async function heard(since) {
  let found;
  try {
    const response = await fetch(api(`/api/heard?since=${since}`), { headers: whoHeaders(), credentials: "same-origin" });
    if (!response.ok) return;
    found = (await response.json()).heard;
  } catch (e) { return; }
  if (!found.length) return;
  const others = found.filter((item) => !item.mine).map((item) => item.line);
  if (others.length) toast(others.join(" · "));
  const when = new Date().toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  $("#heard-list").prepend(...found.map((item) => el("li", { textContent: `${when} ${item.line}` })));
  $("#heard").hidden = false;
}

// the evening as this phone saw it last, for when the ledger cannot be read (or the server is gone)
function keepEvening(html) {
  try {
    localStorage.setItem(KEPT, JSON.stringify({ html, when: new Date().toLocaleString() }));
  } catch (e) { /* private mode: nothing kept */ }
}

// ---- an open panel and what is typed in it outlive a refresh (another phone's save) -----------------------------
const KEPT_PANELS = ["changes", "new-evening"];  // 改规矩 (the table's changes), the new evening's form

function fieldKey(input) {
  if (input.id) return input.id;
  const box = input.closest("[id]");  // #names (by seat), #options and #fee (by the option's key)
  return `${box ? box.id : ""}.${input.dataset.seat || input.dataset.key || ""}`;
}

function markTyped(panel) {
  const mark = (event) => { if (event.target.matches("input, select")) event.target.dataset.typed = "1"; };
  panel.addEventListener("input", mark);
  panel.addEventListener("change", mark);
}

function forgetTyped(panel) {
  for (const input of panel.querySelectorAll("[data-typed]")) delete input.dataset.typed;
}

function panelsNow() {
  const kept = {};
  for (const id of KEPT_PANELS) {
    const panel = document.getElementById(id);
    if (!panel) continue;
    const typed = {};
    for (const input of panel.querySelectorAll("[data-typed]")) {
      typed[fieldKey(input)] = input.type === "checkbox" ? input.checked : input.value;
    }
    const folds = [...panel.querySelectorAll("details[id]")].filter((fold) => fold.open).map((fold) => fold.id);
    kept[id] = { open: panel.open === true, folds, typed };
  }
  return kept;
}

function keepPanels(kept) {
  for (const [id, was] of Object.entries(kept)) {
    const panel = document.getElementById(id);
    if (!panel) continue;
    if (was.open) panel.open = true;
    if (was.open || panel.open === undefined) {  // a fold inside a closed panel is left as drawn
      for (const fold of was.folds) { const node = panel.querySelector(`#${fold}`); if (node) node.open = true; }
    }
    for (const input of panel.querySelectorAll("input, select")) {
      const key = fieldKey(input);
      if (!(key in was.typed)) continue;
      if (input.type === "checkbox") input.checked = was.typed[key];
      else input.value = was.typed[key];
      input.dataset.typed = "1";
    }
  }
}

function toast(text) {
  const node = $("#toast");
  node.textContent = text;
  node.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { node.hidden = true; }, 3000);
}

// ---- errors beside their fields --------------------------------------------------------------------------------
function clearErrors(root) {
  for (const node of root.querySelectorAll(".err")) node.textContent = "";
  for (const node of root.querySelectorAll(".bad")) node.classList.remove("bad");
}

function showError(root, data) {
  const field = data.field || "";
  const boxes = [...root.querySelectorAll("fieldset[data-field]")];
  let best = null;
  for (const box of boxes) {
    const name = box.dataset.field;
    if ((field === name || field.startsWith(name + ".") || field.startsWith(name + "[")) &&
        (!best || name.length > best.dataset.field.length) && !box.hidden) best = box;
  }
  if (!best && field.startsWith("win")) best = boxes.find((box) => box.dataset.field === "win.type");
  const target = best ? $(".err", best) : $("#entry-error", root);
  target.textContent = data.error;
  if (best) {
    best.classList.add("bad");
    const folded = $("details", best);
    if (folded) folded.open = true;
    best.scrollIntoView({ block: "center", behavior: "smooth" });
  }
}

// ---- the hand form ---------------------------------------------------------------------------------------------
function chip(label, selected, onTap, name) {
  const button = el("button", { type: "button", className: "chip" + (selected ? " on" : ""), textContent: label });
  button.setAttribute("aria-pressed", selected ? "true" : "false");
  if (name) button.dataset.value = name;
  button.addEventListener("click", onTap);
  return button;
}

// the seats as the hand in the form was played: an edited hand's own names, else the next hand's
function seatsNow() {
  if (!state || !state.at) return ctx.seats;
  return ctx.seats.map((seat) => {
    const name = state.at.players[seat.seat] || "";
    return { seat: seat.seat, name, label: name ? `${ctx.seat_names[seat.seat]} ${name}` : ctx.seat_names[seat.seat] };
  });
}

function seatOptions(select, chosen, blank, seats) {
  select.replaceChildren();
  if (blank !== undefined) select.append(el("option", { value: "", textContent: blank }));
  for (const seat of seats || ctx.seats) {
    select.append(el("option", { value: seat.seat, textContent: seat.label, selected: seat.seat === chosen }));
  }
}

function winOf(value) { return ctx.wins.find((win) => win.value === value) || null; }

function drawForm() {
  const form = $("#entry");
  const words = ctx.words;
  const number = state.editing || state.number || ctx.next;
  $("#entry-title").textContent = (state.editing ? words.edit_hand : words.enter).replace("{n}", number);
  $("#cancel").hidden = !state.editing;
  $("#pending").hidden = !ctx.pending || !!state.editing;  // a change saved for this hand: said where it applies
  $("#pending").textContent = ctx.pending || "";
  const seats = seatsNow();

  $("#wins").replaceChildren(...ctx.wins.map((win) =>
    chip(win.label, state.win === win.value, () => { state.win = win.value; drawForm(); }, win.value)));
  const win = winOf(state.win);
  const needsWinner = win && win.value !== "draw";
  $("#winner-box").hidden = !needsWinner;
  $("#winners").replaceChildren(...seats.map((seat) =>
    chip(seat.label, state.winner === seat.seat, () => { state.winner = seat.seat; drawForm(); }, seat.seat)));
  $("#from-box").hidden = !(win && win.from);
  $("#froms").replaceChildren(...seats.filter((seat) => seat.seat !== state.winner).map((seat) =>
    chip(seat.label, state.from === seat.seat, () => { state.from = seat.seat; drawForm(); }, seat.seat)));
  $("#bao-box").hidden = !(ctx.baoci && state.win === "zhici");
  $("#tiles-left-box").hidden = $("#bao-box").hidden;
  $("#bao").checked = state.bao;
  $("#tiles-left").value = state.tilesLeft;
  $("#ci-box").hidden = !(ctx.honor_ci_double && win && win.ci);
  const ci = $("#ci");
  ci.replaceChildren(el("option", { value: "", textContent: words.ci_none }),
    ...ctx.honours.map((tile) => el("option", { value: tile.value, textContent: tile.label, selected: tile.value === state.ci })));
  const dealer = $("#dealer");
  const usualSeat = state.at ? state.at.dealer : ctx.dealer;  // an edit: the edited hand's own dealer
  const usual = seats.find((seat) => seat.seat === usualSeat);
  seatOptions(dealer, state.dealer, words.dealer_usual.replace("{who}", usual ? usual.label : usualSeat), seats);
  $("#bets-box").hidden = !ctx.addons.length;  // the add-ons with 带政策, 跑 under 带跑
  drawBets();
  drawKongs();
  form.hidden = false;
}

function drawBets() {
  const rows = seatsNow().map((seat) => {
    const counts = state.bets[seat.seat] || {};
    const cells = ctx.addons.map((addon) => {
      const value = counts[addon.value] || 0;
      const change = (step) => () => {
        const next = Math.max(0, value + step);
        state.bets[seat.seat] = Object.assign({}, counts, { [addon.value]: next });
        drawBets();
      };
      return el("span", { className: "stepper" }, [
        el("span", { className: "addon", textContent: addon.label }),
        el("button", { type: "button", className: "step", textContent: "−", onclick: change(-1) }),
        el("b", { textContent: String(value) }),
        el("button", { type: "button", className: "step", textContent: "+", onclick: change(1) }),
      ]);
    });
    const kind = ctx.addons.length > 3 ? "bet-row four" : "bet-row";  // 飘 抵 杠 and 跑: four steppers a row
    return el("div", { className: kind }, [el("span", { className: "who", textContent: seat.label }), ...cells]);
  });
  const clear = el("button", { type: "button", className: "plain", id: "clear-bets", textContent: ctx.words.clear_addons,
    onclick: () => { begin(); state.bets = {}; drawBets(); } });
  const fromLast = Object.keys(ctx.carry || {}).length && JSON.stringify(state.bets) === JSON.stringify(ctx.carry);
  const note = el("p", { className: "hint", id: "carried", textContent: fromLast ? ctx.words.carried : "" });
  $("#bets").replaceChildren(...rows, note, clear);
  $("#bets-title").textContent = ctx.words.bets_title.replace("{list}", ctx.addons.map((addon) => addon.label).join(" / "));
  const given = [];
  for (const seat of ctx.seats) {
    for (const addon of ctx.addons) {
      const n = (state.bets[seat.seat] || {})[addon.value] || 0;
      if (n) given.push(`${ctx.seat_names[seat.seat]}${addon.label}${n}`);
    }
  }
  $("#bets-summary").textContent = given.length ? `: ${given.join(" ")}` : "";
}

function drawKongs() {
  const rows = state.kongs.map((kong, index) => {
    const labelled = (word, select) => el("label", {}, [word, select]);
    const by = el("select", { onchange: (event) => { kong.by = event.target.value; } });
    seatOptions(by, kong.by, undefined, seatsNow());
    const type = el("select", { onchange: (event) => { kong.type = event.target.value; drawKongs(); } });
    for (const kind of ctx.kong_types) {
      type.append(el("option", { value: kind.value, textContent: kind.label, selected: kind.value === kong.type }));
    }
    const kind = ctx.kong_types.find((k) => k.value === kong.type);
    const parts = [labelled(ctx.words.kong_by, by), labelled(ctx.words.kong_type, type)];
    if (kind && kind.from) {
      const from = el("select", { onchange: (event) => { kong.from = event.target.value; } });
      seatOptions(from, kong.from, "…", seatsNow());
      parts.push(labelled(ctx.words.kong_from, from));
    } else {
      delete kong.from;
    }
    parts.push(el("button", { type: "button", className: "plain small", textContent: ctx.words.remove,
      onclick: () => { state.kongs.splice(index, 1); drawKongs(); } }));
    return el("div", { className: "kong-row" }, parts);
  });
  $("#kongs").replaceChildren(...rows);
}

function handBody() {
  const body = Object.assign({}, state.kept);
  const win = { type: state.win };
  if (state.win && state.win !== "draw" && state.winner) win.winner = state.winner;
  const kind = winOf(state.win);
  if (kind && kind.from && state.from) win.from = state.from;
  if (state.bao && state.win === "zhici" && ctx.baoci) win.bao = true;
  body.win = win;
  // 剩牌: the tiles left decide 包次 against the table's mark; sent as given, for the server to check
  if (state.tilesLeft !== "" && state.win === "zhici" && ctx.baoci) {
    body.tiles_left = /^\d+$/.test(state.tilesLeft) ? Number(state.tilesLeft) : state.tilesLeft;
  }
  if (state.dealer) body.dealer = state.dealer;
  if (state.ci && kind && kind.ci && ctx.honor_ci_double) body.ci = state.ci;
  const bets = {};
  for (const [seat, counts] of Object.entries(state.bets)) {
    const offered = ([name, n]) => n > 0 && ctx.addons.some((addon) => addon.value === name);
    const given = Object.fromEntries(Object.entries(counts).filter(offered));
    if (Object.keys(given).length) bets[seat] = given;
  }
  if (Object.keys(bets).length) body.bets = bets;
  if (state.kongs.length) body.kongs = state.kongs.map((k) => Object.assign({}, k));
  body.number = state.editing || state.number || ctx.next;  // the hand meant: a second save of it is refused
  return body;
}

// the form keeps its hand: the number shown when the person began is the one saved (another phone saving it
// first gets this one the "already saved" card), however long the form stays open
function begin() {
  if (state && !state.editing && state.number === null) state.number = ctx.next;
}

function needsWin(form) {
  if (state.win) return false;
  showError(form, { error: ctx.words.need_win, field: "win.type" });
  return true;
}

async function preview() {
  const form = $("#entry");
  clearErrors(form);
  if (needsWin(form)) return;
  const { ok, data } = await call("POST", "/api/preview", handBody());
  const box = $("#preview");
  if (!ok) { box.hidden = true; showError(form, data); return; }
  box.replaceChildren(el("p", { className: "line", textContent: data.line }),
    ...data.explain.map((line) => el("p", { className: "explain", textContent: line })));
  box.hidden = false;
}

async function save(event) {
  event.preventDefault();
  const form = $("#entry");
  clearErrors(form);
  if (down || needsWin(form)) return;
  const editing = state.editing;
  const button = $("#save");
  button.disabled = true;
  const sent = handBody();
  const formId = state.form;
  const openedAt = state.openedAt;
  const once = () => editing
    ? call("PUT", `/api/hands/${editing}`, sent, openedAt, formId)
    : call("POST", "/api/hands", sent, undefined, formId);
  let result = await once();
  // the answer lost while the live updates still arrive: the same save again (the same form and number), which
  // the server either saves now or answers with the hand this form saved already
  if (result.lost) result = await once();
  button.disabled = down;
  if (result.status === 412 && editing && result.data.saved) { await editedMeanwhile(result.data, event); return; }
  if (result.status === 412) { toast(ctx.words.stale); await refresh(); return; }
  if (result.status === 409 && !editing) { showTaken(result.data); await refresh(); return; }
  if (result.lost) { showError(form, result.data); return; }  // lost twice: 保存 again, nothing entered twice
  if (!result.ok) { showError(form, result.data); return; }
  let said = ctx.words.saved.replace("{n}", result.data.hand);
  if (result.data.changed && result.data.changed.length) {
    said += " · " + ctx.words.changed_later.replace("{list}", result.data.changed.join(", "));
  }
  toast(said);
  state = freshState({});  // the next hand starts from the server's next on every phone: no add-ons carried over
  $("#preview").hidden = true;
  $("#taken").hidden = true;
  await refresh();
}

// two phones saved the same hand: this one is told what was saved, and chooses
function showTaken(data) {
  const box = $("#taken");
  // a number saved already: what was saved; a number the table has not reached (a hand undone): which comes next
  const said = data.mine ? ctx.words.taken_mine : ctx.words.taken;  // this phone's own save, its answer lost
  $("#taken-text").textContent = data.saved ? said.replace("{n}", data.hand) : data.error;
  $("#taken-line").textContent = data.saved ? data.saved.line : "";
  const next = data.next || data.count + 1;
  $("#taken-other").textContent = ctx.words.taken_other.replace("{n}", next);
  $("#taken-other").onclick = () => { state.number = next; box.hidden = true; drawForm(); };
  $("#taken-keep").onclick = () => { state = freshState({}); box.hidden = true; $("#preview").hidden = true; drawForm(); };
  box.hidden = false;
  box.scrollIntoView({ block: "center" });
}

// an edit is checked against the ledger as it was when its form was opened: a hand changed meanwhile by another
// phone is shown beside this one's, and the person chooses; a ledger changed elsewhere only is saved over at once
async function editedMeanwhile(data, event) {
  if (JSON.stringify(data.saved.hand) === state.opened) {
    state.openedAt = data.version;
    await save(event);
    return;
  }
  const { data: mine } = await call("POST", "/api/preview", handBody());
  const box = $("#taken");
  $("#taken-text").textContent = ctx.words.edited_meanwhile.replace("{n}", data.hand);
  $("#taken-line").textContent = data.saved.line + (mine.line ? "\n" + ctx.words.edited_yours.replace("{line}", mine.line) : "");
  $("#taken-keep").textContent = ctx.words.edited_keep;
  $("#taken-other").textContent = ctx.words.edited_mine;
  const restore = () => { $("#taken-keep").textContent = ctx.words.taken_keep; };
  $("#taken-other").onclick = () => {
    state.openedAt = data.version;
    state.opened = JSON.stringify(data.saved.hand);
    box.hidden = true;
    restore();
    save(event);
  };
  $("#taken-keep").onclick = () => {
    state = freshState({});
    box.hidden = true;
    restore();
    $("#preview").hidden = true;
    drawForm();
    refresh();
  };
  box.hidden = false;
  box.scrollIntoView({ block: "center" });
}

async function edit(number) {
  const { ok, data } = await call("GET", `/api/hands/${number}`);
  if (!ok) { toast(data.error); return; }
  const hand = data.hand;
  state = freshState({});
  state.editing = number;
  state.openedAt = data.version;  // the ledger as this form saw it: the save is checked against it
  state.opened = JSON.stringify(hand);
  state.at = data.at;
  state.win = hand.win.type;
  state.winner = hand.win.winner || null;
  state.from = hand.win.from || null;
  state.bao = !!hand.win.bao;
  state.tilesLeft = data.kept.tiles_left === undefined ? "" : String(data.kept.tiles_left);
  delete data.kept.tiles_left;  // the form shows it
  state.ci = hand.ci || "";
  state.dealer = hand.dealer || "";
  state.bets = hand.bets || {};
  state.kongs = hand.kongs || [];
  state.kept = data.kept;
  if (hand.players) state.kept.players = hand.players;
  drawForm();
  $("#entry").scrollIntoView({ behavior: "smooth" });
}

async function undo(button) {
  if (!confirm(ctx.words.undo_confirm.replace("{n}", button.dataset.last))) return;
  const { ok, status, data } = await call("POST", "/api/undo", undefined, version);
  if (status === 412) { toast(ctx.words.stale); await refresh(); return; }
  if (!ok) { toast(data.error); return; }
  toast(ctx.words.removed.replace("{n}", data.removed));
  await refresh();
}

// ---- seats and rules -------------------------------------------------------------------------------------------
function optionControls(container, options) {
  container.replaceChildren(...options.map((option) => {
    let input;
    if (option.kind === "flag") {
      input = el("input", { type: "checkbox", checked: !!option.value, dataset: { key: option.key } });
      return el("label", { className: "check" }, [input, " " + option.label]);
    }
    const row = el("label", { className: "option" }, [el("span", { textContent: option.label })]);
    if (option.kind === "choice") {
      input = el("select");
      for (const choice of option.choices) {
        input.append(el("option", { value: choice.value, textContent: choice.label, selected: choice.value === option.value }));
      }
    } else {
      // a number's keyboard for amounts and counts only: the fee's 收款 is a name
      input = el("input", { value: option.value, inputMode: option.kind === "amount" ? "numeric" : "text" });
    }
    input.dataset.key = option.key;
    row.append(input);
    return row;
  }));
}

function optionValues(container, options) {
  const changed = {};
  const inputs = container.querySelectorAll("input, select");
  options.forEach((option, index) => {
    const input = inputs[index];
    let value = option.kind === "flag" ? input.checked : input.value;
    if (option.kind === "amount") value = /^\d+$/.test(value) ? Number(value) : value;
    if (value === option.value) return;
    const [key, part] = option.key.split(".");
    if (!part) changed[key] = value;  // 带跑 itself is a flag (on / off), before its parts pao.unit, pao.kong
    else if (changed[key] !== false) changed[key] = { ...(typeof changed[key] === "object" ? changed[key] : {}), [part]: value };
  });
  return changed;
}

function nameInputs(container, withValues) {
  container.replaceChildren(...ctx.seats.map((seat) => el("label", { className: "option" }, [
    el("span", { textContent: withValues ? ctx.seat_names[seat.seat] : seat.label }),
    el("input", { value: withValues ? seat.name : "", dataset: { seat: seat.seat }, maxLength: 40 }),
  ])));
}

function names(container) {
  const found = {};
  for (const input of container.querySelectorAll("input")) {
    if (input.value.trim()) found[input.dataset.seat] = input.value.trim();
  }
  return found;
}

// 换人, 换座, stakes, rules, 台费: saved at once for the next hand, so every phone shows them
async function applyChanges() {
  const panel = $("#changes");
  clearErrors(panel);
  const fields = {};
  const given = names($("#names", panel));
  if (ctx.seats.some((seat) => (given[seat.seat] || "") !== seat.name)) fields.players = given;
  const stakes = $("#stakes", panel).value.trim();
  if (stakes) fields.stakes = /^\d+$/.test(stakes) ? Number(stakes) : stakes;
  const policy = $("#policy", panel).checked;
  if (policy !== ctx.policy) fields.policy = policy;
  const rules = optionValues($("#options", panel), ctx.options);
  if (Object.keys(rules).length) fields.rules = rules;
  const fee = optionValues($("#fee", panel), ctx.fee);
  if (Object.keys(fee).length) fields.fee = fee;
  if (!Object.keys(fields).length) { panel.open = false; return; }
  const { ok, data } = await call("POST", "/api/table", fields);
  const drawn = $("#changes");  // a refresh may have drawn the panel again while the save was on its way
  if (!ok) { showError(drawn, data); return; }
  toast(ctx.words.table_saved.replace("{n}", data.next.number));
  drawn.open = false;
  forgetTyped(drawn);  // saved: the panel shows the table as it is now
  await refresh();
}

function rulesPanel(root, options, now) {
  const summary = $("#rules-now", root);
  if (summary) summary.textContent = now.length ? ctx.words.rules_now.replace("{list}", now.join("、")) : ctx.words.rules_seed;
  $("#more-rules-summary", root).textContent = ctx.words.more_rules.replace("{n}", options.length);
  optionControls($("#options", root), options);
}

// ---- a new evening ---------------------------------------------------------------------------------------------
function setUpNewEvening(form) {
  nameInputs($("#names", form), false);
  const dealer = $("#first-dealer", form);
  for (const seat of ctx.seats) dealer.append(el("option", { value: seat.seat, textContent: ctx.seat_names[seat.seat] }));
  rulesPanel(form, ctx.options, []);
  optionControls($("#fee", form), ctx.fee);
  markTyped(form);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearErrors(form);
    const stakes = $("#stakes", form).value.trim();
    const header = { players: names($("#names", form)), dealer: dealer.value,
      stakes: /^\d+$/.test(stakes) ? Number(stakes) : stakes, policy: $("#policy", form).checked };
    const rules = optionValues($("#options", form), ctx.options);
    if (Object.keys(rules).length) header.rules = rules;
    const fee = optionValues($("#fee", form), ctx.fee);
    if (Object.keys(fee).length) header.fee = fee;
    const { ok, data } = await call("POST", "/api/evening", header);
    if (!ok) { showError(form, data); return; }
    await refresh();
  });
}

// ---- wiring ------------------------------------------------------------------------------------------------------
function setUp() {
  const data = $("#ctx");
  ctx = data ? JSON.parse(data.textContent) : null;
  const form = $("#entry");
  if (!ctx) { form.hidden = true; return; }
  if (ctx.new) { form.hidden = true; setUpNewEvening($("#new-evening")); return; }
  $("#entry-slot").append(form);
  if (!state) state = freshState({});
  if (state.editing && state.editing > ctx.next - 1) state = freshState({});
  if (!state.editing && state.number === null) state.bets = carried();  // untouched: from the newest hand
  drawForm();
  const panel = $("#changes");
  nameInputs($("#names", panel), true);
  $("#policy", panel).checked = ctx.policy;
  $("#stakes", panel).placeholder = ctx.stakes;
  rulesPanel(panel, ctx.options, ctx.rules_now);
  optionControls($("#fee", panel), ctx.fee);
  markTyped(panel);
  $("#apply-changes").addEventListener("click", applyChanges);
  for (const button of document.querySelectorAll("[data-edit]")) {
    button.addEventListener("click", () => edit(Number(button.dataset.edit)));
  }
  const undoButton = $("#undo");
  if (undoButton) undoButton.addEventListener("click", () => undo(undoButton));
  $("#copy").addEventListener("click", copyChat);
  $("#download").addEventListener("click", () => { $("#download-hint").hidden = false; });  // how to carry on
}

async function copyChat() {
  const text = $("#chat-text");
  try {
    await navigator.clipboard.writeText(text.value);
  } catch (e) {  // a page on the LAN is not a secure context: no clipboard API there
    text.select();
    document.execCommand("copy");
  }
  toast(ctx.words.copied);
}

// ---- losing the server ------------------------------------------------------------------------------------------
let down = false;
let downTimer = null;

function goneDown() {
  down = true;
  $("#down").hidden = false;
  $("#live").classList.add("off");
  $("#live").textContent = "● " + ctx.words.offline;
  $("#save").disabled = true;
}

function backUp() {
  clearTimeout(downTimer);
  downTimer = null;
  $("#live").classList.remove("off");
  $("#live").textContent = "● " + ctx.words.live;
  $("#stale").hidden = true;
  $("#save").disabled = false;
  if (!down) return;
  down = false;
  $("#down").hidden = true;
  $("#save").disabled = false;
  toast(ctx.words.back);
}

// the page opened from a phone's memory (the server gone): the last evening it saw, marked as not live
function keptEvening() {
  try { return JSON.parse(localStorage.getItem(KEPT) || "null"); } catch (e) { return null; }
}

// the ledger cannot be read now: its problem, then the evening this phone saw last, marked as not live
function showKept(problemHtml) {
  const kept = keptEvening();
  if (!kept || !kept.html) return;
  $("#evening").innerHTML = problemHtml + kept.html;
  setUp();
  if (!ctx) return;
  $("#stale").textContent = ctx.words.not_live.replace("{when}", kept.when);
  $("#stale").hidden = false;
  $("#save").disabled = true;
}

// the host made a new token (or deleted it): this link is dead, so say so and stop reconnecting
let source = null;

function linkExpired() {
  if (source) source.close();
  clearTimeout(downTimer);
  downTimer = null;
  $("#down").textContent = ctx ? ctx.words.expired : $("#down").textContent;
  $("#down").hidden = false;
  $("#live").classList.add("off");
  $("#save").disabled = true;
}

async function stillHonoured() {  // the stream or a fetch failed: the server gone, or this link expired?
  try {
    const response = await fetch(api("/api/evening"), { credentials: "same-origin" });
    if (response.status === 401 && (await response.json()).reason === "expired") linkExpired();
  } catch (e) { /* no answer: the server is gone, which the banner says */ }
}

function listen() {
  source = new EventSource("/api/events");
  const live = $("#live");
  // the stream's first event names the version: a changed one is fetched then (once), an unchanged one not at all
  // back after the server was gone: fetched again, what is open and typed in 改规矩 kept (refresh keeps panels)
  // (and a ledger that cannot be read is looked at again: its card and the evening last seen, marked not live)
  source.onopen = () => { const was = down; backUp(); if (was || $("#evening .problem")) refresh(); };
  source.onerror = () => {
    live.classList.add("off");
    stillHonoured();
    if (!downTimer && !down) downTimer = setTimeout(() => { downTimer = null; goneDown(); }, DOWN_AFTER_MS);
  };
  // a burst of changes (a whole table saving at once) is fetched once, a moment after the last of them
  let pending = null;
  source.onmessage = (event) => {
    if (Number(event.data) === version) return;
    clearTimeout(pending);
    pending = setTimeout(refresh, REFRESH_WAIT_MS);
  };
}

document.addEventListener("DOMContentLoaded", () => {
  const form = $("#entry");
  form.addEventListener("submit", save);
  for (const kind of ["click", "input", "change"]) {
    form.addEventListener(kind, (event) => { if (!event.target.closest("#cancel")) begin(); }, true);
  }
  $("#preview-button").addEventListener("click", preview);
  $("#cancel").addEventListener("click", () => { state = freshState({}); $("#preview").hidden = true; drawForm(); });
  $("#add-kong").addEventListener("click", () => { state.kongs.push({ by: ctx.seats[0].seat, type: ctx.kong_types[0].value }); drawKongs(); });
  $("#bao").addEventListener("change", (event) => { state.bao = event.target.checked; });
  $("#tiles-left").addEventListener("input", (event) => { state.tilesLeft = event.target.value.trim(); });
  $("#ci").addEventListener("change", (event) => { state.ci = event.target.value; });
  $("#dealer").addEventListener("change", (event) => { state.dealer = event.target.value; });
  document.body.dataset.page = PAGE_ID;  // the 已付 buttons' script sends it too
  const name = $("#phone-name");
  name.value = phoneName();
  name.addEventListener("change", () => {
    try { localStorage.setItem(NAME_KEY, name.value.trim()); } catch (e) { /* private mode: no name kept */ }
  });
  const loaded = $("#evening").innerHTML;
  if (!loaded.includes('class="card problem"')) keepEvening(loaded);  // the evening as loaded, before any setUp
  setUp();
  if (!ctx && $("#evening .problem")) showKept($("#evening").innerHTML);
  listen();
});
