// Boggle in the browser: a timed round, alone or with friends, on /api/games.
"use strict";

const $ = (id) => document.getElementById(id);
const NAME_KEY = "wi-name";
const playerKey = (id) => `wi-boggle-player-${id}`;

const S = {
  id: null, player: null, view: null, faces: [], size: 4,
  qIsQu: true,         // a lone q on the board is the Qu cube (the language's dice print Qu)
  path: [],            // the cells selected by tapping or dragging
  drag: null,          // {cells: [...], moved: bool} while a pointer is down
  endsAt: 0, timer: null, poll: null, live: null, shown: null,
  paths: new Map(),    // once the results are in: each word of the board -> its path (cell numbers)
  spellings: new Map(),  // a word as it plays -> as its players write it (GET /api/check), for lookups
  pinned: null,        // the button of the results' word whose path stays shown (tapped, clicked or Enter)
  turns: 0,            // quarter turns clockwise the board is shown rotated by (a view only: cells keep their numbers)
  starts: null,        // the "where words start" hint: per cell, how many words the player has not found start there
  popWord: null,       // the word just accepted: its line in the list pops in (boggle.css)
  warned: false,       // the last-ten-seconds warning was given this round
  wordPaths: new Map(),  // each word accepted on this page -> the path the server traced (for the used cells)
};

// -- feel: sounds, vibration ------------------------------------------------------
// Sounds are made with the Web Audio API (no files). Browsers let a page play sound only after a
// gesture, so the audio context is made on the first pointer or key press; the toggle is remembered.
const SOUND_KEY = "wi-sound";
const Sound = {ctx: null, on: localStorage.getItem(SOUND_KEY) !== "off"};
// Each sound: notes as [frequency in Hz, start and length in seconds].
const TUNES = {found: [[660, 0, 0.08], [880, 0.08, 0.14]], refused: [[180, 0, 0.2]],
  timeup: [[784, 0, 0.15], [587, 0.18, 0.15], [392, 0.36, 0.3]]};

function unlockSound() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Sound.on || !Context) return;
  try {
    if (!Sound.ctx) Sound.ctx = new Context();
    if (Sound.ctx.state === "suspended") Sound.ctx.resume();
  } catch (error) { Sound.ctx = null; }
}

function play(kind) {
  if (!Sound.on || !Sound.ctx) return;
  const ctx = Sound.ctx, t0 = ctx.currentTime;
  for (const [freq, at, length] of TUNES[kind]) {
    const osc = ctx.createOscillator(), gain = ctx.createGain();
    osc.type = kind === "refused" ? "square" : "sine";
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, t0 + at);
    gain.gain.exponentialRampToValueAtTime(0.12, t0 + at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, t0 + at + length);
    osc.connect(gain).connect(ctx.destination);
    osc.start(t0 + at); osc.stop(t0 + at + length + 0.02);
  }
  document.body.dataset.sound = kind;  // the last sound played (tests read it; nothing is shown)
}

// A short vibration on phones (the toggle silences it with the sound).
function buzz(pattern) { if (Sound.on && navigator.vibrate) navigator.vibrate(pattern); }

function showSound() {
  $("sound").textContent = Sound.on ? "Sound on" : "Sound off";
  $("sound").title = Sound.on ? "Turn the sound and vibration off" : "Turn the sound and vibration on";
}

function toggleSound() {
  Sound.on = !Sound.on;
  localStorage.setItem(SOUND_KEY, Sound.on ? "on" : "off");
  if (Sound.on) unlockSound();
  showSound();
}

// What the board shows when a word is refused: a shake and a colour per reason (boggle.css), a short reason.
const REASONS = {too_short: "Too short", not_a_word: "Not a word", already_found: "Already found",
  not_on_board: "Not on the board"};

function refuse(verdict) {
  const board = $("board"), reason = $("reason");
  clearRefusal();
  void board.offsetWidth;  // restart the shake when the same reason comes twice
  const kind = verdict.replace(/_/g, "-");
  board.classList.add("refused", `refused-${kind}`);
  reason.className = `reason small refused-${kind}`;
  reason.textContent = REASONS[verdict] || verdict;
  play("refused");
  buzz([60, 40, 60]);
}

