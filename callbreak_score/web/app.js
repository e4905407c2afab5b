// The scoreboard page: draws the game from game.json's object, live from the event
// stream, polling game.json twice a second while the stream is down. Every name goes in
// with textContent, never as HTML. Any number of players: nothing here assumes four.
"use strict";

(function () {
  var POLL_MS = 500;  // so a change shows within a second even without the stream
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

  function clear(node) { while (node.firstChild) { node.removeChild(node.firstChild); } }

  function points(game, value) {
    // nepal keeps one decimal (4.0, 4.1); the other presets score whole points
    return Number(value).toFixed(game.rules && game.rules.preset === "nepal" ? 1 : 0);
  }

  function listNames(names) {
    if (names.length <= 1) { return names.join(""); }
    return names.slice(0, -1).join(", ") + " and " + names[names.length - 1];
  }

  function progress(game) {
    var done = game.rounds.filter(function (r) { return r.tricks !== null; }).length;
    var rules = game.rules || {};
    var end = rules.rounds ? done + " of " + rules.rounds + " rounds played"
      : rules.target ? done + " rounds played; the game ends when a total reaches " + rules.target
      : done + " rounds played; an open game";
    return "Game " + game.id + " · " + rules.preset + " · " + end;
  }

  function nextLine(game) {
    var next = game.next;
    if (!next) { return game.finished ? "Game over." : ""; }
    if (next.step === "tricks") {
      return "Round " + next.round + ": the bids are in (" + next.dealer +
        " dealt). Waiting for the tricks.";
    }
    return "Round " + next.round + ": " + next.dealer + " deals; " + next.bids_first +
      " bids first.";
  }

  function winnersLine(game) {
    if (!game.finished || game.winners.length === 0) { return ""; }
    var top = points(game, Math.max.apply(null, game.totals));
    if (game.winners.length === 1) { return "Winner: " + game.winners[0] + " (" + top + ")."; }
    return "Shared win: " + listNames(game.winners) + " (" + top + ").";
  }

  function drawStandings(game) {
    var body = $("standings").tBodies[0];
    clear(body);
    var seats = game.players.map(function (_, seat) { return seat; });
    seats.sort(function (a, b) { return game.totals[b] - game.totals[a] || a - b; });
    seats.forEach(function (seat) {
      var above = game.totals.filter(function (t) { return t > game.totals[seat]; }).length;
      var row = body.insertRow();
      var lead = game.leaders.indexOf(game.players[seat]) >= 0;
      row.appendChild(cell("td", above + 1));
      row.appendChild(cell("td", game.players[seat], lead ? "lead" : ""));
      row.appendChild(cell("td", points(game, game.totals[seat]), "num"));
    });
  }

  function drawCard(game) {
    var table = $("card");
    var head = table.tHead;
    var body = table.tBodies[0];
    var foot = table.tFoot;
    clear(head); clear(body); clear(foot);
    var top = head.insertRow();
    top.appendChild(cell("th", "Round"));
    game.players.forEach(function (name) { top.appendChild(cell("th", name, "num")); });
    game.rounds.forEach(function (r) {
      var row = body.insertRow();
      var number = cell("td", r.round);
      number.appendChild(cell("span", r.dealer + " dealt", "dealer"));
      row.appendChild(number);
      game.players.forEach(function (_, seat) {
        var td = cell("td", null, "num");
        if (r.tricks === null) {
          td.appendChild(cell("span", r.bids[seat] + "/–"));
        } else {
          var made = r.scores[seat] >= 0;
          td.appendChild(cell("span", r.bids[seat] + "/" + r.tricks[seat] + (made ? " ✓" : " ✗"),
            made ? "made" : "broken"));
          td.appendChild(cell("span", points(game, r.scores[seat])));
        }
        row.appendChild(td);
      });
    });
    var total = foot.insertRow();
    total.appendChild(cell("td", "Total"));
    game.totals.forEach(function (t) { total.appendChild(cell("td", points(game, t), "num")); });
  }

  function showGame(game) {
    $("problem").hidden = true;
    $("title").textContent = "Call Break: " + game.players.join(" · ");
    document.title = "Call Break " + game.id;
    $("progress").textContent = progress(game);
    var winners = winnersLine(game);
    $("winners").textContent = winners;
    $("winners").hidden = !winners;
    $("next").textContent = nextLine(game);
    drawStandings(game);
    drawCard(game);
    $("game").hidden = false;
  }

  function showProblem(problem) {
    $("game").hidden = true;
    $("progress").textContent = "";
    $("problem").textContent = "The scoreboard cannot show the game: " + problem;
    $("problem").hidden = false;
  }

  function showData(data) {
    if (data && data.problem !== undefined) { showProblem(data.problem); } else { showGame(data); }
  }

  function linkState(text) {
    $("link").textContent = text + " Updated " + new Date().toLocaleTimeString() + ".";
  }

  function poll() {
    fetch("game.json", { cache: "no-store" })
      .then(function (response) { return response.json(); })
      .then(function (data) {
        showData(data);
        linkState("No live stream; checking twice a second.");
      })
      .catch(function () { linkState("Cannot reach the scoreboard; still trying."); });
  }

  function startPolling() {
    if (poller === null) { poll(); poller = setInterval(poll, POLL_MS); }
  }

  function stopPolling() {
    if (poller !== null) { clearInterval(poller); poller = null; }
  }

  function connect() {
    if (!window.EventSource) { startPolling(); return; }
    source = new EventSource("events");
    source.addEventListener("game", function (event) {
      showGame(JSON.parse(event.data)); linkState("Live.");
    });
    source.addEventListener("problem", function (event) {
      showProblem(JSON.parse(event.data).problem); linkState("Live.");
    });
    source.onopen = function () { stopPolling(); };
    source.onerror = function () {
      startPolling();  // the browser retries the stream itself unless it gave up
      if (source.readyState === EventSource.CLOSED) {
        source = null;
        setTimeout(connect, RETRY_STREAM_MS);
      }
    };
  }

  connect();
}());
