// The entry page: a table's phone enters the round as `callbreak play` asks it, the bids
// in calling order (the player after the dealer first) with their running sum, then the
// tricks, the last player's filled in with the rest; and an undo of the last change.
// Each write is a POST to `enter` naming the state it was made on (`base`, the number of
// changes the page saw) and itself (`id`, a nonce): sent again while the phone is offline
// with the same nonce, it counts once. What was typed stays when a write is refused or
// the game changed meanwhile. Every name goes in with textContent, never as HTML. Its
// words come from WORDS, written in by `callbreak serve` in the language it speaks.
"use strict";

(function () {
  var WORDS = /*WORDS*/null;
  var page = Callbreak(WORDS);
  var $ = page.$, node = page.cell, clear = page.clear, say = page.say, digits = page.digits,
    listNames = page.listNames;
  var TRICKS = { 3: 17, 4: 13, 5: 10 };  // tricks in a round by players (RULES.md)
  var POLL_MS = 500;
  var RETRY_MS = 1500;  // between two tries of a write that did not get through
  var game = null;
  var typed = {};  // per step ("bids 3"): { seat: number }, kept while the page is open
  var chosen = null;  // the seat the keys fill now (null: the first open one)
  var chosenIn = null;  // the step `chosen` was picked in
  var pending = null;  // the write being sent, until it is answered
  var poller = null;
  var armed = null;  // the undo button's timer while one more tap takes back the change
  var ARMED_MS = 4000;

  function points(value) {
    return digits(Number(value).toFixed(game.rules.preset === "nepal" ? 1 : 0));
  }

  // ---- the step: what the game asks next -----------------------------------------------

  function step() {
    if (!game || !game.next || game.abandoned) { return null; }
    var seats = game.players.length;
    var dealer = game.players.indexOf(game.next.dealer);
    var order = [];
    for (var i = 1; i <= seats; i += 1) { order.push((dealer + i) % seats); }
    return { kind: game.next.step, round: game.next.round, order: order,
      key: game.id + " " + game.next.step + " " + game.next.round };
  }

  function values(now) {
    if (!typed[now.key]) { typed[now.key] = {}; }
    return typed[now.key];
  }

  function rest(now, given) {
    // tricks: the last player in calling order gets what the others left
    if (now.kind !== "tricks") { return null; }
    var open = now.order.filter(function (seat) { return given[seat] === undefined; });
    if (open.length !== 1) { return null; }
    var sum = 0;
    now.order.forEach(function (seat) { if (given[seat] !== undefined) { sum += given[seat]; } });
    return { seat: open[0], won: TRICKS[game.players.length] - sum };
  }

  function filled(now) {
    var given = values(now);
    var all = {};
    now.order.forEach(function (seat) { all[seat] = given[seat]; });
    var last = rest(now, given);
    if (last) { all[last.seat] = last.won; }
    return all;
  }

  function firstOpen(now) {
    var given = values(now);
    var open = now.order.filter(function (seat) { return given[seat] === undefined; });
    if (now.kind === "tricks" && open.length === 1) { return null; }
    return open.length ? open[0] : null;
  }

  // ---- drawing -------------------------------------------------------------------------

  function draw() {
    var now = step();
    var players = game.players.join(" · ");
    $("title").textContent = game.event  // an event's table: its number first
      ? say("table_title", { table: digits(game.event.table), players: players })
      : say("title", { players: players });
    $("winners").textContent = winnersLine();
    $("winners").hidden = !game.finished && !game.abandoned;
    drawStep(now);
    drawUndo();
    drawStandings();
    $("problem").hidden = true;
    $("game").hidden = false;
  }

  function winnersLine() {
    if (game.abandoned) { return say("abandoned"); }
    if (!game.finished) { return ""; }
    if (game.winners.length === 0) { return say("over"); }
    var top = points(Math.max.apply(null, game.totals));
    var line = game.winners.length === 1 ? say("winner", { name: game.winners[0], total: top })
      : say("shared", { names: listNames(game.winners), total: top });
    return say("over") + " " + line;
  }

  function drawStep(now) {
    $("step").hidden = now === null;
    if (now === null) { return; }
    var first = game.players[now.order[0]];
    $("ask").textContent = now.kind === "bids"
      ? say("deals", { number: digits(now.round), dealer: game.next.dealer, first: first })
      : say("tricks_of", { number: digits(now.round), first: first });
    if (chosenIn !== now.key) { chosen = null; }
    if (chosen === null) { chosen = firstOpen(now); }
    chosenIn = now.key;
    var all = filled(now);
    var list = $("seats");
    clear(list);
    now.order.forEach(function (seat) {
      var item = node("li");
      var button = node("button", null, "seat" + (seat === chosen ? " chosen" : ""));
      button.type = "button";
      button.appendChild(node("span", game.players[seat], "name"));
      var value = all[seat] === undefined ? "–" : digits(all[seat]);
      if (now.kind === "tricks") {  // the bid beside the tricks, as the scoreboard shows them
        value = digits(game.rounds[now.round - 1].bids[seat]) + "/" + value;
      }
      button.appendChild(node("span", value, "value"));
      if (seat === chosen) { button.setAttribute("aria-current", "true"); }
      button.disabled = pending !== null;
      button.addEventListener("click", function () { chosen = seat; draw(); });
      item.appendChild(button);
      list.appendChild(item);
    });
    var last = rest(now, values(now));
    var sum = 0;
    now.order.forEach(function (seat) { if (all[seat] !== undefined) { sum += all[seat]; } });
    $("sum").textContent = now.kind === "bids" ? say("bid_sum", { sum: digits(sum) })
      : last ? say("rest", { player: game.players[last.seat], won: digits(last.won),
        total: digits(TRICKS[game.players.length]) }) : "";
    drawKeys(now);
    var complete = now.order.every(function (seat) { return all[seat] !== undefined; });
    $("send").textContent = say(now.kind === "bids" ? "save_bids" : "save_tricks");
    $("send").disabled = !complete || pending !== null;
  }

  function drawKeys(now) {
    var keys = $("keys");
    clear(keys);
    var low = now.kind === "bids" ? game.rules.min_bid : 0;
    var high = now.kind === "bids" ? game.rules.max_bid : TRICKS[game.players.length];
    for (var n = low; n <= high; n += 1) {
      var key = node("button", digits(n), "key");
      key.type = "button";
      key.value = String(n);
      key.disabled = chosen === null || pending !== null;
      key.addEventListener("click", press);
      keys.appendChild(key);
    }
  }

  function press(event) {
    var now = step();
    if (now === null || chosen === null) { return; }
    values(now)[chosen] = Number(event.currentTarget.value);
    chosen = null;  // the next open seat in calling order
    hideSaid();
    draw();
  }

  function drawUndo() {
    var undo = $("undo");
    undo.hidden = !game.undo || game.abandoned;
    undo.textContent = !game.undo ? "" : say(armed === null ? "undo" : "undo_again",
      { change: game.undo });
    undo.className = armed === null ? "undo" : "undo armed";
    undo.disabled = pending !== null;
  }

  function drawStandings() {
    var body = $("standings").tBodies[0];
    clear(body);
    var seats = game.players.map(function (_, seat) { return seat; });
    seats.sort(function (a, b) { return game.totals[b] - game.totals[a] || a - b; });
    seats.forEach(function (seat) {
      var above = game.totals.filter(function (t) { return t > game.totals[seat]; }).length;
      var row = body.insertRow();
      var lead = game.leaders.indexOf(game.players[seat]) >= 0;
      row.appendChild(node("td", digits(above + 1)));
      row.appendChild(node("td", game.players[seat], lead ? "lead" : ""));
      row.appendChild(node("td", points(game.totals[seat]), "num"));
    });
  }

  function showSaid(text, bad) {
    $("said").textContent = text;
    $("said").className = bad ? "said problem" : "said";
    $("said").hidden = false;
  }

  function hideSaid() { $("said").hidden = true; }

  function showGame(newer) {
    if (game && newer.id !== game.id) { typed = {}; chosen = null; }
    if (armed !== null && (!game || newer.undo !== game.undo)) {  // armed for another change
      clearTimeout(armed);
      armed = null;
    }
    game = newer;
    draw();
  }

  function showProblem(text) {
    $("game").hidden = true;
    $("problem").textContent = say("problem", { problem: text });
    $("problem").hidden = false;
  }

  function showData(data) {
    if (data && data.problem !== undefined) {
      showProblem(data.said !== undefined ? data.said : data.problem);
    } else {
      showGame(data);
    }
  }

  // ---- writing -------------------------------------------------------------------------

  function nonce() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) {
      return (b + 256).toString(16).slice(1);
    }).join("");
  }

  function save() {
    var now = step();
    if (now === null || pending !== null) { return; }
    var all = filled(now);
    var list = game.players.map(function (_, seat) { return all[seat]; });
    write({ kind: now.kind, round: now.round, values: list, base: game.changes, id: nonce() },
      now.key, say("saved"));
  }

  function undo() {
    // the first tap arms it (a thumb that slips off "Save" takes nothing back), the
    // second, within a few seconds, takes back the last change
    if (!game || !game.undo || pending !== null) { return; }
    if (armed === null) {
      armed = setTimeout(function () { armed = null; drawUndo(); }, ARMED_MS);
      drawUndo();
      return;
    }
    clearTimeout(armed);
    armed = null;
    write({ kind: "undo", round: game.next ? game.next.round : game.rounds.length,
      values: [], base: game.changes, id: nonce() }, null,
      say("took_back", { change: game.undo }));
  }

  function write(told, key, done) {
    pending = told;
    $("link").textContent = say("sending");
    draw();
    send(told, key, done);
  }

  function send(told, key, done) {
    fetch("enter", { method: "POST", cache: "no-store", credentials: "omit",
      headers: { "Content-Type": "application/json" }, body: JSON.stringify(told) })
      .then(function (response) {
        return response.json().then(function (data) { return [response.status, data]; },
          function () { return [response.status, {}]; });
      })
      .then(function (answer) {
        var status = answer[0];
        var data = answer[1];
        pending = null;
        $("link").textContent = say("live");
        if (status === 200) {
          if (key !== null) { delete typed[key]; }
          chosen = null;
          showSaid(done, false);
        } else {
          showSaid(data.said || String(status), true);  // what was typed stays
        }
        if (data.game) { showGame(data.game); } else { draw(); }
      })
      .catch(function () {
        // no answer: the same write again (the same nonce), until one gets through
        $("link").textContent = say("offline");
        setTimeout(function () { send(told, key, done); }, RETRY_MS);
      });
  }

  // ---- following the game --------------------------------------------------------------

  function poll() {
    fetch("game.json", { cache: "no-store", credentials: "omit" })
      .then(function (response) { return response.json(); })
      .then(function (data) { showData(data); })
      .catch(function () {
        if (pending === null) { $("link").textContent = say("unreachable"); }
      });
  }

  function connect() {
    if (!window.EventSource) { poller = setInterval(poll, POLL_MS); poll(); return; }
    var source = new EventSource("events");
    source.addEventListener("game", function (event) {
      showGame(JSON.parse(event.data));
      if (pending === null) { $("link").textContent = say("live"); }
    });
    source.addEventListener("problem", function (event) {
      var data = JSON.parse(event.data);
      showProblem(data.said !== undefined ? data.said : data.problem);
    });
    source.onopen = function () {
      if (poller !== null) { clearInterval(poller); poller = null; }
    };
    source.onerror = function () {
      if (poller === null) { poller = setInterval(poll, POLL_MS); }
      if (pending === null) { $("link").textContent = say("unreachable"); }
      if (source.readyState === EventSource.CLOSED) { setTimeout(connect, 10000); }
    };
  }

  $("send").addEventListener("click", save);
  $("undo").addEventListener("click", undo);
  connect();
}());
