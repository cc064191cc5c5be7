// The card table, drawn from a view: one generic renderer for every game, with touches per game.
//
// It reads only what the view says: "hand" (your cards), "trick" (cards on the table, with their seats),
// "hand_counts" or "cards_left" (how many each holds), "players", "dealer", "to_act", "turned", "trumps",
// "last_trick" (shown only where the view gives it: where the law allows), "exposed", "tricks", "scores",
// "last_result"; whatever else a game puts in its view is listed, readably, in the side panel.

import { SUIT_SYMBOL, SUIT_NAME, backEl, cardEl, cardText, el, humanKey, isCard, richText, valueEl } from "./cards.js";

const COMPASS = { N: "North", E: "East", S: "South", W: "West" };
const PARTNER = { N: "S", S: "N", E: "W", W: "E" };

// Keys the felt itself draws; the rest go to the "At the table" panel.
const DRAWN = new Set([
  "game", "seat", "seats", "players", "hand", "trick", "played", "last_trick", "hand_counts", "cards_left",
  "to_act", "turned", "trumps", "dealer", "over", "last_result", "scores", "exposed", "may_see_last_trick",
  "turned_owner", "leader", "deal", "money", "unit",
  // drawn by the touches below, where a view has them
  "pot", "staked", "in", "face_up", "runs", "board", "boxes", "dealer_box", "history", "widow",
]);

// Touches per family of games: which view keys its own score panel draws, and how.  The whist family
// (Whist, Dummy, Double Dummy...) is known by its view: a game score by side ("NS", "EW") and a target.
const WHIST_TOUCH = {
  drawn: new Set(["score", "tricks", "games", "rubbers", "target", "standings", "waiting", "controllers"]),
  score: whistScore,
};

function touchFor(view) {
  if (view && view.score && "NS" in view.score && "EW" in view.score && view.target) return WHIST_TOUCH;
  return null;
}

// A seat as players name it: the compass at the whist family's four seats (N, E, S, W); elsewhere the seat's
// letter (poker's fifth seat is "Seat E", not "East").
export function seatName(seat, seats) {
  const compass = !seats || (seats.length <= 4 && seats.every((s) => s in COMPASS));
  return compass && COMPASS[seat] ? COMPASS[seat] : `Seat ${seat}`;
}

export function bottomSeat(view, mySeat) {
  const seats = (view && view.seats) || [];
  if (mySeat && seats.includes(mySeat)) return mySeat;
  if (seats.includes("S")) return "S";
  return seats[0];
}

function playerName(view, meta, seat) {
  if (view && view.players && view.players[seat]) return view.players[seat];
  const p = meta && meta.places ? meta.places.find((x) => x.seat === seat) : null;
  return p ? p.name : seatName(seat, view && view.seats);
}

function placeOf(meta, seat) {
  return meta && meta.places ? meta.places.find((x) => x.seat === seat) : null;
}

function count(view, seat) {
  if (view.hand_counts && seat in view.hand_counts) return view.hand_counts[seat];
  if (view.cards_left && seat in view.cards_left) return view.cards_left[seat];
  return null;
}

// The angle of each seat round the table: yours at the bottom, then clockwise (left, top, right).
function angles(seats, bottom) {
  const n = seats.length;
  const at = Math.max(0, seats.indexOf(bottom));
  const out = {};
  seats.forEach((s, i) => {
    const r = (i - at + n) % n;
    out[s] = 90 + (r * 360) / n;
  });
  return out;
}

function pos(angle, rx, ry) {
  const a = (angle * Math.PI) / 180;
  return { left: 50 + rx * Math.cos(a), top: 50 + ry * Math.sin(a) };
}

