// Small helpers shared by the pages: JSON requests with the room's error messages, a toast, remembered seats.

import { el } from "./cards.js";

export async function api(method, url, body, headers = {}) {
  const init = { method, headers: { ...headers } };
  if (body !== null && body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = typeof body === "string" ? body : JSON.stringify(body);
  }
  const r = await fetch(url, init);
  let data = null;
  try {
    data = await r.json();
  } catch {
    data = null;
  }
  if (!r.ok) {
    const msg = data && data.message ? data.message : `${r.status} ${r.statusText}`;
    const err = new Error(msg);
    err.code = data && data.error;
    throw err;
  }
  return data;
}

let toastTimer = null;
export function toast(text, kind = "info") {
  const t = document.getElementById("toast");
  if (!t) return;
  t.textContent = text;
  t.className = "toast " + kind;
  t.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (t.hidden = true), kind === "error" ? 6000 : 3500);
}

// The seats this browser holds (so the lobby can take you back to them from another tab).
export function rememberSeat(tid, name, token, title) {
  const all = mySeats().filter((s) => s.tid !== tid);
  all.unshift({ tid, name, token, title, at: Date.now() });
  localStorage.setItem("hoyle.seats", JSON.stringify(all.slice(0, 30)));
}

export function mySeats() {
  try {
    const v = JSON.parse(localStorage.getItem("hoyle.seats") || "[]");
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}

export function forgetSeat(tid) {
  localStorage.setItem("hoyle.seats", JSON.stringify(mySeats().filter((s) => s.tid !== tid)));
}

export { el };
