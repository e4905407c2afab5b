// The projector's board of an event: its standings and every table's live game, drawn
// from board.json's object, live from the event stream, polling board.json twice a
// second while the stream is down. On a projector (a window 960 px wide or more) the board
// is drawn as large as the screen holds it whole, for a hall to read from across the room;
// at the final it says why the final's players head the standings and how its ties break.
// Every name goes in with textContent, never as HTML.
// Its words come from WORDS, written in by `callbreak serve --event` in its language.
"use strict";

(function () {
  var WORDS = /*WORDS*/null;
  var page = Callbreak(WORDS);
  var $ = page.$, cell = page.cell, clear = page.clear, say = page.say, digits = page.digits,
    told = page.told;

  function points(shown, value) {
    return digits(Number(value).toFixed(shown.unit === 10 ? 1 : 0));
  }

  function drawStandings(standings, dropped) {
    // ranked players by points per game once some missed a game (then that column shows:
    // the order is by it); before any game is finished, nobody is ranked yet; a player
    // who dropped out unranked has left, not "not ranked yet"
    var body = $("standings").tBodies[0];
    clear(body);
    var played = standings.some(function (row) { return row.games > 0; });
    var ranked = standings.filter(function (row) { return row.rank !== null; });
    var uneven = ranked.some(function (row) { return row.games !== ranked[0].games; });
    var unranked = standings.filter(function (row) { return row.rank === null; })
      .map(function (row) { return row.name; });
    var gone = unranked.filter(function (name) { return dropped.indexOf(name) >= 0; });
    var waiting = unranked.filter(function (name) { return dropped.indexOf(name) < 0; });
    $("per-game").hidden = !uneven;
    ranked.forEach(function (row) {
      var tr = body.insertRow();
      tr.appendChild(cell("td", digits(row.rank)));
      tr.appendChild(cell("td", row.name, row.rank === 1 ? "lead" : ""));
      tr.appendChild(cell("td", digits(row.points), "num"));
      tr.appendChild(cell("td", digits(row.games), "num"));
      if (uneven) { tr.appendChild(cell("td", digits(row.per_game), "num")); }
    });
    $("standings").hidden = !played;
    $("none").textContent = played ? "" : say("none");
    $("none").hidden = played;
    $("unranked").textContent = played && waiting.length
      ? say("unranked", { names: waiting.join(", ") }) : "";
    $("unranked").hidden = !(played && waiting.length);
    $("left").textContent = gone.length ? say("left", { names: gone.join(", ") }) : "";
    $("left").hidden = !gone.length;
  }

  function finalNote(board) {
    // at the final: who plays it and why, and how a tie at its table is broken
    var table = board.event.final ? board.tables[0] : null;
    if (!table) { return ""; }
    var note = say("final_note", { players: page.listNames(table.players) }) + " " +
      say("final_why", { count: digits(table.players.length) });
    if (table.game !== undefined) {
      var ties = say(table.tiebreak === "tricks" ? "ties_tricks" : "ties_shared");
      note += " " + ties.charAt(0).toUpperCase() + ties.slice(1) + ".";
    }
    return note;
  }

  // ---- a projector: as large as the screen holds the whole board ------------------------

  var PROJECTOR_PX = 960;  // a window this wide or more is a projector's (or a TV's)

  function fits() {
    var html = document.documentElement;
    return html.scrollHeight <= window.innerHeight && html.scrollWidth <= window.innerWidth;
  }

  function fit() {
    // the largest type (the root's size, every size in rem) with which the board fits the
    // screen without scrolling: the standings and tables fill it, legible from afar
    var html = document.documentElement;
    if (window.innerWidth < PROJECTOR_PX) { html.style.fontSize = ""; return; }
    var low = 12;
    var high = Math.max(low, Math.floor(Math.min(window.innerHeight / 10,
      window.innerWidth / 24)));
    while (high - low > 0.5) {
      var middle = (low + high) / 2;
      html.style.fontSize = middle + "px";
      if (fits()) { low = middle; } else { high = middle; }
    }
    html.style.fontSize = low + "px";
    while (!fits() && low > 12) {  // a layout that is not monotonic (a name wrapping)
      low -= 1;
      html.style.fontSize = low + "px";
    }
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
      ? say(event.final ? "final" : "game_round",
        { round: digits(event.round), games: digits(event.games) })
      : say("not_seated");
    drawStandings(board.standings, event.dropped || []);
    $("note").textContent = finalNote(board);
    $("note").hidden = !$("note").textContent;
    var tables = $("tables");
    clear(tables);
    board.tables.forEach(function (shown) { tables.appendChild(drawTable(shown)); });
    $("event").hidden = false;
    fit();
  }

  function showProblem(problem) {
    $("event").hidden = true;
    $("progress").textContent = "";
    $("problem").textContent = say("problem", { problem: problem });
    $("problem").hidden = false;
    fit();
  }

  function showData(data) {
    if (data && data.problem !== undefined) { showProblem(told(data)); } else { showBoard(data); }
  }

  function linkState(key) {
    $("link").textContent = say(key) + " " + say("updated", { time: page.now() });
  }

  window.addEventListener("resize", fit);
  if (document.fonts) {  // a web font, fetched once its script shows, changes the sizes
    document.fonts.ready.then(fit);
    document.fonts.addEventListener("loadingdone", fit);
  }
  page.follow("board.json", "board-events", "board", showData, linkState);
}());