function clearRefusal() {
  const board = $("board");
  for (const name of [...board.classList]) if (name.startsWith("refused")) board.classList.remove(name);
  $("reason").className = "reason small";
  $("reason").textContent = "";
}

// -- the board --------------------------------------------------------------

// A board string holds one face per letter, a multi-letter face in brackets ([th], Dutch [ij]).
function facesOf(board) { return (board.match(/\[[^\]]+\]|./gu) || []).map((f) => (f.startsWith("[") ? f.slice(1, -1) : f)); }
function label(face) {
  if (face === "q" && S.qIsQu) return "Qu";
  return face === "ij" ? "IJ" : face.charAt(0).toUpperCase() + face.slice(1);  // Dutch capitalises IJ whole
}
function spelled(face) { return face === "q" && S.qIsQu ? "qu" : face; }
function useFaces(language) { S.qIsQu = (language.faces || []).includes("qu"); $("board").lang = language.code; }
function rowCol(cell) { return [Math.floor(cell / S.size), cell % S.size]; }
function adjacent(a, b) {
  const [ra, ca] = rowCol(a), [rb, cb] = rowCol(b);
  return a !== b && Math.abs(ra - rb) <= 1 && Math.abs(ca - cb) <= 1;
}
function wordOf(cells) { return cells.map((c) => spelled(S.faces[c])).join(""); }

function drawBoard() {
  const board = $("board");
  board.style.setProperty("--n", S.size);
  board.replaceChildren();
  S.starts = null;
  for (let cell = 0; cell < S.faces.length; cell++) {
    board.append(el("button", {type: "button", class: "cell", "data-cell": cell, role: "gridcell"}, label(S.faces[cell])));
  }
  placeCells();
}

// Where a cell is shown: its row and column turned S.turns quarter turns clockwise. Rotating only
// moves the buttons (each keeps its data-cell), so paths, adjacency and the server's words are unchanged.
function shownAt(cell) {
  let [r, c] = rowCol(cell);
  for (let turn = 0; turn < S.turns; turn++) [r, c] = [c, S.size - 1 - r];
  return [r, c];
}

// Put the cells in the order they are shown (the grid places them; focus and screen readers follow
// that order too), each labelled with where it is shown and, after the hint, how many words start there.
function placeCells() {
  const nodes = [...$("board").querySelectorAll(".cell")];
  const at = (node) => { const [r, c] = shownAt(Number(node.dataset.cell)); return r * S.size + c; };
  nodes.sort((a, b) => at(a) - at(b));
  $("board").append(...nodes);
  for (const node of nodes) {
    const cell = Number(node.dataset.cell), [r, c] = shownAt(cell);
    let name = `${label(S.faces[cell])}, row ${r + 1}, column ${c + 1}`;
    let count = node.querySelector(".count");
    if (S.starts) {
      const n = S.starts[cell];
      name += `, ${n} word${n === 1 ? "" : "s"} to find start${n === 1 ? "s" : ""} here`;
      if (!count) { count = el("span", {class: "count", "aria-hidden": "true"}); node.append(count); }
      count.textContent = n;
    } else if (count) count.remove();
    node.setAttribute("aria-label", name);
  }
}

function rotate() {
  S.turns = (S.turns + 1) % 4;
  placeCells();
  announce(S.turns ? `The board is turned ${S.turns * 90}° clockwise.` : "The board is back the way it was dealt.");
}

// The cells in the order they are shown (rotated or not).
function cells() { return [...$("board").querySelectorAll(".cell")]; }

function highlight(path, kind) {
  const on = new Set(path);
  for (const node of cells()) {
    const cell = Number(node.dataset.cell);
    node.classList.toggle(kind || "on", on.has(cell));
    if (kind === "show") {  // a shown word's path says its order: each cell's step, from 1
      if (on.has(cell)) node.dataset.step = path.indexOf(cell) + 1; else delete node.dataset.step;
    }
    if (!kind) {
      node.classList.toggle("first", path[0] === cell);
      node.classList.toggle("last", path.length > 1 && path.at(-1) === cell);  // the newest cell lights up
      node.setAttribute("aria-pressed", on.has(cell) ? "true" : "false");
    }
  }
  if (!kind) $("current").textContent = wordOf(path).toUpperCase();
  if (!kind && path.length) clearRefusal();
}

