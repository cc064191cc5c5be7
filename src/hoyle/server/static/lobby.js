// The lobby: open a table of any registered game with its options, take a place, add bots, watch.

import { cardEl } from "./cards.js";
import { api, el, forgetSeat, mySeats, rememberSeat, toast } from "./common.js";

const $ = (id) => document.getElementById(id);
let games = [];

function nameInput() {
  const n = $("myname").value.trim();
  if (n) localStorage.setItem("hoyle.name", n);
  return n;
}

function optionField(o) {
  const box = el("div", "opt");
  const id = `opt-${o.name}`;
  const label = el("label", "optname", o.name.replace(/_/g, " "));
  label.htmlFor = id;
  let input;
  if (o.kind === "choice") {
    input = el("select");
    for (const c of o.choices) input.append(new Option(String(c), JSON.stringify(c), false, c === o.default));
  } else if (o.kind === "bool") {
    input = el("input");
    input.type = "checkbox";
    input.checked = !!o.default;
  } else if (o.kind === "int") {
    input = el("input");
    input.type = "number";
    if (o.min !== null && o.min !== undefined) input.min = o.min;
    if (o.max !== null && o.max !== undefined) input.max = o.max;
    input.value = o.default;
  } else {
    input = el("input");
    input.value = o.default ?? "";
  }
  input.id = id;
  input.dataset.name = o.name;
  input.dataset.kind = o.kind;
  const range = o.kind === "int" ? ` (${o.values})` : "";
  box.append(label, input, el("div", "doc", `${o.doc}${range}`));
  return box;
}

function showGame() {
  const g = games.find((x) => x.name === $("game").value);
  if (!g) return;
  $("gamedoc").textContent = `${g.title}. ${g.source ? "Source: " + g.source + "." : ""} ${g.seats.length} players.`;
  const opts = $("options");
  opts.replaceChildren(...g.options.map(optionField));
  const kind = $("botkind");
  kind.replaceChildren(...g.bots.map((k) => new Option(k === "rules" ? "rules (the precepts)" : k, k, false, k === "rules")));
  $("botsrow").hidden = !g.bots.length;
}

function readOptions() {
  const out = {};
  for (const input of $("options").querySelectorAll("[data-name]")) {
    const k = input.dataset.name;
    if (input.dataset.kind === "bool") out[k] = input.checked;
    else if (input.dataset.kind === "int") out[k] = Number(input.value);
    else if (input.dataset.kind === "choice") out[k] = JSON.parse(input.value);
    else out[k] = input.value;
  }
  return out;
}

$("create").addEventListener("submit", async (e) => {
  e.preventDefault();
  const withBots = $("withbots").checked && !$("botsrow").hidden;
  const name = nameInput();
  if (withBots && !name) {
    toast("Say your name first (top right): it is how the others will know you.", "error");
    $("myname").focus();
    return;
  }
  try {
    const r = await api("POST", "/api/tables", { game: $("game").value, options: readOptions() });
    if (withBots) {
      const p = await api("POST", `/api/tables/${r.id}/places`, { name });
      rememberSeat(r.id, p.name, p.token, r.table.title);
      sessionStorage.setItem(`hoyle.seat.${r.id}`, p.token);
      await api("POST", `/api/tables/${r.id}/bots`, { kind: $("botkind").value });
    }
    location.href = `/table/${r.id}`;
  } catch (err) {
    toast(err.message, "error");
  }
});

