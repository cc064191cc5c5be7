// Cards drawn as cards: rank and suit in the corners, pips or a court letter in the middle,
// hearts and diamonds red.  Also: card codes inside sentences, and plain values made readable.

export const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
export const SUIT_NAME = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
const RED = new Set(["H", "D"]);
const CARD_RE = /^(10|[2-9TJQKA])([SHDC])$/;
const IN_TEXT_RE = /\b(10|[2-9TJQKA])([SHDC])\b/g;

export function isCard(text) {
  return typeof text === "string" && (CARD_RE.test(text) || text === "MI");
}

export function parts(code) {
  const m = CARD_RE.exec(code);
  if (!m) return null;
  const rank = m[1] === "T" || m[1] === "10" ? "10" : m[1];
  return { rank, suit: m[2] };
}

export function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = String(text);
  return e;
}

// Where the pips of a number card lie, as [column, row] in a 3 x 7 grid (rows 1..7).
const PIPS = {
  2: [[2, 1], [2, 7]],
  3: [[2, 1], [2, 4], [2, 7]],
  4: [[1, 1], [3, 1], [1, 7], [3, 7]],
  5: [[1, 1], [3, 1], [2, 4], [1, 7], [3, 7]],
  6: [[1, 1], [3, 1], [1, 4], [3, 4], [1, 7], [3, 7]],
  7: [[1, 1], [3, 1], [2, 2.5], [1, 4], [3, 4], [1, 7], [3, 7]],
  8: [[1, 1], [3, 1], [2, 2.5], [1, 4], [3, 4], [2, 5.5], [1, 7], [3, 7]],
  9: [[1, 1], [3, 1], [1, 3], [3, 3], [2, 4], [1, 5], [3, 5], [1, 7], [3, 7]],
  10: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3], [1, 5], [3, 5], [2, 6], [1, 7], [3, 7]],
};
const COURT = { J: "Knave", Q: "Queen", K: "King" };

// A card element: <div class="card red" data-card="QH">...</div>
export function cardEl(code, opts = {}) {
  const p = parts(code);
  const c = el("div", "card" + (opts.small ? " small" : "") + (opts.cls ? " " + opts.cls : ""));
  c.dataset.card = code;
  if (!p) {
    c.classList.add("blank");
    c.append(el("div", "court", code === "MI" ? "★" : "?"));
    c.title = code === "MI" ? "Mistigris" : code;
    return c;
  }
  if (RED.has(p.suit)) c.classList.add("red");
  const sym = SUIT_SYMBOL[p.suit];
  const rankName = { A: "ace", K: "king", Q: "queen", J: "knave" }[p.rank] || p.rank;
  c.title = `${rankName} of ${SUIT_NAME[p.suit]}`;
  c.setAttribute("aria-label", c.title);
  const tl = el("div", "corner tl");
  tl.append(el("span", "r", p.rank), el("span", "s", sym));
  const br = el("div", "corner br");
  br.append(el("span", "r", p.rank), el("span", "s", sym));
  c.append(tl);
  if (!opts.small) {
    const face = el("div", "face");
    if (p.rank === "A") {
      face.append(el("div", "ace", sym));
    } else if (COURT[p.rank]) {
      const court = el("div", "court");
      court.append(el("span", "cl", p.rank), el("span", "cs", sym));
      court.title = COURT[p.rank];
      face.append(court);
    } else {
      const grid = el("div", "pips");
      for (const [col, row] of PIPS[Number(p.rank)]) {
        const pip = el("span", "pip" + (row > 4 ? " low" : ""), sym);
        pip.style.left = `${8 + (col - 1) * 42}%`;
        pip.style.top = `${7 + ((row - 1) / 6) * 86}%`;
        grid.append(pip);
      }
      face.append(grid);
    }
    c.append(face);
  } else {
    c.append(el("div", "mid", sym));
  }
  c.append(br);
  return c;
}

export function backEl(opts = {}) {
  const c = el("div", "card back" + (opts.small ? " small" : "") + (opts.cls ? " " + opts.cls : ""));
  c.setAttribute("aria-hidden", "true");
  return c;
}

// A card code as inline text: rank and coloured symbol (for logs and panels).
export function cardText(code) {
  const p = parts(code);
  if (!p) return el("span", "ctext", code);
  const s = el("span", "ctext" + (RED.has(p.suit) ? " red" : ""));
  s.textContent = p.rank + SUIT_SYMBOL[p.suit];
  s.dataset.card = code;
  return s;
}

// A sentence whose card codes (QS, TH, 10D) are drawn with coloured suit symbols.
export function richText(text) {
  const frag = document.createDocumentFragment();
  let last = 0;
  const s = String(text);
  for (const m of s.matchAll(IN_TEXT_RE)) {
    if (m.index > last) frag.append(s.slice(last, m.index));
    frag.append(cardText(m[0]));
    last = m.index + m[0].length;
  }
  if (last < s.length) frag.append(s.slice(last));
  return frag;
}

// Any plain value (from a view) made readable: cards as cards, lists and objects as short lines.
export function valueEl(v, depth = 0) {
  if (v === null || v === undefined) return document.createTextNode("—");
  if (typeof v === "boolean") return document.createTextNode(v ? "yes" : "no");
  if (typeof v === "number") return document.createTextNode(String(v));
  if (typeof v === "string") return isCard(v) ? cardText(v) : richText(v);
  const span = el("span", "val");
  if (Array.isArray(v)) {
    if (!v.length) return document.createTextNode("—");
    v.forEach((x, i) => {
      if (i) span.append(v.every(isCard) ? " " : ", ");
      span.append(valueEl(x, depth + 1));
    });
    return span;
  }
  const keys = Object.keys(v);
  if (!keys.length) return document.createTextNode("—");
  if ("seat" in v && "card" in v && keys.length <= 3) {
    span.append(v.seat + " ", cardText(v.card));
    return span;
  }
  if ("seat" in v && keys.length === 2) {
    // {seat: "B", said: "call solo"}: "B: call solo"
    const other = keys.find((k) => k !== "seat");
    span.append(el("b", null, String(v.seat)), ": ", valueEl(v[other], depth + 1));
    return span;
  }
  keys.forEach((k, i) => {
    if (i) span.append(depth ? ", " : " · ");
    span.append(el("span", "k", k + " "), valueEl(v[k], depth + 1));
  });
  return span;
}

export function humanKey(k) {
  return String(k).replace(/_/g, " ");
}