// Cells used by a word the player has found get less emphasis (as in Squaredle), while the round runs.
function markUsed(words) {
  const used = new Set(words.flatMap((w) => S.wordPaths.get(w) || findPath(w)));
  for (const node of cells()) node.classList.toggle("used", used.has(Number(node.dataset.cell)));
}

// The player's words grouped by length: how many of each length found (the API does not say, during
// a round, how many words of each length the board holds, so only what is found is counted).
function showLengths(words) {
  const groups = new Map();
  for (const w of words) {
    const n = [...w].length;
    if (!groups.has(n)) groups.set(n, []);
    groups.get(n).push(w);
  }
  $("by-length").replaceChildren(...[...groups.keys()].sort((a, b) => a - b).map((n) =>
    el("li", {"data-length": n}, el("span", {}, `${n} letters: ${groups.get(n).length} found`),
      el("span", {class: "muted"}, groups.get(n).join(", ")))));
}

// A path for a typed word (the Qu cube spells "qu"): depth-first search, as the server does.
function findPath(word) { return tracePath(playForm(word)); }

// The cells a path spelling ``word`` (in play form) can start from, for the "where words start" hint.
function startsOf(word) {
  return S.faces.map((_, cell) => cell).filter((cell) => tracePath(word, cell).length);
}

// A path spelling ``word`` (in play form), from ``only`` if given, else from the first cell that has one.
function tracePath(word, only) {
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
  for (let cell = only === undefined ? 0 : only; cell < (only === undefined ? n : only + 1); cell++) {
    const path = from(cell, 0, new Set());
    if (path) return path;
  }
  return [];
}

// -- selecting: drag, tap, keyboard ---------------------------------------------

function cellAt(x, y) {
  const node = document.elementFromPoint(x, y);
  const button = node && node.closest ? node.closest(".cell") : null;
  if (!button) return null;
  // Only the middle of a cell counts while dragging, so a diagonal does not catch a neighbour.
  const box = button.getBoundingClientRect();
  const dx = x - (box.left + box.width / 2), dy = y - (box.top + box.height / 2);
  if (Math.hypot(dx, dy) > box.width * 0.45) return null;
  return Number(button.dataset.cell);
}

function playing() { return S.view && !S.view.over && S.player && S.view.you; }

function onPointerDown(event) {
  const button = event.target.closest(".cell");
  if (!button || !playing()) return;
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
  if (cell === path.at(-2)) { path.pop(); }
  else if (!path.includes(cell) && adjacent(path.at(-1), cell)) { path.push(cell); S.drag.moved = true; }
  else return;
  highlight(path);
}

function onPointerUp(event) {
  if (!S.drag) return;
  const drag = S.drag;
  S.drag = null;
  if (drag.moved && drag.cells.length > 1) {
    S.path = [];
    submit(wordOf(drag.cells));
  } else {
    tap(drag.cells[0]);
  }
}

