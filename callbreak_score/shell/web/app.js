// The scoreboard page: draws the game from game.json's object, live from the event
// stream, polling game.json twice a second while the stream is down. Every name goes in
// with textContent, never as HTML. Any number of players: nothing here assumes four.
// Its words come from WORDS, written in by `callbreak serve` in the language it speaks:
// sentences with named placeholders ({round}, {dealer}) and the digits to show numbers in.
"use strict";

(function () {
  var WORDS = /*WORDS*/null;
  var page = Callbreak(WORDS);
  var $ = page.$, cell = page.cell, clear = page.clear, say = page.say, digits = page.digits,
    listNames = page.listNames, told = page.told;

  function points(game, value) {
    // nepal keeps one decimal (4.0, 4.1); the other presets score whole points
    return digits(Number(value).toFixed(game.rules && game.rules.preset === "nepal" ? 1 : 0));
  }

  function progress(game) {
    // a round is done once it is scored: played, or awarded on its bids unplayed
    var done = game.rounds.filter(function (r) { return r.scores !== null; }).length;
    var rules = game.rules || {};
    var values = { game: game.id, preset: rules.preset, done: digits(done),
      rounds: digits(rules.rounds), target: digits(rules.target) };
    return say(rules.rounds ? "rounds" : rules.target ? "target" : "open", values);
  }

  function nextLine(game) {
    var next = game.next;
    if (!next) { return game.finished ? say("over") : ""; }
    var values = { round: digits(next.round), dealer: next.dealer, first: next.bids_first };
    return say(next.step === "tricks" ? "bids_in" : "deals", values);
  }

  function instantWin(game) {
    // the last round ended the game at once: a winner bid exactly N and won exactly N
    var win = game.rules && game.rules.instant_win;
    var last = game.rounds[game.rounds.length - 1];
    if (win === null || win === undefined || !last || last.tricks === null) { return false; }
    return game.winners.some(function (name) {
      var seat = game.players.indexOf(name);
      var penalty = last.penalty && last.penalty[seat];
      return last.bids[seat] === win && last.tricks[seat] === win && !penalty;
    });
  }

  function passedOver(game) {
    // the players on the top total whom the tiebreak on tricks put behind the winners:
    // a tie is never hidden (RULES.md)
    if (!game.rules || game.rules.tiebreak !== "tricks" || instantWin(game)) { return []; }
    var best = Math.max.apply(null, game.totals);
    return game.players.filter(function (name, seat) {
      return game.totals[seat] === best && game.winners.indexOf(name) < 0;
    });
  }

  function winnersLine(game) {
    if (!game.finished || game.winners.length === 0) { return ""; }
    var top = points(game, Math.max.apply(null, game.totals));
    var level = passedOver(game);
    if (level.length) {
      top = say("tricks", { best: top, others: listNames(level),
        names: listNames(game.winners) });
    }
    if (game.winners.length === 1) {
      return say("winner", { name: game.winners[0], total: top });
    }
    return say("shared", { names: listNames(game.winners), total: top });
  }

  function drawStandings(game) {
    page.standings($("standings").tBodies[0], game, game.players,
      function (total) { return points(game, total); });
  }

  function drawCard(game) {
    var table = $("card");
    var head = table.tHead;
    var body = table.tBodies[0];
    var foot = table.tFoot;
    clear(head); clear(body); clear(foot);
    var top = head.insertRow();
    top.appendChild(cell("th", say("round")));
    game.players.forEach(function (name) { top.appendChild(cell("th", name, "num")); });
    game.rounds.forEach(function (r) {
      var row = body.insertRow();
      var number = cell("td", digits(r.round));
      number.appendChild(cell("span", say("dealt", { dealer: r.dealer }), "dealer"));
      row.appendChild(number);
      game.players.forEach(function (_, seat) {
        var td = cell("td", null, "num");
        // as the terminal's scorecard writes a cell: b5 a blind bid, - the tricks of a
        // round awarded unplayed, ! a penalty (minus the bid)
        var bid = (r.blind && r.blind[seat] ? "b" : "") + r.bids[seat];
        var penalty = r.penalty && r.penalty[seat];
        if (r.scores === null) {
          td.appendChild(cell("span", digits(bid + "/–") + (penalty ? " !" : "")));
        } else {
          var made = r.scores[seat] >= 0 && !penalty;
          var won = r.tricks === null ? "-" : r.tricks[seat];
          var said = digits(bid + "/" + won) + (penalty ? " !" : made ? " ✓" : " ✗");
          td.appendChild(cell("span", said, made ? "made" : "broken"));
          td.appendChild(cell("span", points(game, r.scores[seat])));
        }
        row.appendChild(td);
      });
    });
    var total = foot.insertRow();
    total.appendChild(cell("td", say("total")));
    game.totals.forEach(function (t) { total.appendChild(cell("td", points(game, t), "num")); });
  }

  function drawNotes(game) {
    // the house rules' marks this card shows, a line each under the scorecard
    var notes = $("notes");
    clear(notes);
    var has = function (key) {
      return game.rounds.some(function (r) {
        return key === "awarded" ? r.awarded && r.tricks === null
          : (r[key] || []).some(Boolean);
      });
    };
    [["blind", "blind_note", { bid: digits(5), won: digits(6) }],
      ["awarded", "awarded_note", { bid: digits(3) }], ["penalty", "penalty_note", {}]]
      .forEach(function (note) {
        if (has(note[0])) { notes.appendChild(cell("p", say(note[1], note[2]), "legend")); }
      });
  }

  function showGame(game) {
    $("problem").hidden = true;
    $("title").textContent = say("title", { players: game.players.join("\u00a0· ") });
    document.title = say("tab", { game: game.id });
    $("progress").textContent = progress(game);
    drawNotes(game);
    // a shared copy says the verdict as the card does (an instant win, an abandoned game)
    var winners = WORDS.verdict !== undefined ? WORDS.verdict : winnersLine(game);
    $("winners").textContent = winners;
    $("winners").hidden = !winners;
    $("next").textContent = WORDS.verdict !== undefined ? "" : nextLine(game);
    drawStandings(game);
    drawCard(game);
    $("game").hidden = false;
  }

  function showProblem(problem) {
    $("game").hidden = true;
    $("progress").textContent = "";
    $("problem").textContent = say("problem", { problem: problem });
    $("problem").hidden = false;
  }

  function showData(data) {
    if (data && data.problem !== undefined) { showProblem(told(data)); } else { showGame(data); }
  }

  function linkState(key) {
    $("link").textContent = say(key) + " " + say("updated", { time: page.now() });
  }

  page.follow("game.json", "events", "game", showData, linkState);
}());