function shortTitle(t) {
  return String(t).split(/[:(,]/)[0].trim();
}

function optionsText(t) {
  const g = games.find((x) => x.name === t.game);
  if (!g || !t.options) return "";
  const changed = g.options.filter((o) => JSON.stringify(t.options[o.name]) !== JSON.stringify(o.default));
  return changed.map((o) => `${o.name.replace(/_/g, " ")} ${t.options[o.name]}`).join(", ");
}

const ENDED = new Set(["closed", "expired", "abandoned"]);

function tableCard(t, mine) {
  const card = el("div", "tcard" + (mine ? " mine" : ""));
  const title = el("div", "tt", shortTitle(t.title || t.game));
  title.append(el("span", `badge ${t.status}`, t.status === "playing" ? "in play" : t.status));
  card.append(title);
  if (ENDED.has(t.status) && t.note) {
    // Closed, expired or abandoned: the room's reason, beside the badge ("nobody played for an hour; ...").
    card.append(el("div", "endednote", `${t.note[0].toUpperCase()}${t.note.slice(1)}.`));
  }
  const opts = optionsText(t);
  card.append(el("div", "opts", [opts, t.n_actions ? `${t.n_actions} actions` : "", t.deals ? `${t.deals} deals` : ""].filter(Boolean).join(" · ")));
  const who = el("div", "who");
  for (let i = 0; i < t.place_count; i++) {
    const p = t.places[i];
    const s = el("span", "p");
    if (p) s.textContent = `${p.seat ? p.seat + " " : ""}${p.name}${p.bot ? " (bot)" : ""}`;
    else {
      s.textContent = "empty place";
      s.className = "p muted";
    }
    who.append(s);
  }
  if (t.scores && t.status !== "waiting") {
    const sc = el("span", "p muted", "· " + Object.entries(t.scores).map(([k, v]) => `${k} ${v}`).join(", "));
    who.append(sc);
  }
  card.append(who);
  const acts = el("div", "acts");
  if (mine) {
    const go = el("a", "btn primary", ENDED.has(t.status) ? "Look at my table" : "Back to my place");
    go.href = `/table/${t.id}#token=${encodeURIComponent(mine.token)}`;
    acts.append(go);
  } else if (t.status === "waiting" && t.places.length < t.place_count) {
    const sit = el("button", "btn primary", "Take a place");
    sit.addEventListener("click", async () => {
      const name = nameInput();
      if (!name) {
        toast("Say your name first (top right).", "error");
        $("myname").focus();
        return;
      }
      try {
        const p = await api("POST", `/api/tables/${t.id}/places`, { name });
        rememberSeat(t.id, p.name, p.token, t.title);
        sessionStorage.setItem(`hoyle.seat.${t.id}`, p.token);
        location.href = `/table/${t.id}`;
      } catch (err) {
        toast(err.message, "error");
      }
    });
    acts.append(sit);
  }
  if (t.status !== "waiting" || !mine) {
    const watch = el("a", "btn", t.status === "over" ? "Look" : "Watch");
    watch.href = `/table/${t.id}`;
    acts.append(watch);
  }
  if (t.status === "over") {
    const rep = el("a", "btn", "Replay");
    rep.href = `/replay?table=${t.id}`;
    const rec = el("a", "btn", "Record");
    rec.href = `/api/tables/${t.id}/record`;
    acts.append(rep, rec);
  }
  card.append(acts);
  return card;
}

async function refresh() {
  let data;
  try {
    data = await api("GET", "/api/tables");
  } catch {
    return;
  }
  const seats = mySeats();
  const byId = new Map(data.tables.map((t) => [t.id, t]));
  const mine = seats.filter((s) => byId.has(s.tid) && byId.get(s.tid).status !== "over");
  for (const s of seats) if (byId.has(s.tid) && byId.get(s.tid).status === "over" && Date.now() - s.at > 864e5) forgetSeat(s.tid);
  $("mine-panel").hidden = !mine.length;
  $("mine").replaceChildren(...mine.map((s) => tableCard(byId.get(s.tid), s)));
  const mineIds = new Set(mine.map((s) => s.tid));
  const rest = data.tables.filter((t) => !mineIds.has(t.id));
  const box = $("tables");
  if (!rest.length) box.replaceChildren(el("p", "empty-note", "No tables yet: open one."));
  else box.replaceChildren(...rest.slice(0, 60).map((t) => tableCard(t, null)));
}

function heroFan() {
  const fan = $("herofan");
  ["AS", "AH", "AC", "AD"].forEach((code, i) => {
    const c = cardEl(code);
    c.style.transform = `rotate(${(i - 1.5) * 14}deg)`;
    c.style.left = `${18 + i * 20}px`;
    fan.append(c);
  });
}

async function start() {
  heroFan();
  $("myname").value = localStorage.getItem("hoyle.name") || "";
  $("myname").addEventListener("change", nameInput);
  games = await api("GET", "/api/games");
  const sel = $("game");
  for (const g of games) sel.append(new Option(shortTitle(g.title), g.name, false, g.name === "whist"));
  sel.addEventListener("change", showGame);
  showGame();
  await refresh();
  setInterval(refresh, 4000);
}

start().catch((err) => toast(err.message, "error"));