function tap(cell) {
  if (!playing()) return;
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

function onBoardKey(event) {
  const button = event.target.closest(".cell");
  if (!button) return;
  // Arrow keys move where the cells are shown (the board may be rotated).
  const shown = cells().indexOf(button);
  const [r, c] = [Math.floor(shown / S.size), shown % S.size];
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

// -- moves ------------------------------------------------------------------------

const VERDICTS = {
  too_short: (w) => `${w.toUpperCase()} is too short (at least ${S.view.min_length} letters).`,
  not_a_word: (w) => `${w.toUpperCase()} is not in the dictionary.`,
  already_found: (w) => `You already have ${w.toUpperCase()}.`,
  not_on_board: (w) => `${w.toUpperCase()} cannot be traced on this board.`,
};

async function submit(word) {
  word = word.trim().toLowerCase();
  if (!word || !playing()) { highlight([]); return; }
  try {
    const answer = await api(`/api/games/${S.id}/moves`, {move: {player: S.player, word}});
    const event = answer.event;
    S.popWord = event.verdict === "accepted" ? event.word : null;
    if (S.popWord) S.wordPaths.set(event.word, event.path.map(([r, c]) => r * S.size + c));
    show(answer.state);
    S.popWord = null;  // its line keeps the class; a later redraw does not pop it again
    if (event.verdict === "accepted") {
      play("found");
      buzz(30);
      if (S.starts) {  // the hint's counts follow the words found since
        for (const cell of startsOf(event.word)) S.starts[cell] = Math.max(0, S.starts[cell] - 1);
        placeCells();
      }
      announce(`${event.word.toUpperCase()}: ${event.score} point${event.score === 1 ? "" : "s"}.`, "good");
      const path = event.path.map(([r, c]) => r * S.size + c);
      highlight(path);
      setTimeout(() => { if (!S.drag && !S.path.length) highlight([]); }, 500);
      return;
    }
    announce((VERDICTS[event.verdict] || ((w) => `${w}: ${event.verdict}`))(event.word), "bad");
    refuse(event.verdict);
  } catch (error) {
    announce(error.message, "bad");
    if (error.status === 409) refresh();
  }
  highlight([]);
}

async function finish() {
  const move = S.view.multiplayer ? {player: S.player, done: true} : {player: S.player, end: true};
  try { show((await api(`/api/games/${S.id}/moves`, {move})).state); } catch (error) {
    announce(error.message, "bad");
    if (error.status === 409) refresh();  // the round was over already
  }
}

// A hint is a move of the player's own (the server counts it; the results show every player's).
async function hint(kind) {
  if (!playing()) return;
  try {
    const answer = await api(`/api/games/${S.id}/moves`, {move: {player: S.player, hint: kind}});
    const event = answer.event;
    show(answer.state);
    if (kind === "starts") {
      S.starts = event.starts.flat();
      placeCells();
      announce("Each cell shows how many of the words you have not found start there.");
    } else if (event.letters === null) {
      announce("You have found every word on this board.", "good");
    } else {
      const text = `A word you have not found starts with ${event.letters.toUpperCase()}.`;
      $("hint-line").hidden = false;
      $("hint-line").textContent = text;
      announce(text);
    }
  } catch (error) {
    announce(error.message, "bad");
    if (error.status === 409) refresh();  // the round is over
  }
}

// "Hints used: 3 (where words start: 1, first letters: 2)", or "No hints used."
function hintsText(hints) {
  const starts = (hints && hints.starts) || 0, letters = (hints && hints.letters) || 0;
  if (!starts && !letters) return "No hints used.";
  return `Hints used: ${starts + letters} (where words start: ${starts}, first letters: ${letters}).`;
}

async function nextRound() {
  try {
    const answer = await api(`/api/games/${S.id}/moves`, {move: {next: true, player: S.player}});
    window.location.href = withLanguage(`/boggle?game=${encodeURIComponent(answer.event.next)}&auto=1`);
  } catch (error) { announce(error.message, "bad"); }
}

// -- showing the round -----------------------------------------------------------

function minutesText(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function tick() {
  const left = (S.endsAt - Date.now()) / 1000;
  $("timer").textContent = minutesText(left);
  const running = S.view && !S.view.over;
  $("timer").classList.toggle("warn", Boolean(running && left > 0 && left <= 10));
  if (running && left > 0 && left <= 10 && !S.warned) {
    S.warned = true;
    $("timer-note").textContent = "Ten seconds left!";
  }
  if (left <= 0 && S.view && !S.view.over) {
    if (S.warned) play("timeup");  // once, when the clock runs out in front of the player
    clearInterval(S.timer); S.timer = null;
    setTimeout(refresh, 300);
  }
}

function show(view) {
  const first = !S.view || S.view.board !== view.board;
  S.view = view;
  S.faces = facesOf(view.board); S.size = view.size;
  if (first) drawBoard();
  $("setup").hidden = true;
  $("game").hidden = false;
  S.endsAt = Date.now() + view.seconds_left * 1000;
  if (!view.over && !S.timer) S.timer = setInterval(tick, 250);
  tick();
  // The player's words and score are the server's (wordindex/boggle/scores.py), never summed here: while
  // the round runs every word counts "so far"; once the results are in they are the scoreboard's row.
  const you = view.you;
  const found = $("found");
  // Once the results are in, each word shows its path when tapped and has its dictionary link.
  const word = (w) => view.results ? resultWord(w.word, w.shared ? struck(w.word) : w.word, w.shared ? `${w.word}, ${SHARED_NOTE}` : `${w.word}, ${points(w.score)}`) : (w.shared ? struck(w.word) : w.word);
  found.replaceChildren(...(you ? you.words : []).slice().reverse().map((w) => w.shared
    ? el("li", {class: "shared", "data-word": w.word}, word(w), el("span", {class: "muted"}, `0 (${SHARED_NOTE})`))
    : el("li", {class: w.word === S.popWord && !view.over ? "pop" : "", "data-word": w.word},
      el("span", {}, word(w)), el("span", {class: "muted"}, `${w.score}`))));
  const mine = you ? you.words.map((w) => w.word) : [];
  showLengths(mine);
  markUsed(view.over ? [] : mine);
  const soFar = you && view.multiplayer && !view.results ? " so far" : "";
  $("score-line").textContent = you ? `${you.words.length} word${you.words.length === 1 ? "" : "s"}, ${points(you.score)}${soFar}` : "watching";
  $("score-line").title = soFar ? "at the end, a word another player found too scores for neither of you" : "";
  $("share").hidden = !view.multiplayer;
  if (view.multiplayer) {
    const link = `${location.origin}${withLanguage(`/boggle?game=${S.id}`)}`;
    $("share-link").href = link; $("share-link").textContent = link;
    $("players-line").textContent = "Players: " + (view.players.map((p) => `${p.name} (${p.words})`).join(", ") || "none yet");
  }
  for (const id of ["word", "done", "hint-starts", "hint-letters"]) $(id).disabled = view.over || !you;
  $("entry").hidden = $("entry-help").hidden = view.over || !you;
  $("hint-starts").hidden = $("hint-letters").hidden = view.over || !you;
  if (view.over) $("hint-line").hidden = true;
  if (view.over) showResults(view);
}

// What a struck word says (the same words as the library's scores.SHARED_NOTE and the terminal's).
const SHARED_NOTE = "found by another player too: no points";
function points(n) { return `${n} point${n === 1 ? "" : "s"}`; }
function struck(word) { return el("s", {title: SHARED_NOTE}, word, el("span", {class: "sr-only"}, ` (${SHARED_NOTE})`)); }

// -- the results' words: tap one to see its path, follow its link to look it up --------------

// Where a word is looked up: its language's Wiktionary, under the word as its players write it.
function lookupHref(word) {
  const code = ((LANG.info || ENGLISH).code || "en").split("-")[0];
  return `https://${code}.wiktionary.org/wiki/${encodeURIComponent(S.spellings.get(word) || word)}`;
}

function lookupLink(word) {
  const name = `Look up ${S.spellings.get(word) || word} in Wiktionary (opens in a new tab)`;
  return el("a", {class: "lookup", href: lookupHref(word), target: "_blank", rel: "noopener",
    "data-word": word, "aria-label": name, title: name}, "↗");
}

function pathOf(word) { return S.paths.get(word) || findPath(word); }

// Show a word's path on the board (hover and focus show it for a while; a tap or click keeps it).
function showWord(button) {
  for (const node of document.querySelectorAll("#results button.word.shown, #found button.word.shown")) node.classList.remove("shown");
  button.classList.add("shown");
  highlight(pathOf(button.dataset.word), "show");
}
function unshowWord(button) {
  button.classList.remove("shown");
  if (S.pinned && S.pinned.isConnected) showWord(S.pinned); else highlight([], "show");
}
function pinWord(button) {
  S.pinned = button;
  for (const node of document.querySelectorAll("button.word[aria-pressed=true]")) node.setAttribute("aria-pressed", "false");
  button.setAttribute("aria-pressed", "true");
  showWord(button);
}

// A word of the results as a button that shows its path (hover, focus; a tap or click keeps it shown).
function wordButton(word, content, name) {
  const button = el("button", {type: "button", class: "link word", "data-word": word, "aria-pressed": "false",
    "aria-label": `${name}; show its path`,
    onmouseenter: () => showWord(button), onmouseleave: () => unshowWord(button),
    onfocus: () => showWord(button), onblur: () => unshowWord(button), onclick: () => pinWord(button)}, content);
  return button;
}

// A word of the player's list or of the board's: its button, what follows it (who found it), its lookup link.
function resultWord(word, content, name, after) {
  return el("span", {class: "result-word"}, wordButton(word, content, name), after || "", lookupLink(word));
}

// How the list writes the results' words (été for ete, Haus for haus), so each lookup finds its page.
async function learnSpellings(words) {
  const asked = words.filter((w) => !S.spellings.has(w));
  for (let at = 0; at < asked.length; at += 100) {
    const query = new URLSearchParams(asked.slice(at, at + 100).map((w) => ["word", w]));
    if (LANG.code) query.set("language", LANG.code);
    let answer;
    try { answer = await api(`/api/check?${query}`); } catch (error) { return; }  // the links keep the word
    for (const fact of answer) {
      if (fact.spellings && fact.spellings.length) S.spellings.set(fact.word, fact.spellings[0]);
    }
  }
  for (const link of document.querySelectorAll("a.lookup")) {
    const word = link.dataset.word, name = `Look up ${S.spellings.get(word) || word} in Wiktionary (opens in a new tab)`;
    link.href = lookupHref(word);
    link.setAttribute("aria-label", name); link.title = name;
  }
}

const NARROW = "(max-width: 700px)";

function showResults(view) {
  if (S.timer) { clearInterval(S.timer); S.timer = null; }
  if (S.poll) { clearInterval(S.poll); S.poll = null; }
  if (S.live && view.results) { S.live.close(); S.live = null; }
  $("timer").textContent = "0:00";
  $("timer").classList.remove("warn");
  highlight([]);
  clearRefusal();
  if (S.starts) { S.starts = null; placeCells(); }
  const results = view.results;
  // The results (every word on the board) come once no late word can count: ask again shortly.
  if (!results) { if (!S.live) setTimeout(refresh, 1000); return; }
  const firstTime = $("results").hidden;
  $("results").hidden = false;
  const main = document.querySelector("main");
  main.classList.add("over");  // on a phone the results come first (boggle.css), the board small below
  main.style.setProperty("--board-n", S.size);
  S.paths = new Map(results.words.map((w) => [w.word, w.path.map(([r, c]) => r * S.size + c)]));
  const board = $("scoreboard");
  board.replaceChildren(...results.players.map((p) => el("div", {class: "player"},
    el("h3", {}, `${p.name}: ${points(p.score)}`),
    el("p", {class: "muted small hints-used"}, hintsText(p.hints)),
    el("p", {}, ...p.words.flatMap((w, i) => [i ? ", " : "", w.shared
      ? wordButton(w.word, struck(w.word), `${w.word}, ${SHARED_NOTE}`)
      : [wordButton(w.word, w.word, `${w.word}, ${points(w.score)}`), ` ${w.score}`]]),
      p.words.length ? "" : "no words"))));
  const anyShared = results.players.some((p) => p.words.some((w) => w.shared));
  $("shared-note").hidden = !anyShared;
  $("scoreboard-card").hidden = results.players.length === 0;
  const mine = new Set(view.you ? view.you.words.map((w) => w.word) : []);
  const shared = new Set(results.players.flatMap((p) => p.words.filter((w) => w.shared).map((w) => w.word)));
  const foundCount = results.words.length - results.missed;
  $("all-summary").textContent = `${results.count} words, ${results.score} points on this board; ${foundCount} found, ${results.missed} missed (in italics). Tap, hover or focus a word to see its path on the board; ↗ looks it up in Wiktionary.`;
  $("all-words").replaceChildren(...results.words.map((w) => {
    const who = (w.found_by.length ? ` (${w.found_by.join(", ")})` : " (missed)") + (shared.has(w.word) ? `, ${SHARED_NOTE}` : "");
    return el("li", {class: (w.found_by.length ? "found" : "missed") + (mine.has(w.word) ? " mine" : "")},
      resultWord(w.word, w.word, `${w.word}, ${w.score} points${who}`,
        w.found_by.length && view.multiplayer ? el("span", {class: "muted", "aria-hidden": "true"}, `(${w.found_by.join(", ")})`) : ""),
      el("span", {class: "muted"}, shared.has(w.word) ? el("s", {title: SHARED_NOTE}, w.score) : w.score));
  }));
  if (S.pinned && !S.pinned.isConnected) {  // the lists were drawn again: keep the tapped word's path shown
    const again = document.querySelector(`#found button.word[data-word="${CSS.escape(S.pinned.dataset.word)}"], #results button.word[data-word="${CSS.escape(S.pinned.dataset.word)}"]`);
    S.pinned = null;
    if (again) pinWord(again);
  }
  if (firstTime) {
    learnSpellings(results.words.map((w) => w.word));
    if (window.matchMedia(NARROW).matches) $("status").scrollIntoView({block: "start"});
  }
  const q = new URLSearchParams({board: view.board, seconds: view.seconds, rules: view.rules});
  $("replay").href = withLanguage(`/boggle?${q}`);
  $("next-round").hidden = !view.multiplayer;
  if (view.next) $("next-round").textContent = "Go to the next round";
  const lost = view.you ? view.you.words.filter((w) => w.shared).length : 0;
  const yours = !view.you ? "" : `You scored ${points(view.you.score)}` +
    (lost ? ` (${lost} word${lost === 1 ? "" : "s"} struck out: found by another player too).` : ".");
  const used = view.you && view.you.hints ? view.you.hints.starts + view.you.hints.letters : 0;
  announce(`The round is over. ${yours}` + (used ? ` You used ${used} hint${used === 1 ? "" : "s"}.` : ""));
}

async function refresh() {
  try {
    const query = S.player ? `?player=${encodeURIComponent(S.player)}` : "";
    const answer = await api(`/api/games/${S.id}${query}`);
    show(answer.state);
    if (!answer.state.over && !S.timer) S.timer = setInterval(tick, 250);
  } catch (error) { announce(error.message, "bad"); }
}

// -- starting and joining ------------------------------------------------------

async function join(name) {
  const answer = await api(`/api/games/${S.id}/moves`, {move: {join: name}});
  S.player = answer.event.joined;
  localStorage.setItem(playerKey(S.id), S.player);
  localStorage.setItem(NAME_KEY, name);
  $("join").hidden = true;
  show(answer.state);
  startPolling();
  $("word").focus();
  announce(`Go! Find words on the board, ${answer.event.name}.`);
}

// Other players' progress and the round's end arrive as server-sent events (web/live.py); where
// the browser has no EventSource, or the stream fails, the page polls every 2 seconds instead.
function startPolling() {
  if (!S.view || !S.view.multiplayer || S.poll || S.live) return;
  if (window.EventSource) {
    const query = S.player ? `?player=${encodeURIComponent(S.player)}` : "";
    S.live = new EventSource(`/api/games/${S.id}/events${query}`);
    document.body.dataset.live = "push";
    S.live.addEventListener("state", (message) => show(JSON.parse(message.data).state));
    S.live.onerror = () => {
      if (S.view && S.view.over && S.view.results) { S.live.close(); return; }  // the stream ended
      if (S.live.readyState === EventSource.CLOSED) { S.live = null; pollEvery2s(); }
    };
    return;
  }
  pollEvery2s();
}

function pollEvery2s() {
  document.body.dataset.live = "poll";
  if (!S.poll) S.poll = setInterval(() => { if (!S.view.over) refresh(); }, 2000);
}

async function start(event) {
  event.preventDefault();
  const p = params();
  const body = {game: "boggle", size: Number($("size").value), rules: $("rules").value,
    seconds: Math.round(Number($("minutes").value) * 60), multiplayer: $("multi").checked};
  if (p.get("board")) { body.board = p.get("board"); delete body.size; }
  else if (p.get("seed")) body.seed = Number(p.get("seed"));
  try {
    const created = await api("/api/games", inLanguage(body));
    S.id = created.id;
    useFaces(useLanguage(created.language));
    history.replaceState(null, "", withLanguage(`/boggle?game=${encodeURIComponent(S.id)}`));
    await join(($("name").value || "").trim() || "Player");
  } catch (error) { announce(error.message, "bad"); }
}

async function open(id) {
  S.id = id;
  S.player = localStorage.getItem(playerKey(id));
  try {
    const query = S.player ? `?player=${encodeURIComponent(S.player)}` : "";
    const answer = await api(`/api/games/${encodeURIComponent(id)}${query}`);
    useFaces(useLanguage(answer.language));
    const view = answer.state;
    if (view.you) { show(view); startPolling(); return; }
    S.player = null;
    if (!view.over && view.multiplayer) {
      const name = localStorage.getItem(NAME_KEY);
      if (name && params().get("auto")) { await join(name); return; }
      $("join").hidden = false;
      $("join-info").textContent = `${view.size}×${view.size} board, ${minutesText(view.seconds)} minutes; players so far: ${view.players.map((p) => p.name).join(", ") || "none"}.`;
      $("join-name").value = name || "";
      $("join-name").focus();
      return;
    }
    show(view);
  } catch (error) {
    announce(error.message, "bad");
    $("setup").hidden = false;
  }
}

function setUp() {
  const p = params();
  $("name").value = localStorage.getItem(NAME_KEY) || "";
  if (p.get("seconds")) $("minutes").value = Number(p.get("seconds")) / 60;
  if (p.get("rules")) $("rules").value = p.get("rules");
  if (p.get("size")) $("size").value = p.get("size");
  if (p.get("multi")) $("multi").checked = true;
  const fixed = p.get("board") ? `the board ${p.get("board").toUpperCase()}` : p.get("seed") ? `seed ${p.get("seed")}` : null;
  if (fixed) { $("fixed-board").hidden = false; $("fixed-board").textContent = `Replaying ${fixed} from the link.`; $("size").disabled = !!p.get("board"); }
  $("setup").hidden = false;
}

async function main() {
  useFaces(await languagePicker());
  const board = $("board");
  board.addEventListener("pointerdown", onPointerDown);
  board.addEventListener("pointermove", onPointerMove);
  board.addEventListener("pointerup", onPointerUp);
  board.addEventListener("pointercancel", () => { S.drag = null; highlight(S.path); });
  board.addEventListener("click", onBoardClick);
  board.addEventListener("keydown", onBoardKey);
  $("setup").addEventListener("submit", start);
  $("join").addEventListener("submit", (event) => { event.preventDefault(); join($("join-name").value.trim()).catch((e) => announce(e.message, "bad")); });
  $("entry").addEventListener("submit", (event) => {
    event.preventDefault();
    const typed = $("word").value;
    $("word").value = "";
    if (typed.trim()) { S.path = []; submit(typed); }
    else if (S.path.length) { const path = S.path; S.path = []; submit(wordOf(path)); }
  });
  $("word").addEventListener("input", () => { S.path = []; highlight(findPath($("word").value.replace(/\s/g, ""))); });
  $("clear").addEventListener("click", () => { S.path = []; $("word").value = ""; highlight([]); });
  $("done").addEventListener("click", finish);
  $("next-round").addEventListener("click", nextRound);
  $("rotate").addEventListener("click", rotate);
  $("hint-starts").addEventListener("click", () => hint("starts"));
  $("hint-letters").addEventListener("click", () => hint("letters"));
  $("sound").addEventListener("click", toggleSound);
  showSound();
  document.addEventListener("pointerdown", unlockSound, true);  // the first gesture lets the page sound
  document.addEventListener("keydown", unlockSound, true);
  document.addEventListener("keydown", (event) => {  // R rotates the board, unless typing in a field
    const typing = event.target.closest && event.target.closest("input, textarea, select, [contenteditable]");
    if ((event.key === "r" || event.key === "R") && !typing && !event.ctrlKey && !event.metaKey && !event.altKey && S.view) {
      event.preventDefault();
      rotate();
    }
  });
  const id = params().get("game");
  if (id) open(id); else setUp();
}

main();