// Render the whole table into `root`.
//   state: {view, meta, seat, legal, hands (replay: every hand), mode ("live" | "replay"), onAction, fresh}
export function renderFelt(root, state) {
  const { view, meta } = state;
  const oldHand = root.querySelector(":scope > .myhand");
  root.replaceChildren();
  if (!view) return;
  const seats = view.seats || [];
  const mine = state.seat && seats.includes(state.seat) ? state.seat : null;
  const bottom = bottomSeat(view, mine);
  const ang = angles(seats, bottom);
  const legal = state.legal || [];
  const legalCards = new Set(legal.filter((a) => a.startsWith("play ")).map((a) => a.slice(5)));
  const myHand = mine ? view.hand || [] : [];
  const over = !!view.over || !!(meta && meta.over);

  const ring = el("div", "ring");
  root.append(ring);

  // The seats, round the table.
  for (const s of seats) {
    const p = pos(ang[s], 41, s === bottom ? 39 : 38);
    const box = el("div", "seat");
    box.dataset.seat = s;
    if (s === bottom) box.classList.add("bottom");
    if (s === mine) box.classList.add("mine");
    if (view.to_act === s && !over) box.classList.add("to-act");
    const cos = Math.cos((ang[s] * Math.PI) / 180);
    const sin = Math.sin((ang[s] * Math.PI) / 180);
    box.style.top = `${p.top}%`;
    if (sin < -0.7) {
      box.classList.add("top"); // anchored to the far rail
      box.style.top = "2%";
    } else if (s === bottom) {
      box.style.top = "auto"; // anchored to the near rail, its name nearest the hand
      box.style.bottom = "1.5%";
    }
    if (cos < -0.7) {
      box.classList.add("side", "left"); // anchored to the left rail
      box.style.left = "2%";
    } else if (cos > 0.7) {
      box.classList.add("side", "right"); // anchored to the right rail
      box.style.right = "2%";
    } else {
      box.style.left = `${p.left}%`;
    }

    const plate = el("div", "plate");
    const name = el("span", "name", playerName(view, meta, s));
    const label = el("span", "seatlabel", seatName(s, seats));
    plate.append(label, name);
    const place = placeOf(meta, s);
    if (place && place.bot) plate.append(el("span", "chip bot", place.kind + " bot"));
    else if (place && !place.here && state.mode === "live") plate.append(el("span", "chip away", "away"));
    if (s === mine) plate.append(el("span", "chip you", "you"));
    else if (mine && PARTNER[mine] === s && view.game === "whist") plate.append(el("span", "chip partner", "partner"));
    if (view.dealer === s) plate.append(el("span", "chip dealer", "dealer"));
    if (view.tricks && typeof view.tricks[s] === "number") {
      plate.append(el("span", "chip tricks", `${view.tricks[s]} trick${view.tricks[s] === 1 ? "" : "s"}`));
    }
    if (view.to_act === s && !over) plate.append(el("span", "chip turn", legal.length ? "your turn" : "to play"));
    box.append(plate);

    // The cards that seat holds: backs (or faces in a replay), and any exposed cards.
    const handBelow = s === bottom && !mine && state.hands && state.hands[s];
    if (s !== mine && !handBelow) {
      const n = count(view, s);
      const open = state.hands && state.hands[s];
      const fan = el("div", "fan" + (open ? " open" : ""));
      if (open) {
        for (const c of open) fan.append(cardEl(c, { small: true }));
      } else if (n !== null) {
        const shown = Math.min(n, 13);
        for (let i = 0; i < shown; i++) fan.append(backEl({ small: true }));
        if (n > 0) fan.append(el("span", "count", String(n)));
      }
      if (fan.childNodes.length) box.append(fan);
    }
    if (view.turned && !over && (view.turned_owner || view.dealer) === s) {
      const tc = el("div", "turned");
      tc.append(cardEl(view.turned, { small: true }), el("span", "lbl", "trump card"));
      tc.title = "The trump card, turned up by the dealer: it lies on the table until the dealer plays to the first trick";
      box.append(tc);
    }
    const exposed = view.exposed && view.exposed[s];
    if (exposed && (Array.isArray(exposed) ? exposed.length : exposed)) {
      // A hand laid face up (a Dummy's): drawn as cards; clickable when its player (you) is to play from it.
      const row = el("div", "exposed");
      row.append(el("span", "lbl", "face up"));
      const list = Array.isArray(exposed) ? exposed : String(exposed).split(/\s+/);
      const mayPlay = view.to_act === s && legal.length;
      for (const code of list) {
        if (!isCard(code)) continue;
        const c = cardEl(code, { cls: "mid" });
        if (mayPlay && legalCards.has(code)) makePlayable(c, code, state);
        else if (mayPlay) c.classList.add("illegal");
        row.append(c);
      }
      box.append(row);
      const fan = box.querySelector(".fan");
      if (fan) fan.remove(); // its backs would only repeat it
    }
    seatTouches(box, plate, view, s, over);
    ring.append(box);
  }

  // The middle: the trick (or the last one, ghosted), the trump card, the last deal's result.
  const center = el("div", "center");
  ring.append(center);
  const info = el("div", "centerinfo");
  ring.append(info);
  if (view.trumps) {
    const t = el("div", "trumps");
    t.append("Trumps ", el("span", "sym" + (view.trumps === "H" || view.trumps === "D" ? " red" : ""),
      SUIT_SYMBOL[view.trumps] || view.trumps));
    t.title = SUIT_NAME[view.trumps] || String(view.trumps);
    info.append(t);
  } else if (view.contract) {
    info.append(el("div", "trumps", "No trumps"));
  }
  if (view.deal) info.append(el("div", "dealno", `Deal ${view.deal}`));
  // Boston and Cayenne turn no trump: the card cut from the still pack names the preferences or the cayenne.
  const cut = view.cut_card;
  if (cut && cut.rank && cut.suit && !over) {
    const tc = el("div", "turned cutcard");
    tc.append(cardEl(cut.rank + cut.suit, { small: true }), el("span", "lbl", "cut card"));
    tc.title = `The card turned from the still pack: the ${cut.name || cut.rank + cut.suit}`;
    info.append(tc);
  }

  centerTouches(center, view, over);

  const trick = view.trick || [];
  const ghost = !trick.length && view.last_trick && !over ? view.last_trick : null;
  const shown = trick.length ? trick : ghost ? ghost.cards || [] : [];
  shown.forEach((pc, i) => {
    if (!pc || !pc.card) return;
    const p = pos(ang[pc.seat] ?? 90, 14, 18);
    const c = cardEl(pc.card, { cls: "trickcard" });
    c.style.left = `${p.left}%`;
    c.style.top = `${p.top}%`;
    c.style.zIndex = String(10 + i);
    if (ghost) c.classList.add("ghost");
    if (ghost && ghost.winner === pc.seat) c.classList.add("winner");
    if (!ghost && state.fresh && state.fresh.has(pc.card)) c.classList.add("fresh");
    ring.append(c);
  });
  if (ghost) {
    const g = el("div", "ghostlabel", `last trick — ${playerName(view, meta, ghost.winner)} (${ghost.winner}) won it`);
    ring.append(g);
  }
  if (!trick.length && !(view.played || []).length && view.last_result && !over) {
    center.append(resultCard(view.last_result, "Last deal"));
  }
  if (over) {
    const b = el("div", "overbanner");
    b.append(el("div", "big", "The sitting is over"));
    const sc = view.scores || (meta && meta.scores) || {};
    const line = el("div", "final");
    Object.entries(sc).forEach(([k, v], i) => {
      if (i) line.append("   ");
      line.append(el("b", null, k), " ", signed(v));
    });
    b.append(line);
    if (state.mode === "live" && meta) {
      const links = el("div", "links");
      const rec = el("a", "btn", "Download the record");
      rec.href = `/api/tables/${meta.id}/record`;
      const rep = el("a", "btn", "Replay it");
      rep.href = `/replay?table=${meta.id}`;
      links.append(rec, rep);
      b.append(links);
    }
    center.append(b);
  }

  // The cut (the pack seen from its side, in the middle) and Whiskey's widow are drawn afresh each time.
  const faceUp = new Set();
  for (const cards of Object.values(view.exposed || {})) for (const c of Array.isArray(cards) ? cards : String(cards).split(/\s+/)) faceUp.add(c);
  const others = mine ? legal.filter((a) => !(a.startsWith("play ") && (myHand.includes(a.slice(5)) || faceUp.has(a.slice(5))))) : [];
  const sorted = sortActions(others);
  if (sorted.numbers.has("cut")) center.append(cutPack(sorted.numbers.get("cut"), state));
  if (Array.isArray(view.widow) && view.widow.length && !over) {
    // Whiskey Poker's widow, face up in the middle: its cards may be chosen for an exchange.
    const w = el("div", "widow");
    w.append(el("span", "lbl", "the widow"));
    for (const code of view.widow) if (isCard(code)) w.append(cardEl(code, { cls: "mid" }));
    center.append(w);
  }

  // Your hand, at the bottom; legal cards can be clicked.  Unchanged, it is kept as it was (not redrawn
  // under the pointer, so no click is lost when a message about someone else arrives).
  const sig = JSON.stringify([mine, myHand, legal, view.to_act, view.trick && view.trick.length, bottom,
    state.hands && state.hands[bottom], over]);
  if (oldHand && oldHand.dataset.sig === sig) {
    root.append(oldHand);
    markChoosable(root, ".widow .card");
    return;
  }
  const handRow = el("div", "myhand");
  handRow.dataset.sig = sig;
  root.append(handRow);
  const bottomOpen = !mine && state.hands && state.hands[bottom];
  const handCards = mine ? myHand : bottomOpen ? state.hands[bottom] : [];
  if (handCards.length) {
    const fan = el("div", "handfan");
    fan.style.setProperty("--n", String(handCards.length));
    const myTurn = mine && view.to_act === mine && legalCards.size;
    handCards.forEach((code, i) => {
      const c = cardEl(code);
      c.style.setProperty("--i", String(i));
      if (myTurn) {
        if (legalCards.has(code)) {
          makePlayable(c, code, state);
        } else {
          c.classList.add("illegal");
          c.title += " — you may not play it now";
        }
      }
      fan.append(c);
    });
    handRow.append(fan);
  } else if (mine && !over) {
    handRow.append(el("div", "nohand", "No cards in hand"));
  }
  if (others.length && mine) {
    const { cardActs, numbers, plain } = sorted;
    const bar = el("div", "actions");
    bar.append(el("span", "lbl", "Your call:"));
    for (const a of plain) {
      const b = el("button", "btn action");
      b.append(richText(a));
      if (view.game === "poker" && PLAYERS_WORDS[a]) {
        // the book's word (003), and the word players use for it
        b.append(el("span", "aka", ` (${PLAYERS_WORDS[a]})`));
        b.title = `${a}: what players call ${PLAYERS_WORDS[a]}`;
      }
      b.dataset.action = a;
      b.addEventListener("click", () => state.onAction && state.onAction(a));
      bar.append(b);
    }
    for (const [verb, acts] of numbers) if (verb !== "cut") bar.append(stepper(verb, acts, state));
    for (const [verb, acts] of cardActs) bar.append(cardChooser(verb, acts, root, state));
    if (bar.childNodes.length > 1) handRow.prepend(bar);
    else if (numbers.has("cut")) handRow.prepend(el("div", "prompt", "Your cut: click the side of the pack"));
  }
  markChoosable(root, ".handfan .card, .widow .card");
  if (mine && legal.length && !others.length) {
    const from = view.to_act !== mine ? ` from ${playerName(view, meta, view.to_act)}'s hand (${view.to_act}), face up above` : "";
    handRow.prepend(el("div", "prompt", (view.trick && view.trick.length ? "Your turn: play a card" : "Your lead") + from));
  }
}

