// Shared helpers of the wordindex pages: the API, announcements for screen readers.
"use strict";

async function api(path, body) {
  const options = body === undefined ? {} : {
    method: "POST", headers: {"content-type": "application/json"}, body: JSON.stringify(body),
  };
  const response = await fetch(path, options);
  let data;
  try { data = await response.json(); } catch (e) { data = {error: `the server answered ${response.status}`}; }
  if (!response.ok) {
    const error = new Error(data.error || `the server answered ${response.status}`);
    error.status = response.status;
    throw error;
  }
  return data;
}

// Say something to screen readers (and show it) in the page's live region.
function announce(text, kind) {
  const region = document.getElementById("status");
  if (!region) return;
  region.textContent = text;
  region.className = kind || "";
}

function el(tag, attributes, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes || {})) {
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== false && value !== null && value !== undefined) node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function params() { return new URLSearchParams(window.location.search); }

// -- languages ------------------------------------------------------------------
// The page plays in one of the languages the server serves (GET /api/languages): ?language=xx
// in the URL (every link on the page carries it), else the server's default. A game opened by
// its id plays in its own language, whatever the URL says (its answer names it).

const ENGLISH = {code: "en", name: "English", native_name: "English", letters: "abcdefghijklmnopqrstuvwxyz",
  folds: {}, faces: ["qu", "in", "th", "er", "he", "an"], tile_values: {}};
const LANG = {code: params().get("language") || "", served: null, info: null};

async function servedLanguages() {
  if (!LANG.served) {
    try { LANG.served = await api("/api/languages"); }
    catch (error) { LANG.served = {default: null, languages: []}; }
  }
  return LANG.served;
}

function languageEntry(code) {
  const served = LANG.served || {default: null, languages: []};
  const wanted = code || served.default;
  return served.languages.find((x) => x.code === wanted) || served.languages[0] || ENGLISH;
}

// A page link with the chosen language, so links keep it.
function withLanguage(href) {
  if (!LANG.code) return href;
  const url = new URL(href, window.location.origin);
  if (url.origin !== window.location.origin || url.pathname.startsWith("/api/") || url.pathname.startsWith("/docs")) return href;
  url.searchParams.set("language", LANG.code);
  return url.pathname + url.search + url.hash;
}

function carryLanguage() {
  for (const link of document.querySelectorAll("a[href^='/']")) {
    if (!link.dataset.href) link.dataset.href = link.getAttribute("href");
    link.setAttribute("href", withLanguage(link.dataset.href));
  }
}

// The chosen language (a game's own when ``code`` is given): links, the picker and the URL follow it.
function useLanguage(code) {
  const served = LANG.served;
  if (code && served && served.languages.some((x) => x.code === code)) LANG.code = code === served.default ? "" : code;
  LANG.info = languageEntry(LANG.code);
  const picker = document.getElementById("language");
  if (picker) picker.value = LANG.info.code;
  carryLanguage();
  return LANG.info;
}

// Typed text as the language plays it: NFC, lowercase, its folds (French é is e, German ß is ss), as the server does.
function playForm(text) {
  const folds = (LANG.info || ENGLISH).folds || {};
  return [...text.normalize("NFC").toLowerCase()].map((c) => folds[c] ?? c).join("");
}

// The body of a new game in the chosen language (the server's default when none was chosen).
function inLanguage(body) { return LANG.code ? {...body, language: LANG.code} : body; }

// The header's language picker (only when the server serves more than one); resolves the chosen language.
async function languagePicker() {
  const served = await servedLanguages();
  if (LANG.code && !served.languages.some((x) => x.code === LANG.code)) {
    announce(`The language ${LANG.code} is not served here; playing in ${languageEntry("").name}.`, "bad");
    LANG.code = "";
  }
  if (served.languages.length > 1 && !document.getElementById("language")) {
    const select = el("select", {id: "language"}, served.languages.map((x) =>
      el("option", {value: x.code, lang: x.code}, x.native_name === x.name ? x.name : `${x.native_name} (${x.name})`)));
    select.addEventListener("change", () => {
      // A new language starts the page afresh (a game plays in the language it was made in).
      window.location.href = `${window.location.pathname}?language=${encodeURIComponent(select.value)}`;
    });
    document.querySelector("header").append(el("label", {class: "language-picker"}, "Language", select));
  }
  return useLanguage();
}
