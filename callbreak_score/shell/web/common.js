// What every page `callbreak serve` gives shares (index, entry, board): building nodes
// with textContent only (never HTML), saying WORDS' sentences in the page's language and
// digits, and following one object live: its event stream, falling back to polling its
// JSON twice a second while the stream is down. Each page loads it before its own
// script, which calls Callbreak(WORDS) with the words serve wrote into it.
"use strict";

// eslint-disable-next-line no-unused-vars
function Callbreak(WORDS) {
  var POLL_MS = 500;  // so a change shows within a second even without the stream
  var RETRY_STREAM_MS = 10000;

  function $(id) { return document.getElementById(id); }

  function cell(tag, text, className) {
    var node = document.createElement(tag);
    if (text !== undefined && text !== null) { node.textContent = String(text); }
    if (className) { node.className = className; }
    return node;
  }

  function clear(node) { while (node.firstChild) { node.removeChild(node.firstChild); } }

  function say(key, values) {
    // a sentence with its {placeholders} filled; a value is put in as it is, never read again
    return WORDS.texts[key].replace(/\{(\w+)\}/g, function (whole, name) {
      return values && Object.prototype.hasOwnProperty.call(values, name)
        ? String(values[name]) : whole;
    });
  }

  function digits(value) {
    // a number (or a text of numbers, such as "4/3 ✓") in the language's digits
    return String(value).replace(/[0-9]/g, function (d) { return WORDS.digits.charAt(+d); });
  }

  function listNames(names) {
    if (names.length <= 1) { return names.join(""); }
    return say("and", { some: names.slice(0, -1).join(", "), last: names[names.length - 1] });
  }

  function told(data) {
    // a problem as serve says it (its language and digits, no local paths), else the English
    return data.said !== undefined ? data.said : data.problem;
  }

  function standings(body, game, names, shown) {
    // a game's standings into a table body: place (shared by equal totals), the name of
    // each seat (`names`, in seat order), its total as `shown` writes it; the leaders bold
    clear(body);
    var seats = game.players.map(function (_, seat) { return seat; });
    var leads = function (seat) { return game.leaders.indexOf(game.players[seat]) >= 0; };
    // on a shared total, whom the tiebreak on tricks put ahead first (the place shared)
    seats.sort(function (a, b) {
      return game.totals[b] - game.totals[a] || leads(b) - leads(a) || a - b;
    });
    seats.forEach(function (seat) {
      var above = game.totals.filter(function (t) { return t > game.totals[seat]; }).length;
      var row = body.insertRow();
      row.appendChild(cell("td", digits(above + 1)));
      row.appendChild(cell("td", names[seat], leads(seat) ? "lead" : ""));
      row.appendChild(cell("td", shown(game.totals[seat]), "num"));
    });
  }

  function now() {
    // the time as the browser writes it in the language, then in the language's digits
    return WORDS.lang === "en" ? new Date().toLocaleTimeString()
      : digits(new Date().toLocaleTimeString(WORDS.lang + "-u-nu-latn", { hour12: false }));
  }

  function follow(json, stream, kind, show, state) {
    // show(data) each new state of the object at `json`, live from the event stream at
    // `stream` (its events are `kind` or "problem"); state(key) says how: "live",
    // "polling" or "unreachable". A page frozen with its object (share --format html)
    // carries it as WORDS.frozen: shown at once, nothing fetched, no state said.
    if (WORDS.frozen) { show(WORDS.frozen); return; }
    var poller = null;

    function poll() {
      fetch(json, { cache: "no-store", credentials: "omit" })
        .then(function (response) { return response.json(); })
        .then(function (data) { show(data); state("polling"); })
        .catch(function () { state("unreachable"); });
    }

    function startPolling() {
      if (poller === null) { poll(); poller = setInterval(poll, POLL_MS); }
    }

    function stopPolling() {
      if (poller !== null) { clearInterval(poller); poller = null; }
    }

    function connect() {
      if (!window.EventSource) { startPolling(); return; }
      var source = new EventSource(stream);
      [kind, "problem"].forEach(function (name) {
        source.addEventListener(name, function (event) {
          show(JSON.parse(event.data)); state("live");
        });
      });
      source.onopen = function () { stopPolling(); };
      source.onerror = function () {
        startPolling();  // the browser retries the stream itself unless it gave up
        if (source.readyState === EventSource.CLOSED) { setTimeout(connect, RETRY_STREAM_MS); }
      };
    }

    connect();
  }

  return { $: $, cell: cell, clear: clear, say: say, digits: digits, listNames: listNames,
    told: told, standings: standings, now: now, follow: follow };
}
