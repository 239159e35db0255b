// Hangman in the browser: one game through /api/games (the word stays on the server until the end).
"use strict";

const $ = (id) => document.getElementById(id);
// The keys are the letters of the game's language (GET /api/languages), in its alphabet's order.
const G = {id: null, view: null, busy: false, letters: ""};

function drawKeyboard(language) {
  if (G.letters === language.letters) return;
  G.letters = language.letters;
  $("keyboard").lang = language.code;
  $("keyboard").replaceChildren(...[...G.letters].map((letter) =>
    el("button", {type: "button", "data-letter": letter, "aria-label": `Guess ${letter.toUpperCase()}`,
      onclick: () => guess(letter)}, letter)));
}

function show(view) {
  G.view = view;
  $("setup").hidden = true;
  $("game").hidden = false;
  const pattern = view.pattern.split("").map((c) => (c === "-" ? "_" : c.toUpperCase())).join("");
  $("pattern").textContent = pattern;
  $("pattern").setAttribute("aria-label", `The word: ${view.pattern.split("").map((c) => (c === "-" ? "blank" : c)).join(", ")}`);
  $("lives-left").textContent = `${view.lives_left} miss${view.lives_left === 1 ? "" : "es"} left of ${view.lives}`;
  $("missed").textContent = view.missed_letters ? view.missed_letters.toUpperCase().split("").join(" ") : "none";
  const stage = view.misses === 0 ? 0 : Math.min(6, Math.ceil((view.misses * 6) / view.lives));
  for (const part of document.querySelectorAll("#gallows .part")) part.classList.toggle("shown", Number(part.dataset.stage) <= stage);
  $("gallows-title").textContent = `The gallows: ${stage} of 6 parts drawn`;
  const shown = new Set(view.pattern);
  for (const key of $("keyboard").children) {
    const letter = key.dataset.letter;
    const used = view.guessed.includes(letter);
    key.disabled = used || view.status !== "playing";
    key.classList.toggle("hit", used && shown.has(letter));
    key.classList.toggle("miss", used && !shown.has(letter));
  }
  const over = view.status !== "playing";
  $("end").hidden = !over;
  $("give-up").hidden = over;
  if (over) {
    $("verdict").textContent = view.status === "won" ? "You won!" : "Out of guesses.";
    $("verdict").className = "big " + (view.status === "won" ? "good" : "bad");
    let answer = `The word was ${view.word.toUpperCase()}.`;
    if (view.chooser === "evil" && view.candidates !== undefined) {
      answer = `The evil chooser names ${view.word.toUpperCase()}: it fits every answer it gave, as did ${view.candidates.toLocaleString()} word${view.candidates === 1 ? "" : "s"} still possible at the end.`;
    }
    $("answer").textContent = answer;
    announce(`${$("verdict").textContent} ${answer}`, view.status === "won" ? "good" : "bad");
    $("again").focus();
  }
}

async function guess(letter) {
  if (!G.view || G.view.status !== "playing" || G.busy || G.view.guessed.includes(letter)) return;
  G.busy = true;
  try {
    const answer = await api(`/api/games/${G.id}/moves`, {move: {letter}});
    const event = answer.event;
    if (answer.state.status === "playing") {
      const n = event.occurrences;
      announce(n === 0 ? `No ${letter.toUpperCase()}.` : `Yes: ${n} ${letter.toUpperCase()}${n === 1 ? "" : "'s"}.`, n ? "good" : "bad");
    }
    show(answer.state);
  } catch (error) { announce(error.message, "bad"); }
  finally { G.busy = false; }
}

async function start(settings) {
  try {
    const created = await api("/api/games", inLanguage({game: "hangman", ...settings}));
    G.id = created.id;
    sessionStorage.setItem("wi-hangman", JSON.stringify(settings));
    drawKeyboard(useLanguage(created.language));
    history.replaceState(null, "", withLanguage(`/hangman?game=${encodeURIComponent(G.id)}`));
    show(created.state);
    announce(`A ${settings.length}-letter word. Guess a letter.`);
  } catch (error) { announce(error.message, "bad"); $("setup").hidden = false; }
}

function settingsFromForm() {
  const settings = {length: Number($("length").value), lives: Number($("lives").value),
    chooser: document.querySelector("input[name=chooser]:checked").value};
  if ($("difficulty").value) settings.difficulty = $("difficulty").value;  // word levels (an index with levels)
  if (params().get("seed")) settings.seed = Number(params().get("seed"));  // a replayable game
  return settings;
}

async function open(id) {
  G.id = id;
  try {
    const answer = await api(`/api/games/${encodeURIComponent(id)}`);
    drawKeyboard(useLanguage(answer.language));
    show(answer.state);
  }
  catch (error) { announce(error.message, "bad"); $("setup").hidden = false; }
}

async function main() {
  drawKeyboard(await languagePicker());
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || $("game").hidden) return;
    const letter = playForm(event.key);  // a French é is the e key
    if ([...letter].length === 1 && G.letters.includes(letter) && !["INPUT", "SELECT"].includes(document.activeElement.tagName)) {
      event.preventDefault();
      guess(letter);
    }
  });
  $("setup").addEventListener("submit", (event) => { event.preventDefault(); start(settingsFromForm()); });
  $("again").addEventListener("click", () => {
    const settings = JSON.parse(sessionStorage.getItem("wi-hangman") || "null") || settingsFromForm();
    delete settings.seed;
    start(settings);
  });
  $("give-up").addEventListener("click", async () => {
    try { show((await api(`/api/games/${G.id}/moves`, {move: {action: "end"}})).state); } catch (error) { announce(error.message, "bad"); }
  });
  const p = params();
  if (p.get("length")) $("length").value = p.get("length");
  if (p.get("chooser") === "evil") document.querySelector("input[value=evil]").checked = true;
  if (p.get("game")) open(p.get("game")); else $("setup").hidden = false;
}

main();