// ---------------------------------------------------------------- actions that name cards or numbers

// Poker's words in 003, and the words players use for them (shown beside them, as the terminal takes them).
const PLAYERS_WORDS = { pass: "fold", see: "call", "go in": "call", "stand pat": "keep all", "hold age": "check" };

// The lawful actions sorted for the page: those that name cards (poker's draw, Whiskey's exchange) are
// chosen by clicking the cards; those of many numbers (raise 1..10, cut 4..48) by one control; the rest
// are buttons.
function sortActions(actions) {
  const cardActs = new Map();
  const numbers = new Map();
  const plain = [];
  for (const a of actions) {
    const [verb, ...rest] = a.split(" ");
    if (rest.length && rest.every(isCard)) {
      if (!cardActs.has(verb)) cardActs.set(verb, []);
      cardActs.get(verb).push({ action: a, cards: rest });
    } else if (rest.length && /^\d+$/.test(rest[0])) {
      if (!numbers.has(verb)) numbers.set(verb, []);
      numbers.get(verb).push({ action: a, n: Number(rest[0]), suffix: rest.slice(1).join(" ") });
    } else {
      plain.push(a);
    }
  }
  for (const [verb, acts] of [...numbers]) {
    if (acts.length < 4 && verb !== "cut") {
      numbers.delete(verb);
      plain.push(...acts.map((x) => x.action));
    }
  }
  return { cardActs, numbers, plain };
}

