// Today's puzzle in the browser: the day's board (GET /api/daily?solve=true, fetched once), played
// untimed against its word lists without further requests; progress kept in localStorage per day
// and language, and a result to share that gives no word away.
"use strict";

const $ = (id) => document.getElementById(id);

const S = {
  day: null,           // the answer of /api/daily?solve=true
  faces: [], size: 4,
  qIsQu: true,         // a lone q on the board is the Qu cube (the language's dice print Qu)
  path: [],            // the cells selected by tapping
  drag: null,          // {cells: [...], moved: bool} while a pointer is down
  main: new Map(),     // main word -> {word, score, path}
  bonus: new Map(),    // bonus word -> {word, score, path}
  found: [],           // the words found, in the order found
};

// -- the board (as on the Boggle page) -------------------------------------------

function facesOf(board) { return (board.match(/\[[^\]]+\]|./gu) || []).map((f) => (f.startsWith("[") ? f.slice(1, -1) : f)); }
function label(face) {
  if (face === "q" && S.qIsQu) return "Qu";
  return face === "ij" ? "IJ" : face.charAt(0).toUpperCase() + face.slice(1);
}
function spelled(face) { return face === "q" && S.qIsQu ? "qu" : face; }
function rowCol(cell) { return [Math.floor(cell / S.size), cell % S.size]; }
function adjacent(a, b) {
  const [ra, ca] = rowCol(a), [rb, cb] = rowCol(b);
  return a !== b && Math.abs(ra - rb) <= 1 && Math.abs(ca - cb) <= 1;
}
function wordOf(cells) { return cells.map((c) => spelled(S.faces[c])).join(""); }
function cells() { return [...$("board").querySelectorAll(".cell")]; }

function drawBoard() {
  const board = $("board");
  board.style.setProperty("--n", S.size);
  board.replaceChildren(...S.faces.map((face, cell) => {
    const [r, c] = rowCol(cell);
    return el("button", {type: "button", class: "cell", "data-cell": cell, role: "gridcell",
      "aria-label": `${label(face)}, row ${r + 1}, column ${c + 1}`}, label(face));
  }));
}

function highlight(path) {
  const on = new Set(path);
  for (const node of cells()) {
    const cell = Number(node.dataset.cell);
    node.classList.toggle("on", on.has(cell));
    node.classList.toggle("first", path[0] === cell);
    node.setAttribute("aria-pressed", on.has(cell) ? "true" : "false");
  }
  $("current").textContent = wordOf(path).toUpperCase();
}

// A path spelling ``word`` (in play form): depth-first search, as the server does.
function tracePath(word) {
  const n = S.faces.length;
  function from(cell, at, used) {
    const s = spelled(S.faces[cell]);
    if (!word.startsWith(s, at)) return null;
    if (at + s.length === word.length) return [cell];
    used.add(cell);
    for (let next = 0; next < n; next++) {
      if (!used.has(next) && adjacent(cell, next)) {
        const rest = from(next, at + s.length, used);
        if (rest) { used.delete(cell); return [cell, ...rest]; }
      }
    }
    used.delete(cell);
    return null;
  }
  if (!word) return [];
  for (let cell = 0; cell < n; cell++) {
    const path = from(cell, 0, new Set());
    if (path) return path;
  }
  return [];
}

function cellAt(x, y) {
  const node = document.elementFromPoint(x, y);
  const button = node && node.closest ? node.closest(".cell") : null;
  if (!button) return null;
  // Only the middle of a cell counts while dragging, so a diagonal does not catch a neighbour.
  const box = button.getBoundingClientRect();
  if (Math.hypot(x - (box.left + box.width / 2), y - (box.top + box.height / 2)) > box.width * 0.45) return null;
  return Number(button.dataset.cell);
}

function onPointerDown(event) {
  const button = event.target.closest(".cell");
  if (!button || !S.day) return;
  event.preventDefault();
  $("board").setPointerCapture(event.pointerId);
  S.drag = {cells: [Number(button.dataset.cell)], moved: false};
  if (!S.path.length) highlight(S.drag.cells);
}

function onPointerMove(event) {
  if (!S.drag) return;
  const cell = cellAt(event.clientX, event.clientY);
  if (cell === null) return;
  const path = S.drag.cells;
  if (cell === path.at(-1)) return;
  if (cell === path.at(-2)) path.pop();
  else if (!path.includes(cell) && adjacent(path.at(-1), cell)) { path.push(cell); S.drag.moved = true; }
  else return;
  highlight(path);
}

function onPointerUp() {
  if (!S.drag) return;
  const drag = S.drag;
  S.drag = null;
  if (drag.moved && drag.cells.length > 1) { S.path = []; submit(wordOf(drag.cells)); }
  else tap(drag.cells[0]);
}

