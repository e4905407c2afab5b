"""TAB completion: the scripts are current, and the Typer-free answers equal Typer's own."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pexpect
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from callbreak_score.shell import completion, tab
from callbreak_score.shell.cli import app
from callbreak_score.storage import store
from tests.lib.completing import env_for, fast_answer, same_as_typer, typer_answer
from tests.lib.helpers import REPO
from tests.lib.processes import callbreak_command


def test_the_docs_command_reference_is_current() -> None:
    reference = (REPO / completion.REFERENCE).read_text(encoding="utf-8")
    assert reference == completion.reference_source(), (
        "stale: run python -m callbreak_score.shell.completion")
    # every command's page is there as the installed program prints it at 80 columns
    env = {**os.environ, "COLUMNS": "80"}
    for words in ([], ["bid"], ["event"], ["event", "sub"], ["sync"], ["config"]):
        page = subprocess.run([*callbreak_command(), *words, "--help"],
                              capture_output=True, text=True, env=env, timeout=30).stdout
        assert f"```text\n{page}```" in reference, words


def test_the_man_page_is_current_and_reads_without_a_warning() -> None:
    page = (REPO / completion.MAN_PAGE).read_text(encoding="utf-8")
    assert page == completion.man_source(), (
        "stale: run python -m callbreak_score.shell.completion")
    if shutil.which("groff") is None:
        pytest.skip("groff is missing (CI installs it with man-db): the page is not rendered")
    # -ww: every warning; -P-cbou: plain text, no overstriking
    done = subprocess.run(["groff", "-man", "-Tutf8", "-ww", "-k", "-P-cbou",
                           str(REPO / completion.MAN_PAGE)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    shown = done.stdout.replace("\u2010", "-")
    for command in ("new", "bid", "tricks", "event", "sync", "completion"):
        assert f"callbreak {command} [OPTIONS]" in " ".join(shown.split()), command
    assert "CALLBREAK_HOME" in shown and "EXIT STATUS" in shown


@pytest.mark.parametrize("shell", tab.SHELLS)
def test_completion_scripts_are_current(shell: str, cli) -> None:
    path = REPO / "completions" / completion.SCRIPT_FILES[shell]
    assert path.read_text(encoding="utf-8") == completion.script(shell), (
        "stale: run python -m callbreak_score.shell.completion")
    assert cli("completion", shell).stdout == path.read_text(encoding="utf-8")


LINES = [
    "callbreak ", "callbreak s", "callbreak sh", "callbreak show ", "callbreak show 26",
    "callbreak show 261129-1 ", "callbreak show -", "callbreak show --j", "callbreak show --json ",
    "callbreak use ", "callbreak use 2", "callbreak use x", "callbreak restore ",
    "callbreak restore 261129-2 --", "callbreak export ", "callbreak export --format ",
    "callbreak export --format c", "callbreak export --format=", "callbreak export --format=j",
    "callbreak export -o ", "callbreak export --", "callbreak new ", "callbreak new Asha ",
    "callbreak new Asha Bimal Tulsi Ram --dealer ", "callbreak new Asha Bimal Tulsi Ram --dealer T",
    "callbreak new Asha Bimal Tulsi Ram --dealer t", "callbreak new a b --rules ",
    "callbreak new a b --rules p", "callbreak new --rules tens --", "callbreak new --penalty ",
    "callbreak new --penalty s", "callbreak new --tiebreak ", "callbreak new --rounds ",
    "callbreak new --rules nepal --r", "callbreak new -- -x ", "callbreak new -- --de",
    "callbreak bid ", "callbreak bid 4 3 ", "callbreak bid asha=3 ", "callbreak tricks -",
    "callbreak bid A", "callbreak tricks Tu", "callbreak bid 4", "callbreak history ",
    "callbreak history --", "callbreak redo -",
    "callbreak edit ", "callbreak edit 2 --bids 4 ", "callbreak edit 2 --bids 4 3 2 1 ",
    "callbreak edit 2 --bids 4 3 2 1 --", "callbreak list -", "callbreak list --all -",
    "callbreak rules ", "callbreak rules t", "callbreak completion ", "callbreak completion z",
    "callbreak -", "callbreak --", "callbreak --help ",
    "callbreak frob ", "callbreak frob -", "callbreak doctor --", "callbreak path ",
    "callbreak finish ", "callbreak undo -", "callbreak =", "callbreak show =",
    "callbreak restore 261129-1 --backup ", "callbreak new x --dealer=",
    "callbreak event ", "callbreak event s", "callbreak event -", "callbreak event --",
    "callbreak event sub ", "callbreak event sub 1 ", "callbreak event sub 1 As",
    "callbreak event new Club ", "callbreak event new Club --r", "callbreak event new --rules ",
    "callbreak event standings --points ", "callbreak event final --", "callbreak event nosuch ",
    "callbreak player ", "callbreak player r", "callbreak player rename ",
    "callbreak player merge Asha ", "callbreak player merge -", "callbreak stats ",
    "callbreak stats Asha ", "callbreak ratings B", "callbreak ratings Asha ",
    "callbreak event use ", "callbreak event use 26", "callbreak event next --event ",
]


@pytest.mark.parametrize("shell", tab.SHELLS)
def test_every_answer_equals_typers(cli, shell: str) -> None:
    cli("new", "Asha", "Bimal", "Tulsi", "Ram")
    cli("new", "Sita", "Gita", "Hari", "Ram")
    cli("event", "new", "Club", "A", "B", "C", "D", "E", "F", "G", "H")
    for line in LINES:
        assert same_as_typer(shell, line), f"left to Typer: {line!r}"
    for line in ("callbreak ", "callbreak zz", "callbreak new --rules "):
        assert same_as_typer("fish", line, fish_action="is-args")


WORD = st.sampled_from([
    "show", "use", "new", "bid", "tricks", "export", "restore", "edit", "rules", "list",
    "history", "--format", "event", "player", "sub", "rename", "final", "--top", "--event",
    "--rules", "--dealer", "--json", "--all", "--bids", "--", "-", "--r", "a", "Asha", "t",
    "261129-1", "c", "=", "--format=", "-o", "4", "", "p", "--penalty", "--tiebreak",
])


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(words=st.lists(WORD, max_size=6), shell=st.sampled_from(tab.SHELLS))
def test_generated_lines_answer_as_typer_does(home: Path, words, shell) -> None:
    if not store.game_ids():
        CliRunner().invoke(app, ["new", "Asha", "Bimal", "Tulsi", "Ram"])
    line = " ".join(["callbreak", *words])
    env = env_for(shell, line)
    fast = fast_answer(env)
    if fast is not None:  # None: left to Typer, which is then right by definition
        assert fast == typer_answer(env), (shell, line)


def test_game_ids_come_newest_day_first_from_file_names_alone(cli, home: Path) -> None:
    for n in range(12):
        cli("new", f"P{n}", "B", "C", "D")
    folder = Path(store.game_path(store.game_ids()[0])).parent
    for n in (1, 2, 12):  # numbered ids of before sync, and a game of the day before
        (folder / f"261129-{n}.json").write_text("damaged, and never parsed")
    (folder / "261128-k7m.json").write_text("damaged, and never parsed")
    env = env_for("bash", "callbreak use ")
    text, code = tab.respond(env)
    ids = text.split("\n")
    # within a day: drawn ids (in name order: no file is read), then the numbered ones
    assert code == 0 and len(ids) == 16 and ids[-4:] == ["261129-12", "261129-2", "261129-1",
                                                          "261128-k7m"]
    assert ids[:12] == sorted(ids[:12], reverse=True)
    assert ids == store.game_ids(by_time=False) and sorted(ids) == sorted(store.game_ids())


def test_game_id_completion_offers_the_100_newest_that_match(home: Path) -> None:
    games = home / "games"
    for month in ("2510", "2511"):
        (games / month).mkdir(parents=True)
        for n in range(1, 80):
            (games / month / f"{month}01-{n}.json").write_text("never parsed")
    env = env_for("bash", "callbreak use ")
    ids = tab.respond(env)[0].split("\n")
    assert len(ids) == 100 and ids[0] == "251101-79" and ids[-1] == "251001-59"
    env = env_for("bash", "callbreak use 2510")
    ids = tab.respond(env)[0].split("\n")
    assert len(ids) == 79 and all(i.startswith("2510") for i in ids)


def test_a_tab_press_runs_the_real_program(cli, home: Path) -> None:
    cli("new", "Asha", "Bimal", "Tulsi", "Ram")
    env = {**os.environ, **env_for("bash", "callbreak use ")}
    result = subprocess.run(callbreak_command(), env=env, capture_output=True, text=True)
    assert result.returncode == 0 and result.stdout.strip() == store.game_ids()[0]
    env = {**os.environ, **env_for("zsh", "callbreak export --format ")}
    result = subprocess.run(callbreak_command(), env=env, capture_output=True, text=True)
    assert result.stdout == "_arguments '*: :((\"csv\"\n\"json\"))'\n"


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_the_bash_script_completes_in_a_real_bash(cli, home: Path) -> None:
    for n in range(3):
        cli("new", f"P{n}", "B", "C", "D")
    script = REPO / "completions" / "callbreak.bash"
    bin_dir = str(Path(callbreak_command()[0]).parent)
    program = (
        f"source {script}\n"
        "COMP_WORDS=(callbreak use ''); COMP_CWORD=2; _callbreak_completion callbreak\n"
        'printf "%s\\n" "${COMPREPLY[@]}"\n'
        "complete -p callbreak\n"
    )
    env = {**os.environ, "PATH": bin_dir + os.pathsep + os.environ["PATH"]}
    result = subprocess.run(["bash", "--norc", "-c", program], capture_output=True, text=True,
                            env=env)
    lines = result.stdout.splitlines()
    assert lines[:3] == store.game_ids(by_time=False), result.stderr
    assert "-o nosort" in lines[3]


def test_bid_and_tricks_offer_the_players_never_files(cli) -> None:
    cli("new", "Asha", "Bimal Kumar", "Bimal", "Ram Bahadur Thapa")
    env = env_for("bash", "callbreak bid ")
    assert tab.respond(env)[0].split("\n") == [
        "Asha=", "Bimal Kumar=", "Bimal=", "Ram="]
    assert tab.respond(env_for("bash", "callbreak tricks R"))[0] == "Ram="
    assert tab.respond(env_for("bash", "callbreak bid 4"))[0] == ""


def shell_env(home: Path) -> dict[str, str]:
    bin_dir = str(Path(callbreak_command()[0]).parent)
    return {**os.environ, "PATH": bin_dir + os.pathsep + os.environ["PATH"],
            "CALLBREAK_HOME": str(home)}


@pytest.fixture
def folder_with_a_file(cli, tmp_path: Path) -> Path:
    cli("new", "Asha", "Bimal", "Tulsi", "Ram")
    here = tmp_path / "cwd"
    here.mkdir()
    (here / "somefile.txt").write_text("x")
    return here


def test_the_bash_script_never_offers_files_but_for_an_output_file(
        folder_with_a_file: Path, home: Path) -> None:
    script = REPO / "completions" / "callbreak.bash"
    program = f"source {script}\n" + "".join(
        f"COMP_WORDS=({words}); COMP_CWORD={cword}; _callbreak_completion callbreak\n"
        "compgen -o default -- '' >/dev/null; printf '%s|' \"${COMPREPLY[@]}\"; echo\n"
        for words, cword in [("callbreak bid ''", 2), ("callbreak bid 4", 2),
                             ("callbreak export -o ''", 3)])
    result = subprocess.run(["bash", "--norc", "-c", program], capture_output=True, text=True,
                            env=shell_env(home), cwd=folder_with_a_file)
    lines = result.stdout.splitlines()
    assert lines[0] == "Asha=|Bimal=|Tulsi=|Ram=|", result.stderr
    assert lines[1] == "|"  # nothing, and no -o default to fall back to files
    assert "complete -o nosort -F _callbreak_completion callbreak" in (
        REPO / "completions" / "callbreak.bash").read_text()


@pytest.mark.skipif(shutil.which("fish") is None, reason="fish is not installed")
def test_the_fish_script_completes_in_a_real_fish(folder_with_a_file: Path, home: Path) -> None:
    script = REPO / "completions" / "callbreak.fish"
    program = f"source {script}\n" + "".join(
        f"complete -C '{line}'; echo ---\n"
        for line in ("callbreak bid ", "callbreak bid 4", "callbreak use ",
                     "callbreak export -o "))
    result = subprocess.run(["fish", "--no-config", "-c", program], capture_output=True,
                            text=True, env=shell_env(home), cwd=folder_with_a_file, timeout=60)
    blocks = result.stdout.split("---\n")
    assert blocks[0].split() == ["Asha=", "Bimal=", "Tulsi=", "Ram="], result.stderr
    assert blocks[1] == ""
    assert blocks[2].split() == store.game_ids()
    assert "somefile.txt" in blocks[3]


@pytest.mark.skipif(shutil.which("zsh") is None, reason="zsh is not installed")
def test_the_zsh_script_completes_in_a_real_zsh(folder_with_a_file: Path, home: Path) -> None:

    shell = pexpect.spawn("zsh", ["-f", "-i"], encoding="utf-8", dimensions=(24, 100),
                          env=shell_env(home), cwd=str(folder_with_a_file), timeout=15)
    try:
        shell.sendline("PS1='zsh-ready> '; autoload -U compinit; compinit -u; "
                       f"source {REPO / 'completions' / '_callbreak'}; echo READY")
        shell.expect("READY\r\n")

        def tab(line: str, expect: str) -> str:
            shell.send(line + "\t")
            shell.expect(expect)
            seen = shell.before + shell.after
            shell.send("\x03")  # Ctrl-C: drop the line
            shell.expect("zsh-ready> ")
            return seen

        assert "Tulsi=" in tab("callbreak bid ", "Tulsi=")
        assert store.game_ids()[0] in tab("callbreak use ", store.game_ids()[0])
        assert "somefile.txt" in tab("callbreak export -o ", "somefile.txt")
        # the descriptions keep their apostrophes (zsh without RC_QUOTES, as -f starts it)
        listed = tab("callbreak event s", "every player's")
        assert "The event's standings: every player's" in listed, listed
        shell.send("callbreak bid 4\t")
        with pytest.raises(pexpect.TIMEOUT):
            shell.expect("somefile", timeout=2)
    finally:
        shell.close(force=True)


def test_event_ids_are_offered_for_event_use_and_event(cli, home: Path) -> None:
    from callbreak_score.storage import events

    cli("event", "new", "Club", "A", "B", "C", "D", "E", "F", "G", "H")
    first = events.current_id()
    cli("event", "new", "Later", "A", "B", "C", "D", "E", "F", "G", "H")
    second = events.current_id()
    for line in ("callbreak event use ", "callbreak event next --event "):
        text, code = tab.respond(env_for("bash", line))
        assert code == 0 and sorted(text.split("\n")) == sorted([first, second]), line