const CARD_VERBS = {
  draw: (cards) => `Discard ${cards.length === 1 ? "one" : NUMBER_WORDS[cards.length] || cards.length} and draw as many`,
  exchange: () => "Exchange these two",
};
const NUMBER_WORDS = { 1: "one", 2: "two", 3: "three", 4: "four", 5: "five" };

// One button for all the actions of `verb` naming cards: the cards are clicked, in the hand (or the widow),
// and the button says what will be done; it is enabled when the cards chosen make a lawful action.
function cardChooser(verb, acts, root, state) {
  const b = el("button", "btn action choose");
  b.dataset.verb = verb;
  const choosable = new Set(acts.flatMap((x) => x.cards));
  b.dataset.choosable = [...choosable].join(" ");
  const hint = verb === "draw" ? "Click the cards to discard" : verb === "exchange" ? "Click a card of yours and one of the widow" : `Click the cards to ${verb}`;
  const update = () => {
    const chosen = [...root.querySelectorAll(".card.chosen")].map((c) => c.dataset.card);
    const key = [...chosen].sort().join(" ");
    const match = acts.find((x) => [...x.cards].sort().join(" ") === key);
    b.replaceChildren();
    if (match) {
      b.disabled = false;
      b.dataset.action = match.action;
      b.append((CARD_VERBS[verb] || (() => verb))(match.cards) + ": ");
      for (const c of match.cards) b.append(richText(c), " ");
    } else {
      b.disabled = true;
      delete b.dataset.action;
      b.append(hint);
    }
  };
  b.addEventListener("click", () => b.dataset.action && state.onAction && state.onAction(b.dataset.action));
  b._update = update;
  queueMicrotask(update);
  return b;
}

// Cards that some card-naming action names become choosable: a click chooses or unchooses them.
function markChoosable(root, selector) {
  const choosers = [...root.querySelectorAll("button.choose")];
  if (!choosers.length) return;
  const codes = new Set(choosers.flatMap((b) => b.dataset.choosable.split(" ")));
  for (const c of root.querySelectorAll(selector)) {
    if (!codes.has(c.dataset.card)) continue;
    c.classList.add("choosable");
    c.tabIndex = 0;
    c.setAttribute("role", "checkbox");
    c.setAttribute("aria-checked", "false");
    const toggle = () => {
      c.classList.toggle("chosen");
      c.setAttribute("aria-checked", String(c.classList.contains("chosen")));
      for (const b of choosers) b._update();
    };
    c.addEventListener("click", toggle);
    c.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        toggle();
      }
    });
  }
}

