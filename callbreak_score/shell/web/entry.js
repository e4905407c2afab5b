// The entry page: a table's phone enters the round as `callbreak play` asks it, the bids
// in calling order (the player after the dealer first) with their running sum, then the
// tricks, the last player's filled in with the rest; and an undo of the last change.
// Each write is a POST to `enter` naming the state it was made on (`base`, the number of
// changes the page saw) and itself (`id`, a nonce): sent again while the phone is offline
// with the same nonce, it counts once. What was typed stays when a write is refused or
// the game changed meanwhile; when the game moves past a step this phone had typed numbers
// for (entered or taken back elsewhere), the page says so and what was typed, until the
// next tap or until the game moves on (every notice goes once the state it was about is
// gone). More tricks typed than a round has are refused at once, as `play` refuses them.
// The typing of a step is kept in the tab's sessionStorage (by game, step and round)
// until it is saved, so a reload mid-round loses nothing. A double tap is one tap: on a
// number key one number, on Undo only the arming; taking back a finished game's last
// change asks first. The tab's title is the table's; an event's substitute is named at
// once wherever the seat is (title, rows, dealer, standings). Every name goes in with
// textContent, never as HTML. Its words come from WORDS, written in by `callbreak serve`
// in the language it speaks.
"use strict";

(function () {
  var WORDS = /*WORDS*/null;
  var page = Callbreak(WORDS);
  var $ = page.$, node = page.cell, clear = page.clear, say = page.say, digits = page.digits,
    listNames = page.listNames;

  function sitting(shown) {
    // who sits at each seat now: an event's substitute in the seat they took, else the
    // game's players (their totals and results stay the seat's)
    return shown.sitting || shown.players;
  }
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
  var ready = false;  // whether that tap is taken: not before ARMING_MS after the first
  var ARMED_MS = 4000;
  var ARMING_MS = 600;  // a double tap's second tap (~120 ms) only arms, never takes back
  var KEY_MS = 350;  // a second tap of the same number key this soon is the same tap
  var lastKey = { value: null, at: 0 };
  var saidAt = null;  // the state the shown notice is about: it goes when the state does
  var STORED = "callbreak-typed ";  // sessionStorage: the typing of a step, kept on reload

  function points(value) {
    return digits(Number(value).toFixed(game.rules.preset === "nepal" ? 1 : 0));
  }

  // ---- the step: what the game asks next -----------------------------------------------

  function step() { return stepOf(game); }

  function stepOf(shown) {
    if (!shown || !shown.next || shown.abandoned) { return null; }
    var seats = shown.players.length;
    var dealer = shown.players.indexOf(shown.next.dealer);
    var order = [];
    for (var i = 1; i <= seats; i += 1) { order.push((dealer + i) % seats); }
    return { kind: shown.next.step, round: shown.next.round, order: order,
      key: shown.id + " " + shown.next.step + " " + shown.next.round };
  }

  function values(now) {
    if (!typed[now.key]) { typed[now.key] = restore(now.key); }
    return typed[now.key];
  }

  // ---- the typing kept in the tab's storage: a reload mid-round loses nothing -----------

  function storage() {
    try { return window.sessionStorage; } catch (e) { return null; }  // storage refused
  }

  function restore(key) {
    var kept = storage() && storage().getItem(STORED + key);
    var given = {};
    if (!kept) { return given; }
    try {
      var read = JSON.parse(kept);
      Object.keys(read).forEach(function (seat) {
        if (typeof read[seat] === "number") { given[seat] = read[seat]; }
      });
    } catch (e) { /* not ours: start afresh */ }
    return given;
  }

  function keep(key) {
    var store = storage();
    if (!store) { return; }
    try {
      if (typed[key] && Object.keys(typed[key]).length) {
        store.setItem(STORED + key, JSON.stringify(typed[key]));
      } else {
        store.removeItem(STORED + key);
      }
    } catch (e) { /* full or refused: the typing stays on the page only */ }
  }

  function forgetOtherGames(id) {
    var store = storage();
    if (!store) { return; }
    for (var i = store.length - 1; i >= 0; i -= 1) {
      var name = store.key(i);
      if (name && name.indexOf(STORED) === 0 && name.indexOf(STORED + id + " ") !== 0) {
        store.removeItem(name);
      }
    }
  }

  function typedSum(now, given) {
    var sum = 0;
    now.order.forEach(function (seat) { if (given[seat] !== undefined) { sum += given[seat]; } });
    return sum;
  }

  function tooMany(now, given) {
    // tricks: the typed ones already more than a round has (refused at once, as `play`)
    return now.kind === "tricks" && typedSum(now, given) > TRICKS[game.players.length];
  }

  function rest(now, given) {
    // tricks: the last player in calling order gets what the others left
    if (now.kind !== "tricks" || tooMany(now, given)) { return null; }
    var open = now.order.filter(function (seat) { return given[seat] === undefined; });
    if (open.length !== 1) { return null; }
    return { seat: open[0], won: TRICKS[game.players.length] - typedSum(now, given) };
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
    var players = (game.sitting || game.players).join(" · ");
    $("title").textContent = game.event  // an event's table: its number first
      ? say("table_title", { table: digits(game.event.table), players: players })
      : say("title", { players: players });
    document.title = $("title").textContent;  // each table's tab its own
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
    var first = sitting(game)[now.order[0]];
    var dealer = sitting(game)[game.players.indexOf(game.next.dealer)];
    $("ask").textContent = now.kind === "bids"
      ? say("deals", { number: digits(now.round), dealer: dealer, first: first })
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
      button.appendChild(node("span", sitting(game)[seat], "name"));
      var value = all[seat] === undefined ? "–" : digits(all[seat]);
      if (now.kind === "tricks") {  // the bid beside the tricks, as the scoreboard shows them
        value = digits(game.rounds[now.round - 1].bids[seat]) + "/" + value;
      }
      button.appendChild(node("span", value, "value"));
      if (seat === chosen) { button.setAttribute("aria-current", "true"); }
      button.disabled = pending !== null;
      button.addEventListener("click", function () {
        chosen = seat;
        lastKey.value = null;  // a number for the seat tapped is a new tap, however soon
        hideSaid();
        draw();
      });
      item.appendChild(button);
      list.appendChild(item);
    });
    var last = rest(now, values(now));
    var sum = typedSum(now, all);
    var total = digits(TRICKS[game.players.length]);
    var over = tooMany(now, values(now));
    $("sum").textContent = now.kind === "bids" ? say("bid_sum", { sum: digits(sum) })
      : over ? say("too_many", { sum: digits(sum), total: total })
        : last ? say("rest", { player: sitting(game)[last.seat], won: digits(last.won),
          total: total }) : say("tricks_sum", { sum: digits(sum), total: total });
    $("sum").className = over ? "sum problem" : "sum";
    drawKeys(now);
    var complete = now.order.every(function (seat) { return all[seat] !== undefined; });
    $("send").textContent = say(now.kind === "bids" ? "save_bids" : "save_tricks");
    $("send").disabled = !complete || over || pending !== null;
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
    var value = event.currentTarget.value;
    var at = Date.now();
    // a double tap on a key is one number: its second tap would fill the next player
    var again = lastKey.value === value && at - lastKey.at < KEY_MS;
    lastKey = { value: value, at: at };
    if (now === null || chosen === null || again) { return; }
    values(now)[chosen] = Number(value);
    keep(now.key);
    chosen = null;  // the next open seat in calling order
    hideSaid();
    draw();
  }

  function drawUndo() {
    var undo = $("undo");
    undo.hidden = !game.undo || game.abandoned;
    undo.textContent = !game.undo ? "" : say(armed === null ? "undo" : "undo_again",
      { change: game.undo });
    undo.className = armed === null ? "undo" : ready ? "undo armed" : "undo arming";
    undo.disabled = pending !== null;
  }

  function drawStandings() {
    page.standings($("standings").tBodies[0], game, sitting(game), points);
  }

  function stateOf(shown) {
    // what a notice is about: the game and the step it waits for (or that it is over)
    var now = stepOf(shown);
    return shown.id + " " + (now ? now.key : shown.abandoned ? "abandoned" : "over");
  }

  function showSaid(text, bad) {
    $("said").textContent = text;
    $("said").className = bad ? "said problem" : "said";
    $("said").hidden = false;
    saidAt = stateOf(game);
  }

  function hideSaid() { $("said").hidden = true; saidAt = null; }

  function lostTyping(before, was, newer) {
    // what to tell when the game moved on from the step `was` (of the game `before`)
    // while numbers typed for it wait here: what became of the step, and what was typed
    // (kept: should the step come back, they are there again); null when nothing is lost
    if (!before || !was || newer.id !== before.id) { return null; }
    var now = stepOf(newer);
    var mine = typed[was.key];
    if ((now && now.key === was.key) || !mine) { return null; }
    var seats = was.order.filter(function (seat) { return mine[seat] !== undefined; });
    if (!seats.length) { return null; }
    var list = seats.map(function (seat) {
      return sitting(before)[seat] + " " + digits(mine[seat]);
    }).join(", ");
    var played = newer.rounds[was.round - 1];
    var entered = played && (was.kind === "bids" ? played.bids : played.tricks);
    if (entered) {  // each number with its player's name, in calling order as listed here
      var given = was.order.map(function (seat) {
        return sitting(newer)[seat] + " " + digits(entered[seat]);
      }).join(", ");
      return say(was.kind + "_elsewhere", { number: digits(was.round), values: given,
        typed: list });
    }
    if (!newer.abandoned && before.undo) {
      return say("taken_back_elsewhere", { change: before.undo, typed: list });
    }
    return say("changed_elsewhere", { typed: list });
  }

  function showGame(newer, own) {
    // `own`: the answer to this page's own write, which says itself what became of it
    var lost = own || pending !== null ? null : lostTyping(game, step(), newer);
    if (!game || newer.id !== game.id) { typed = {}; chosen = null; forgetOtherGames(newer.id); }
    if (armed !== null && (!game || newer.undo !== game.undo)) {  // armed for another change
      disarm();
    }
    game = newer;
    draw();
    // a notice is about the state it was shown in: once the game moves on it goes
    if (saidAt !== null && saidAt !== stateOf(game)) { hideSaid(); }
    if (lost !== null) { showSaid(lost, true); }  // kept until the next tap or step
  }

  function showProblem(text) {
    // serve answered, with why there is no game to enter (say, a table the latest game
    // round does not have): connected, not "Connecting…"
    $("game").hidden = true;
    $("problem").textContent = say("problem", { problem: text });
    $("problem").hidden = false;
    if (pending === null) { $("link").textContent = say("live"); }
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
    hideSaid();
    write({ kind: now.kind, round: now.round, values: list, base: game.changes, id: nonce() },
      now.key, say("saved"));
  }

  function disarm() {
    clearTimeout(armed);
    armed = null;
    ready = false;
  }

  function undo() {
    // the first tap arms it (a thumb that slips off "Save" takes nothing back), the
    // second, after ARMING_MS and within a few seconds, takes back the last change: one
    // change for two taps, a double tap only arms. A finished game asks first, as the
    // undo opens it again.
    if (!game || !game.undo || pending !== null) { return; }
    hideSaid();
    if (armed === null) {
      var mine = armed = setTimeout(disarmed, ARMED_MS);
      setTimeout(function () { if (armed === mine) { ready = true; drawUndo(); } }, ARMING_MS);
      drawUndo();
      return;
    }
    if (!ready) { return; }  // the second tap of a double tap
    var change = game.undo;
    disarm();
    drawUndo();
    if (game.finished && !window.confirm(say("reopen", { change: change }))) { return; }
    write({ kind: "undo", round: game.next ? game.next.round : game.rounds.length,
      values: [], base: game.changes, id: nonce() }, null, say("took_back", { change: change }));
  }

  function disarmed() { disarm(); drawUndo(); }

  function write(told, key, done) {
    var made = { game: game, step: step() };  // the state the write was made on
    pending = told;
    $("link").textContent = say("sending");
    draw();
    send(told, key, done, made);
  }

  function send(told, key, done, made) {
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
        var said = done;
        if (status === 200) {
          if (key !== null) { delete typed[key]; keep(key); }
          chosen = null;
        } else {  // what was typed stays; if its step is gone, the page says what became of it
          said = (data.game && lostTyping(made.game, made.step, data.game))
            || data.said || String(status);
        }
        if (data.game) { showGame(data.game, true); } else { draw(); }
        showSaid(said, status !== 200);
      })
      .catch(function () {
        // no answer: the same write again (the same nonce), until one gets through
        $("link").textContent = say("offline");
        setTimeout(function () { send(told, key, done, made); }, RETRY_MS);
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
