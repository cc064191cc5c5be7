// Replay a record in the browser, step by step, every hand face up.

import { eventLine, renderDetails, renderFelt, renderLastTrick, renderScore } from "./felt.js";
import { richText } from "./cards.js";
import { api, el, toast } from "./common.js";

const $ = (id) => document.getElementById(id);
const R = { data: null, i: 0, timer: null };

function meta() {
  return { scores: R.data.steps[R.i].scores, over: R.i === R.data.steps.length - 1 && R.data.over };
}

function show(i) {
  const steps = R.data.steps;
  R.i = Math.max(0, Math.min(i, steps.length - 1));
  const st = steps[R.i];
  const m = meta();
  renderFelt($("felt"), { view: st.view, meta: m, seat: null, legal: [], hands: st.hands, mode: "replay",
    fresh: new Set(st.action && st.action.startsWith("play ") ? [st.action.slice(5)] : []) });
  renderScore($("score"), st.view, m);
  renderLastTrick($("lasttrick"), st.view, m);
  renderDetails($("details"), st.view);
  $("slider").value = String(R.i);
  const info = $("stepinfo");
  info.replaceChildren(`Step ${R.i} of ${steps.length - 1}`);
  if (st.action) info.append(" · ", el("b", null, st.actor || ""), " ", richText(st.action));
  // The log: every event up to this step, the newest at the bottom.
  const log = $("log");
  log.replaceChildren();
  const from = Math.max(0, R.i - 80);
  if (from > 0) log.append(el("li", "ev muted", "…"));
  for (let k = from; k <= R.i; k++) for (const e of steps[k].events) if (e.kind !== "play") log.append(eventLine(e));
  log.scrollTop = log.scrollHeight;
}

function play() {
  if (R.timer) {
    clearInterval(R.timer);
    R.timer = null;
    $("play").textContent = "Play";
    return;
  }
  $("play").textContent = "Pause";
  R.timer = setInterval(() => {
    if (R.i >= R.data.steps.length - 1) return play();
    show(R.i + 1);
  }, 700);
}

function begin(data) {
  R.data = data;
  $("loadbox").hidden = true;
  $("controls").hidden = false;
  $("main").hidden = false;
  $("title").textContent = `Replay: ${String(data.title).split(/[:(,]/)[0].trim()}`;
  const bits = [];
  if (data.table) bits.push(`table ${data.table}`);
  if (data.deal) bits.push(`deal ${data.deal}`);
  bits.push(`${data.steps.length - 1} actions`);
  bits.push(data.over ? "finished" : "in progress");
  $("subtitle").textContent = "· " + bits.join(" · ");
  $("slider").max = String(data.steps.length - 1);
  show(data.start_at || 0);
}

$("first").onclick = () => show(0);
$("prev").onclick = () => show(R.i - 1);
$("next").onclick = () => show(R.i + 1);
$("last").onclick = () => show(R.data.steps.length - 1);
$("play").onclick = play;
$("slider").oninput = (e) => show(Number(e.target.value));
document.addEventListener("keydown", (e) => {
  if (!R.data || e.target.tagName === "TEXTAREA" || e.target.tagName === "INPUT" && e.target.type !== "range") return;
  if (e.key === "ArrowRight") show(R.i + 1);
  else if (e.key === "ArrowLeft") show(R.i - 1);
  else if (e.key === "Home") show(0);
  else if (e.key === "End") show(R.data.steps.length - 1);
  else if (e.key === " ") {
    e.preventDefault();
    play();
  } else return;
  e.preventDefault();
});

async function upload(text) {
  try {
    begin(await api("POST", "/api/replay", text));
  } catch (err) {
    toast(err.message, "error");
  }
}

$("go").onclick = () => upload($("text").value);
$("file").onchange = async (e) => {
  const f = e.target.files[0];
  if (f) upload(await f.text());
};

const q = new URLSearchParams(location.search);
if (q.get("table")) {
  const deal = q.get("deal");
  api("GET", `/api/tables/${encodeURIComponent(q.get("table"))}/replay${deal ? `?deal=${encodeURIComponent(deal)}` : ""}`)
    .then(begin)
    .catch((err) => {
      $("loadbox").hidden = false;
      toast(err.message, "error");
    });
} else {
  $("loadbox").hidden = false;
}