// Many numbers (raise 1..10, stake 1..20; Boston's bid 5..13 in a preference): a slider (and the kinds, where the
// numbers come in kinds) and one button that says what will be done, enabled when that is lawful.
function stepper(verb, acts, state) {
  const ns = [...new Set(acts.map((x) => x.n))].sort((a, b) => a - b);
  const kinds = [...new Set(acts.map((x) => x.suffix))];
  const lawful = new Set(acts.map((x) => x.action));
  const box = el("span", "stepper");
  box.dataset.verb = verb;
  const range = el("input");
  range.type = "range";
  range.min = String(ns[0]);
  range.max = String(ns[ns.length - 1]);
  range.step = "1";
  range.value = String(ns[0]);
  range.setAttribute("aria-label", `${verb}: how many`);
  const kind = el("select");
  kind.setAttribute("aria-label", `${verb}: which kind`);
  for (const k of kinds) kind.append(new Option(k || "plain", k));
  const b = el("button", "btn action");
  const update = () => {
    const n = ns.reduce((best, x) => (Math.abs(x - range.value) < Math.abs(best - range.value) ? x : best), ns[0]);
    const action = `${verb} ${n}${kind.value ? " " + kind.value : ""}`;
    b.textContent = `${verb[0].toUpperCase()}${verb.slice(1)} ${n}${kind.value ? " " + kind.value : ""}`;
    b.disabled = !lawful.has(action);
    if (b.disabled) delete b.dataset.action;
    else b.dataset.action = action;
  };
  range.addEventListener("input", update);
  kind.addEventListener("change", update);
  b.addEventListener("click", () => b.dataset.action && state.onAction && state.onAction(b.dataset.action));
  update();
  box.append(b, range);
  if (kinds.length > 1) box.append(kind);
  return box;
}

// The cut: the pack seen from its side; where it is clicked, it is cut (the cards above the click lifted).
function cutPack(acts, state) {
  const ns = acts.map((x) => x.n).sort((a, b) => a - b);
  const lo = ns[0];
  const hi = ns[ns.length - 1];
  const total = hi + lo; // at least `lo` cards in each packet: the pack holds hi + lo
  const box = el("div", "cutbox");
  const pack = el("div", "pack");
  pack.setAttribute("role", "slider");
  pack.setAttribute("aria-label", "the pack, seen from its side: click where to cut it");
  pack.setAttribute("aria-valuemin", String(lo));
  pack.setAttribute("aria-valuemax", String(hi));
  pack.tabIndex = 0;
  pack.style.setProperty("--cards", String(total));
  const mark = el("div", "cutmark");
  pack.append(mark);
  const label = el("div", "cutlabel", `Click the side of the pack to cut it (${lo} to ${hi} cards lifted)`);
  let at = Math.round((lo + hi) / 2);
  const show = (n) => {
    at = Math.max(lo, Math.min(hi, n));
    mark.style.left = `${(at / total) * 100}%`;
    pack.setAttribute("aria-valuenow", String(at));
    label.textContent = `Cut here: lift ${at} cards, ${total - at} left below`;
    pack.dataset.action = `cut ${at}`;
  };
  const fromEvent = (e) => {
    const r = pack.getBoundingClientRect();
    return Math.round(((e.clientX - r.left) / r.width) * total);
  };
  pack.addEventListener("mousemove", (e) => show(fromEvent(e)));
  pack.addEventListener("click", (e) => {
    show(fromEvent(e));
    if (state.onAction) state.onAction(`cut ${at}`);
  });
  pack.addEventListener("keydown", (e) => {
    if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
      e.preventDefault();
      show(at + (e.key === "ArrowRight" ? 1 : -1));
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      if (state.onAction) state.onAction(`cut ${at}`);
    }
  });
  box.append(pack, label);
  return box;
}

// ---------------------------------------------------------------- touches by the shape of a view

// Per seat: stakes and who is still in (vying games), cards played face up (Pope Joan), boxes (Vingt-Un).
function seatTouches(box, plate, view, s, over) {
  if (view.staked && typeof view.staked[s] === "number") plate.append(el("span", "chip stake", `staked ${view.staked[s]}`));
  if (Array.isArray(view.in) && !over && !view.in.includes(s) && view.phase !== "deal") {
    box.classList.add("out");
    plate.append(el("span", "chip out", "out"));
  }
  const showing = view.up && view.up[s];
  if (Array.isArray(showing) && showing.length) {
    const row = el("div", "exposed played");
    row.append(el("span", "lbl", "showing"));
    for (const c of showing) if (isCard(c)) row.append(cardEl(c, { cls: "mid" }));
    box.append(row);
  }
  const faceUp = view.face_up && view.face_up[s];
  if (Array.isArray(faceUp) && faceUp.length) {
    const row = el("div", "exposed played");
    row.append(el("span", "lbl", "played"));
    for (const c of faceUp) if (isCard(c)) row.append(cardEl(c, { cls: "mid" }));
    box.append(row);
  }
  const boxes = [];
  if (view.boxes && Array.isArray(view.boxes[s])) boxes.push(...view.boxes[s]);
  if (view.dealer_box && view.dealer === s) boxes.push({ ...view.dealer_box, banker: true });
  for (const b of boxes) box.append(boxEl(b));
}

// A punter's (or the banker's) box at Vingt-Un: the cards seen face up, those face down, stake and total.
function boxEl(b) {
  const d = el("div", "box");
  const cards = el("div", "boxcards");
  const open = Array.isArray(b.cards) ? b.cards : Array.isArray(b.up) ? b.up : [];
  for (const c of open) if (isCard(c)) cards.append(cardEl(c, { cls: "mid" }));
  const down = Array.isArray(b.cards) ? 0 : Number(b.down || 0);
  for (let i = 0; i < down; i++) cards.append(backEl({ cls: "mid" }));
  d.append(cards);
  const bits = [];
  if (b.banker) bits.push("the bank");
  if (b.stake) bits.push(`stake ${b.stake}`);
  if (typeof b.total === "number") bits.push(`total ${b.total}`);
  if (b.status) bits.push(String(b.status));
  d.append(el("div", "boxinfo", bits.join(" · ")));
  return d;
}