function tap(cell) {
  const path = S.path;
  if (path.length && cell === path.at(-1)) { S.path = []; submit(wordOf(path)); return; }
  const at = path.indexOf(cell);
  if (at >= 0) S.path = path.slice(0, at + 1);
  else if (path.length && adjacent(path.at(-1), cell)) S.path = path.concat([cell]);
  else S.path = [cell];
  highlight(S.path);
}

function onBoardClick(event) {
  // Pointer taps are handled on pointerup; a click with detail 0 comes from the keyboard.
  const button = event.target.closest(".cell");
  if (button && event.detail === 0) tap(Number(button.dataset.cell));
}

// Arrow keys move between cells, Space or Enter adds one (a keyboard click), Escape clears.
function onBoardKey(event) {
  const button = event.target.closest(".cell");
  if (!button) return;
  const [r, c] = rowCol(Number(button.dataset.cell));
  const moves = {ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1]};
  if (moves[event.key]) {
    event.preventDefault();
    const nr = Math.min(S.size - 1, Math.max(0, r + moves[event.key][0]));
    const nc = Math.min(S.size - 1, Math.max(0, c + moves[event.key][1]));
    cells()[nr * S.size + nc].focus();
  } else if (event.key === "Escape") {
    S.path = []; highlight([]);
  }
}

// -- playing: every check is local, against the day's lists -------------------------------

function points(n) { return `${n} point${n === 1 ? "" : "s"}`; }

function submit(typed) {
  const word = playForm(typed.trim());
  if (!word || !S.day) { highlight([]); return; }
  const entry = S.main.get(word) || S.bonus.get(word);
  const W = word.toUpperCase();
  if (S.found.includes(word)) announce(`You already have ${W}.`, "bad");
  else if (entry) {
    const wasComplete = complete();
    S.found.push(word);
    save();
    const kind = S.main.has(word) ? "" : " (bonus word)";
    announce(`${W}: ${points(entry.score)}${kind}.`, "good");
    highlight(entry.path.map(([r, c]) => r * S.size + c));
    setTimeout(() => { if (!S.drag && !S.path.length) highlight([]); }, 500);
    render();
    if (!wasComplete && complete()) announce(`${W}: you found every main word. Today's puzzle is complete!`, "good");
    return;
  } else if ([...word].length < S.day.min_length) announce(`${W} is too short (at least ${S.day.min_length} letters).`, "bad");
  else if (!tracePath(word).length) announce(`${W} cannot be traced on this board.`, "bad");
  else announce(`${W} is not in the dictionary.`, "bad");
  highlight([]);
}

function complete() { return S.main.size > 0 && [...S.main.keys()].every((w) => S.found.includes(w)); }

function storageKey() { return `wi-daily-${S.day.language}-${S.day.date}`; }
function save() { localStorage.setItem(storageKey(), JSON.stringify({found: S.found})); }
function load() {
  try {
    const kept = JSON.parse(localStorage.getItem(storageKey()) || "{}");
    // Only words of this day's lists count (a stale or edited entry is dropped).
    S.found = (kept.found || []).filter((w, i, all) => (S.main.has(w) || S.bonus.has(w)) && all.indexOf(w) === i);
  } catch (error) { S.found = []; }
}

function wordItem(word) {
  const entry = S.main.get(word) || S.bonus.get(word);
  return el("li", {}, el("span", {}, word), el("span", {class: "muted"}, entry.score));
}

function render() {
  const mainFound = S.found.filter((w) => S.main.has(w)).reverse();  // newest first
  const bonusFound = S.found.filter((w) => S.bonus.has(w)).reverse();
  $("main-found").replaceChildren(...mainFound.map(wordItem));
  $("bonus-found").replaceChildren(...bonusFound.map(wordItem));
  const progress = `${mainFound.length} of ${S.main.size} main words`;
  $("progress").textContent = complete() ? `${progress}: complete!` : progress;
  $("progress").className = complete() ? "complete" : "muted";
  $("main-summary").textContent = `${mainFound.length} of ${S.main.size} found`;
  $("bonus-summary").textContent = S.day.levelled ? `${bonusFound.length} of ${S.bonus.size} found` :
    "This dictionary has no levels: every word is a main word.";
  $("share-text").value = shareText(S.day, S.found, new Date(), shareLink());
}

// -- the result to share ----------------------------------------------------------------

// The buckets of main-word lengths the share grid has a square for: each length up to 7, then 8+.
const LONG = 8;
function bucketOf(word) { return Math.min([...word].length, LONG); }

