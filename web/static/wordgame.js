// The MIT 6.0001 word game in the browser, through /api/games (session moves with actions).
"use strict";

const $ = (id) => document.getElementById(id);
// English Scrabble values, used only when the server's list of languages cannot be read.
const ENGLISH_VALUES = {a: 1, b: 3, c: 3, d: 2, e: 1, f: 4, g: 2, h: 4, i: 1, j: 8, k: 5, l: 1, m: 3, n: 1, o: 1, p: 3,
  q: 10, r: 1, s: 1, t: 1, u: 1, v: 4, w: 4, x: 8, y: 4, z: 10, "*": 0};
const W = {id: null, view: null, chosen: null, values: ENGLISH_VALUES};

// The tiles' letters and values are the game's language's (its Scrabble edition's values).
function useTiles(language) {
  W.values = Object.keys(language.tile_values || {}).length ? language.tile_values : ENGLISH_VALUES;
  $("tiles").lang = language.code;
}

function drawTiles(view) {
  const letters = [...view.hand];
  $("tiles").replaceChildren(...letters.map((letter) => {
    const wild = letter === "*";
    const tile = el("button", {type: "button", class: "tile" + (wild ? " wild" : ""),
      "aria-label": wild ? "wildcard, any vowel, 0 points" : `${letter.toUpperCase()}, ${W.values[letter]} point${W.values[letter] === 1 ? "" : "s"}`,
      "aria-pressed": W.chosen === letter ? "true" : "false",
      onclick: () => pick(letter)}, letter, el("span", {class: "value", "aria-hidden": "true"}, W.values[letter] ?? ""));
    return tile;
  }));
}

function pick(letter) {
  if (W.view.phase === "substitute") {
    if (letter === "*") { announce("The wildcard cannot be substituted.", "bad"); return; }
    W.chosen = letter;
    $("sub-letter").textContent = letter.toUpperCase();
    $("do-substitute").disabled = false;
    drawTiles(W.view);
  } else if (W.view.phase === "play") {
    $("word").value += letter;
    $("word").focus();
  }
}

function log(lines) {
  for (const line of lines || []) {
    if (line.kind === "hand" || line.kind === "separator") continue;
    $("log").append(el("li", {class: line.kind}, line.text));
  }
  $("log").scrollTop = $("log").scrollHeight;
}

function show(view) {
  W.view = view;
  $("setup").hidden = true;
  $("game").hidden = false;
  $("hand-number").textContent = view.hand_number;
  $("hands-total").textContent = view.hands;
  $("hand-score").textContent = view.hand_score;
  $("total").textContent = view.total;
  W.chosen = null;
  drawTiles(view);
  const phase = view.phase;
  $("substitute").hidden = phase !== "substitute";
  $("do-substitute").disabled = true;
  $("sub-letter").textContent = "";
  $("play").hidden = !(phase === "play" || phase === "substitute");
  $("replay").hidden = phase !== "replay";
  $("over").hidden = !view.over;
  $("tiles").hidden = view.over;
  $("records").tBodies[0].replaceChildren(...view.records.map((r) => el("tr", {},
    el("td", {}, r.number), el("td", {}, r.hand.split("").join(" ")),
    el("td", {}, r.scores.length > 1 ? `${r.score} (best of ${r.scores.join(" and ")})` : r.score))));
  if (view.over) {
    $("final").textContent = `Total score over all hands: ${view.total}`;
    announce($("final").textContent, "good");
  }
}

async function send(move) {
  try {
    const answer = await api(`/api/games/${W.id}/moves`, {move});
    log(answer.event.lines);
    show(answer.state);
    const last = (answer.event.lines || []).filter((l) => l.kind !== "hand").at(-1);
    if (last) announce(last.text, last.kind === "invalid" || last.kind === "retry" ? "bad" : "good");
    return answer;
  } catch (error) { announce(error.message, "bad"); }
}

async function start(event) {
  event.preventDefault();
  try {
    const body = {game: "wordgame", hands: Number($("hands").value), hand_size: Number($("hand-size").value)};
    if (params().get("seed")) body.seed = Number(params().get("seed"));  // a replayable deal
    const created = await api("/api/games", inLanguage(body));
    W.id = created.id;
    useTiles(useLanguage(created.language));
    history.replaceState(null, "", withLanguage(`/wordgame?game=${encodeURIComponent(W.id)}`));
    log(created.state.opening);
    show(created.state);
    announce(`Your hand: ${created.state.shown_hand}.`);
    $("word").focus();
  } catch (error) { announce(error.message, "bad"); }
}

async function open(id) {
  W.id = id;
  try {
    const answer = await api(`/api/games/${encodeURIComponent(id)}`);
    useTiles(useLanguage(answer.language));
    show(answer.state);
  }
  catch (error) { announce(error.message, "bad"); $("setup").hidden = false; }
}

async function main() {
  useTiles(await languagePicker());
  $("setup").addEventListener("submit", start);
  $("play").addEventListener("submit", async (event) => {
    event.preventDefault();
    const word = $("word").value.trim();
    if (!word) return;
    $("word").value = "";
    await send({action: "play", word});
    $("word").focus();
  });
  $("stop").addEventListener("click", () => send({action: "stop"}));
  $("do-substitute").addEventListener("click", () => W.chosen && send({action: "substitute", letter: W.chosen}));
  $("keep").addEventListener("click", () => send({action: "keep"}));
  $("do-replay").addEventListener("click", () => send({action: "replay"}));
  $("next").addEventListener("click", () => send({action: "next"}));
  const id = params().get("game");
  if (id) open(id); else $("setup").hidden = false;
}

main();