// The middle: the pot (vying games); the board and the run being played (Pope Joan).
function centerTouches(center, view, over) {
  if (typeof view.pot === "number" && !over) {
    const pot = el("div", "pot");
    pot.append(el("span", "chips"), el("span", null, `Pot ${view.pot}`));
    center.append(pot);
  }
  if (view.board && typeof view.board === "object" && !Array.isArray(view.board)) {
    const board = el("div", "board");
    for (const [name, n] of Object.entries(view.board)) {
      const cell = el("div", "compartment" + (n ? " full" : ""));
      cell.append(el("span", "cname", name), el("span", "ccount", String(n)));
      board.append(cell);
    }
    center.append(board);
  }
  if (Array.isArray(view.runs) && view.runs.length && !over) {
    const run = view.runs[view.runs.length - 1];
    const row = el("div", "run");
    for (const pc of run.cards || []) {
      const c = el("div", "runcard");
      c.append(cardEl(pc.card, { cls: "mid" }), el("span", "who", pc.seat));
      row.append(c);
    }
    center.append(row);
    if (run.end) center.append(el("div", "runend", run.end));
  }
}

function makePlayable(c, code, state) {
  c.classList.add("legal");
  c.tabIndex = 0;
  c.setAttribute("role", "button");
  const act = () => state.onAction && state.onAction(`play ${code}`);
  c.addEventListener("click", act);
  c.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      act();
    }
  });
}

function signed(v) {
  if (typeof v !== "number") return String(v);
  return v > 0 ? `+${v}` : v < 0 ? `−${-v}` : "0";
}

export function resultCard(result, title) {
  const box = el("div", "result");
  box.append(el("div", "rtitle", title));
  for (const [k, v] of Object.entries(result)) {
    const row = el("div", "rrow");
    row.append(el("span", "k", humanKey(k)), valueEl(v));
    box.append(row);
  }
  return box;
}

// ---------------------------------------------------------------- the side panels

// The score panel: the game's own where it has one, and always the table's scores (data-score attributes).
export function renderScore(root, view, meta) {
  root.replaceChildren();
  if (!view) return;
  const touch = touchFor(view);
  root.append(el("h3", null, "Score"));
  if (touch && touch.score) touch.score(root, view);
  const scores = (meta && meta.scores) || view.scores;
  if (scores) {
    const row = el("div", "scores");
    const label = view.over ? "Final" : touch ? "The game in play" : "Scores";
    row.append(el("span", "k", label));
    const money = view.money || null;
    for (const [k, v] of Object.entries(scores)) {
      const item = el("span", "score");
      item.dataset.score = k;
      item.append(el("b", null, k + " "));
      const num = el("span", "num", money && money[k] ? money[k] : view.over ? signed(v) : String(v));
      num.dataset.value = String(v);
      item.append(num);
      row.append(item);
    }
    if (view.unit) row.append(el("span", "unit", view.unit));
    root.append(row);
  }
}

function pipsRow(n, of) {
  const s = el("span", "pipsrow");
  for (let i = 0; i < of; i++) s.append(el("span", "dot" + (i < n ? " on" : "")));
  return s;
}

function whistScore(root, view) {
  const target = view.target || 5;
  const sc = view.score || {};
  for (const side of ["NS", "EW"]) {
    const row = el("div", "sideScore");
    row.append(el("span", "sidename", side), pipsRow(sc[side] || 0, target), el("span", "pts", `${sc[side] || 0} of ${target}`));
    root.append(row);
  }
  const tricks = view.tricks || {};
  const tr = el("div", "line");
  tr.append(el("span", "k", "Tricks this deal"), ` NS ${tricks.NS || 0} · EW ${tricks.EW || 0}`);
  root.append(tr);
  const games = view.games || [];
  const g = el("div", "line");
  const name = { 3: "treble", 2: "double", 1: "single" };
  g.append(el("span", "k", "Games this rubber"), " " + (games.length ? games.map((x) => `${x.side} (${name[x.value] || x.value})`).join(", ") : "none yet"));
  root.append(g);
  const rubbers = view.rubbers || [];
  if (rubbers.length) {
    const r = el("div", "line");
    r.append(el("span", "k", "Rubbers"), " " + rubbers.map((x) => `${x.side} +${x.points}`).join(", "));
    root.append(r);
  }
  if (view.trumps) {
    const t = el("div", "line");
    t.append(el("span", "k", "Trumps"), " ");
    t.append(el("span", "sym" + (view.trumps === "H" || view.trumps === "D" ? " red" : ""), SUIT_SYMBOL[view.trumps]));
    if (view.turned) t.append(" (", cardText(view.turned), " turned)");
    root.append(t);
  }
}