// One square per bucket of main-word length that has words: 🟩 all found, 🟨 some, ⬜ none.
// Only counts per length go out, never a letter of a word.
function progressGrid(mainWords, found) {
  const have = new Set(found);
  const buckets = new Map();
  for (const {word} of mainWords) {
    const b = bucketOf(word);
    const [n, got] = buckets.get(b) || [0, 0];
    buckets.set(b, [n + 1, got + (have.has(word) ? 1 : 0)]);
  }
  return [...buckets.keys()].sort((a, b) => a - b).map((b) => {
    const [n, got] = buckets.get(b);
    return got === n ? "🟩" : got > 0 ? "🟨" : "⬜";
  }).join("");
}

// Hours and minutes from ``now`` to the next midnight UTC (when the next puzzle comes).
function untilNext(now) {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  const minutes = Math.ceil((next - now.getTime()) / 60000);
  return `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, "0")}m`;
}

// The text to share: pure, so a test can give it a fixed day, words and clock.
function shareText(day, found, now, link) {
  const have = new Set(found);
  const main = day.main_words.filter((w) => have.has(w.word));
  const bonus = day.bonus_words.filter((w) => have.has(w.word));
  const score = [...main, ...bonus].reduce((sum, w) => sum + w.score, 0);
  const done = main.length === day.main_words.length && main.length > 0;
  return [
    `wordindex daily #${day.day} (${day.date})${done ? " complete!" : ""}`,
    `${main.length}/${day.main_words.length} main words, ${bonus.length} bonus, ${points(score)}`,
    progressGrid(day.main_words, found),
    link,
    `Next puzzle in ${untilNext(now)}`,
  ].join("\n");
}

function shareLink() {
  const url = new URL("/daily", window.location.origin);
  url.searchParams.set("date", S.day.date);
  if (LANG.code) url.searchParams.set("language", LANG.code);
  return url.href;
}

async function copyShare() {
  const text = shareText(S.day, S.found, new Date(), shareLink());
  $("share-text").value = text;
  try {
    await navigator.clipboard.writeText(text);
    $("copied").textContent = "Copied.";
  } catch (error) {  // no clipboard API (not a secure context, or refused): select the text to copy by hand
    const area = $("share-text");
    area.focus();
    area.select();
    let copied = false;
    try { copied = document.execCommand("copy"); } catch (e) { copied = false; }
    $("copied").textContent = copied ? "Copied." : "Selected: copy it with Ctrl+C (⌘C).";
  }
}

// -- start ---------------------------------------------------------------------------

async function main() {
  const language = await languagePicker();
  S.qIsQu = (language.faces || []).includes("qu");
  const query = new URLSearchParams({solve: "true"});
  if (params().get("date")) query.set("date", params().get("date"));
  if (LANG.code) query.set("language", LANG.code);
  try {
    S.day = await api(`/api/daily?${query}`);
  } catch (error) {
    announce(error.message, "bad");
    return;
  }
  S.faces = facesOf(S.day.board); S.size = S.day.rows.length;
  S.main = new Map(S.day.main_words.map((w) => [w.word, w]));
  S.bonus = new Map(S.day.bonus_words.map((w) => [w.word, w]));
  $("board").lang = S.day.language;
  $("title").textContent = `#${S.day.day} · ${S.day.date}`;
  drawBoard();
  load();
  render();
  $("game").hidden = false;
  announce(complete() ? "You found every main word. Today's puzzle is complete!" :
    `Find the ${S.main.size} main words; ${S.bonus.size} rarer words are bonus words.`, complete() ? "good" : "");
  setInterval(() => { $("share-text").value = shareText(S.day, S.found, new Date(), shareLink()); }, 30000);
}

const board = $("board");
board.addEventListener("pointerdown", onPointerDown);
board.addEventListener("pointermove", onPointerMove);
board.addEventListener("pointerup", onPointerUp);
board.addEventListener("pointercancel", () => { S.drag = null; highlight(S.path); });
board.addEventListener("click", onBoardClick);
board.addEventListener("keydown", onBoardKey);
$("entry").addEventListener("submit", (event) => {
  event.preventDefault();
  const typed = $("word").value;
  $("word").value = "";
  if (typed.trim()) { S.path = []; submit(typed); }
  else if (S.path.length) { const path = S.path; S.path = []; submit(wordOf(path)); }
});
$("word").addEventListener("input", () => { S.path = []; highlight(tracePath(playForm($("word").value.replace(/\s/g, "")))); });
$("clear").addEventListener("click", () => { S.path = []; $("word").value = ""; highlight([]); });
$("copy").addEventListener("click", copyShare);
main();
