// The projector's board of an event: its standings and every table's live game, drawn
// from board.json's object, live from the event stream, polling board.json twice a
// second while the stream is down. Every name goes in with textContent, never as HTML.
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

  function drawStandings(standings) {
    // ranked players by points per game once some missed a game (then that column shows:
    // the order is by it); before any game is finished, nobody is ranked yet
    var body = $("standings").tBodies[0];
    clear(body);
    var played = standings.some(function (row) { return row.games > 0; });
    var ranked = standings.filter(function (row) { return row.rank !== null; });
    var uneven = ranked.some(function (row) { return row.games !== ranked[0].games; });
    var waiting = standings.filter(function (row) { return row.rank === null; })
      .map(function (row) { return row.name; });
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
    drawStandings(board.standings);
    var tables = $("tables");
    clear(tables);
    board.tables.forEach(function (shown) { tables.appendChild(drawTable(shown)); });
    $("event").hidden = false;
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
    $("link").textContent = say(key) + " " + say("updated", { time: page.now() });
  }

  page.follow("board.json", "board-events", "board", showData, linkState);
}());
