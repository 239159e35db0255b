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