export function renderLastTrick(root, view, meta) {
  root.replaceChildren();
  if (!view || !view.last_trick) {
    root.hidden = true;
    return;
  }
  root.hidden = false;
  root.append(el("h3", null, "Last trick"));
  const row = el("div", "lasttrick");
  for (const pc of view.last_trick.cards || []) {
    const cell = el("div", "lt" + (pc.seat === view.last_trick.winner ? " winner" : ""));
    cell.append(cardEl(pc.card, { small: true }), el("span", "who", pc.seat));
    row.append(cell);
  }
  root.append(row);
  root.append(el("div", "note", `won by ${playerName(view, meta, view.last_trick.winner)} (${view.last_trick.winner})`));
}

// View keys whose values are suits, or keyed by suit (Boston's preferences, Cayenne's suit and values): drawn
// with suit symbols.  Only these keys: elsewhere "C", "D" and "S" are seats.
const SUITED = new Set(["preferences", "cayenne", "values", "named"]);

function suitSym(x) {
  return el("span", "sym" + (x === "H" || x === "D" ? " red" : ""), SUIT_SYMBOL[x]);
}

function suitedEl(v) {
  if (typeof v === "string" && SUIT_SYMBOL[v]) {
    const span = el("span", "val");
    span.append(suitSym(v), ` ${SUIT_NAME[v]}`);
    return span;
  }
  if (Array.isArray(v)) {
    const span = el("span", "val");
    v.forEach((x, i) => span.append(i ? " " : "", SUIT_SYMBOL[x] ? suitSym(x) : valueEl(x, 1)));
    return span;
  }
  if (v && typeof v === "object") {
    const span = el("span", "val");
    Object.entries(v).forEach(([k, x], i) => {
      if (i) span.append(" · ");
      span.append(SUIT_SYMBOL[k] ? suitSym(k) : el("span", "k", k), " ", suitedEl(x));
    });
    return span;
  }
  return valueEl(v, 1);
}

// What a player would say of a view's key: [label, text] (text may be a node), or null to say nothing (the
// engine's bookkeeping: who is active, what is owed to whom, the pack's make-up in numbers).
const PHASES = {
  auction: "the auction", play: "the play", declare: "the declaration", ante: "the antes", bet: "the betting",
  draw: "the draw", cut: "the cut", stake: "the stakes", deal: "the deal", exchange: "the exchange",
  penalty: "a penalty to choose", claims: "the claims at the end of the hand", over: "over",
};
const VARIANTS = { draw: "Draw Poker", straight: "Straight Poker", stud: "Stud Poker", whiskey: "Whiskey Poker",
  boston: "Boston", fontainebleau: "Boston de Fontainebleau" };
const CODES = { "english-1864": "the Laws of Short Whist (1864)", "american-1893": "the American Congress laws (1893)",
  "american-gwp": "G.W.P.'s American Whist" };
function who(view, seat) {
  if (!seat) return "—";
  const name = view.players && view.players[seat];
  return name && name !== seat ? `${name} (${seat})` : `Seat ${seat}`;
}
const SAY = {
  partner_hand: () => null, active: () => null, antes_due: () => null, last_deal: () => null, current: () => null,
  gathered_count: () => null, faced: () => null, last_round: () => null, turn: () => null, french: () => null,
  law_mode: (v) => (v ? ["Law mode", "irregularities are ruled on by the laws"] : null),
  deals: (v, view) => ["Deal", view.deal ? `${view.deal} of ${v}` : `before the first of ${v}`],
  eldest: (v, view) => ["Eldest hand", who(view, v)],
  out: (v, view) => (v ? ["Sits out", who(view, v)] : null),
  phase: (v) => ["Now", PHASES[v] || String(v)],
  variant: (v) => ["Game", VARIANTS[v] || String(v)],
  code: (v) => ["Laws", CODES[v] || String(v)],
  pack: (v) => {
    if (!v || typeof v !== "object") return null;
    const bits = [`${v.cards} cards`];
    if (v.lowest && v.lowest > 2) bits.push(`no ${["", "", "", "twos", "twos or threes", "twos, threes or fours"][v.lowest] || `cards below ${v.lowest}`}`);
    if (v.suits && v.suits.length < 4) bits.push(`${v.suits.length} suits`);
    return v.cards === 52 && bits.length === 1 ? null : ["Pack", bits.join(", ")];
  },
  passed: (v, view) => (Array.isArray(v) ? ["Passed", v.map((s) => who(view, s)).join(", ")]
    : v ? ["Passed", "the dealer has left it to his partner"] : null),
  bid: (v, view) => (v && v.seat ? ["Highest bid", `${who(view, v.seat)}: ${v.call || v.title || ""}`] : null),
  discarded: (v) => (v ? ["Discarded", String(v)] : null),
  red: (v) => ["Counters", `a red counter is ${v} white`],
  declarer: (v, view) => (view.declaration ? null : ["To declare", who(view, v)]),
  games_won: (v) => ["Games", Object.entries(v).map(([k, x]) => `${k} ${x}`).join(" · ")],
  totals: (v) => ["Points", Object.entries(v).map(([k, x]) => `${k} ${x}`).join(" · ")],
  ante: (v, view) => ["Stakes", `ante ${v}${view.limit ? `, limit ${view.limit}` : ""}`],
  limit: () => null,
  age: (v, view) => ["The Age", who(view, v)],
  jackpot: (v) => (v ? ["Jack-pot", "jacks or better to open"] : null),
  buck: (v, view) => ["The buck", who(view, v)],
  betting: (v, view) => {
    if (!v || typeof v !== "object") return null;
    const owes = view.seat && v.owes ? v.owes[view.seat] : 0;
    const when = view.variant === "draw" ? (v.interval === 1 ? "before the draw" : "after the draw") : `round ${v.interval}`;
    return ["Betting", `${when}${owes ? `; you have ${owes} to make good` : ""}`];
  },
  drew: (v, view) => ["Drew", Object.entries(v).map(([s, n]) => `${who(view, s)} ${n}`).join(", ")],
  widow_taken_by: (v, view) => (v ? ["Widow taken by", who(view, v)] : null),
  knocker: (v, view) => (v ? ["Knocked", who(view, v)] : null),
  clearing: (v) => (v ? ["This deal", "the clearing deal, face up"] : null),
  widow_count: (v) => (v ? ["The extra hand", `${v} cards`] : null),
  pone: (v, view) => ["Pone (cuts)", who(view, v)],
  round: (v) => (v ? ["Round", String(v)] : null),
  kind: (v, view) => (view.french ? ["This round", String(v)] : null),
  doubled: (v) => (v ? ["Stakes", "doubled"] : null),
  min_stake: (v, view) => ["Stakes", `${v} to ${view.max_stake}`],
  max_stake: () => null,
  pack_count: (v) => ["Left in the pack", `${v} cards`],
  retired: (v, view) => (Array.isArray(v) && v.length ? ["Retired", v.map((s) => who(view, s)).join(", ")] : null),
  rubber: (v) => (v ? ["Rubber", v] : null),
  up: () => null, // drawn at each seat
};

