// The projector's board of an event: its standings and every table's live game, drawn
// from board.json's object, live from the event stream, polling board.json twice a
// second while the stream is down. Every name goes in with textContent, never as HTML.
// Its words come from WORDS, written in by `callbreak serve --event` in its language.
"use strict";

(function () {
  var WORDS = /*WORDS*/null;
  var POLL_MS = 500;  // so an entry shows within a second even without the stream
  var RETRY_STREAM_MS = 10000;
  var source = null;
  var poller = null;

  function $(id) { return document.getElementById(id); }

  function cell(tag, text, className) {
    var node = document.createElement(tag);
    if (text !== undefined && text !== null) { node.textContent = String(text); }
    if (className) { node.className = className; }
    return node;
  }

  function say(key, values) {
    return WORDS.texts[key].replace(/\{(\w+)\}/g, function (whole, name) {
      return values && Object.prototype.hasOwnProperty.call(values, name)
        ? String(values[name]) : whole;
    });
  }

  function digits(value) {
    return String(value).replace(/[0-9]/g, function (d) { return WORDS.digits.charAt(+d); });
  }

  function clear(node) { while (node.firstChild) { node.removeChild(node.firstChild); } }

  function points(shown, value) {
    return digits(Number(value).toFixed(shown.unit === 10 ? 1 : 0));
  }

  function drawStandings(standings) {
    var body = $("standings").tBodies[0];
    clear(body);
    var waiting = [];
    standings.forEach(function (row) {
      if (row.rank === null) { waiting.push(row.name); return; }
      var tr = body.insertRow();
      tr.appendChild(cell("td", digits(row.rank)));
      tr.appendChild(cell("td", row.name, row.rank === 1 ? "lead" : ""));
      tr.appendChild(cell("td", digits(row.points), "num"));
      tr.appendChild(cell("td", digits(row.games), "num"));
    });
    $("unranked").textContent = waiting.length ? say("unranked", { names: waiting.join(", ") }) : "";
    $("unranked").hidden = !waiting.length;
  }

  function tableLine(shown) {
    if (shown.finished) {
      return shown.winners.length ? say("won", { names: shown.winners.join(", ") }) : say("over");
    }
    var next = shown.next || { round: shown.done, step: "bids" };
    var values = { round: digits(next.round), rounds: digits(shown.rounds || "") };
    var where = shown.rounds ? say("round_of", values) : say("round", values);
    return where + " · " + say(next.step === "tricks" ? "tricks" : "bids");
  }

  function drawTable(shown) {
    var box = cell("section", null, "table");
    box.appendChild(cell("h3", say("table", { table: digits(shown.table) })));
    if (shown.game === undefined) {
      box.appendChild(cell("p", say("problem", { problem: told(shown) })));
      return box;
    }
    box.appendChild(cell("p", tableLine(shown), shown.finished ? "done" : ""));
    var table = cell("table");
    var body = table.createTBody();
    var seats = shown.players.map(function (_, seat) { return seat; });
    seats.sort(function (a, b) { return shown.totals[b] - shown.totals[a] || a - b; });
    seats.forEach(function (seat) {
      var row = body.insertRow();
      var name = shown.players[seat];
      var lead = (shown.finished ? shown.winners : shown.leaders).indexOf(name) >= 0;
      row.appendChild(cell("td", name, lead ? "lead" : ""));
      row.appendChild(cell("td", points(shown, shown.totals[seat]), "num"));
    });
    box.appendChild(table);
    return box;
  }

  function showBoard(board) {
    $("problem").hidden = true;
    var event = board.event;
    $("title").textContent = event.name;
    document.title = event.name;
    $("progress").textContent = event.round
      ? say(event.final ? "final" : "game_round", { round: digits(event.round) })
      : say("not_seated");
    drawStandings(board.standings);
    var tables = $("tables");
    clear(tables);
    board.tables.forEach(function (shown) { tables.appendChild(drawTable(shown)); });
    $("event").hidden = false;
  }

  function told(data) {
    return data.said !== undefined ? data.said : data.problem;
  }

  function showProblem(problem) {
    $("event").hidden = true;
    $("progress").textContent = "";
    $("problem").textContent = say("problem", { problem: problem });
    $("problem").hidden = false;
  }

  function showData(data) {
    if (data && data.problem !== undefined) { showProblem(told(data)); } else { showBoard(data); }
  }

  function linkState(key) {
    var now = WORDS.lang === "en" ? new Date().toLocaleTimeString()
      : digits(new Date().toLocaleTimeString(WORDS.lang + "-u-nu-latn", { hour12: false }));
    $("link").textContent = say(key) + " " + say("updated", { time: now });
  }

  function poll() {
    fetch("board.json", { cache: "no-store" })
      .then(function (response) { return response.json(); })
      .then(function (data) { showData(data); linkState("polling"); })
      .catch(function () { linkState("unreachable"); });
  }

  function startPolling() {
    if (poller === null) { poll(); poller = setInterval(poll, POLL_MS); }
  }

  function stopPolling() {
    if (poller !== null) { clearInterval(poller); poller = null; }
  }

  function connect() {
    if (!window.EventSource) { startPolling(); return; }
    source = new EventSource("board-events");
    source.addEventListener("board", function (event) {
      showBoard(JSON.parse(event.data)); linkState("live");
    });
    source.addEventListener("problem", function (event) {
      showProblem(told(JSON.parse(event.data))); linkState("live");
    });
    source.onopen = function () { stopPolling(); };
    source.onerror = function () {
      startPolling();
      if (source.readyState === EventSource.CLOSED) {
        source = null;
        setTimeout(connect, RETRY_STREAM_MS);
      }
    };
  }

  connect();
}());