// Whatever else the view holds, as a player would say it (auctions, contracts, phases, pools: games' own keys).
export function renderDetails(root, view) {
  root.replaceChildren();
  if (!view) return;
  const touch = touchFor(view);
  const rows = [];
  for (const [k, v] of Object.entries(view)) {
    if (DRAWN.has(k) || (touch && touch.drawn.has(k))) continue;
    if (v === null || v === undefined || (Array.isArray(v) && !v.length)) continue;
    if (typeof v === "object" && !Array.isArray(v) && !Object.keys(v).length) continue;
    if (k in SAY) {
      const said = SAY[k](v, view);
      if (said && !rows.some(([label]) => label === said[0])) rows.push(["said:" + said[0], said[1]]);
      continue;
    }
    rows.push([k, v]);
  }
  if (!rows.length) {
    root.hidden = true;
    return;
  }
  root.hidden = false;
  root.append(el("h3", null, "At the table"));
  const dl = el("dl", "details");
  for (const [k, v] of rows) {
    dl.append(el("dt", null, k.startsWith("said:") ? k.slice(5) : humanKey(k)));
    const dd = el("dd");
    if (k.startsWith("said:")) {
      dd.append(typeof v === "string" ? richText(v) : valueEl(v));
    } else if (k === "decision" && v && v.text) {
      // Law mode's penalty phase: what happened, the law, who chooses and among what.
      const laws = Array.isArray(v.law) ? v.law.join(", ") : v.law || "";
      dd.append(richText(`${v.text}${laws ? ` (${laws})` : ""}: ${v.seat} chooses — `));
      dd.append(richText((v.options || []).map((o) => o.action + (o.law ? ` (${o.law})` : "")).join(" · ")));
    } else if (SUITED.has(k)) {
      dd.append(suitedEl(v));
    } else if (k === "cut_card" && v && v.rank && v.suit) {
      dd.append(cardText(v.rank + v.suit), v.name ? ` (${v.name})` : "");
    } else if (Array.isArray(v) && v.length > 6) {
      dd.append("… ", valueEl(v.slice(-6)));
    } else {
      dd.append(valueEl(v));
    }
    dl.append(dd);
  }
  root.append(dl);
}

// One event as a line of the log.
export function eventLine(e) {
  const li = el("li", "ev ev-" + String(e.kind || "").replace(/[^a-z]/g, ""));
  if (e.kind === "deal") {
    li.append(richText(e.text));
    if (e.hand) {
      const h = el("div", "yourhand");
      h.append("Your hand: ");
      for (const c of String(e.hand).split(/\s+/)) if (c) h.append(cardText(c), " ");
      li.append(h);
    }
  } else {
    li.append(richText(e.text));
  }
  const cited = e.law ? (Array.isArray(e.law) ? e.law : [e.law]) : [];
  if (cited.length && !String(e.text).includes("§") && !cited.every((l) => String(e.text).includes(l))) {
    li.append(el("span", "law", ` (${cited.join(", ")})`));
  }
  return li;
}
