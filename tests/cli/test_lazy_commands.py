"""The command line builds only what is asked for, and its help still names every
command with its whole first sentence, in plain text."""

from __future__ import annotations

import os
import subprocess
import sys

import click
import typer
from click.testing import CliRunner as ClickRunner
from typer.testing import CliRunner

from tactician.cli import battle
from tactician.cli.lazy_commands import LazyCommands, lazy_group
from tactician.cli.main import COMMANDS, GROUPS, app

runner = CliRunner()


def _run(*code: str) -> list[str]:
    out = subprocess.run([sys.executable, "-c", "; ".join(code)], capture_output=True,
                         text=True, check=True)
    return out.stdout.split()


def test_a_group_builds_only_the_command_run() -> None:
    group = lazy_group(battle.app, "battle")
    assert isinstance(group.commands, LazyCommands)
    declared = [info.name for info in battle.app.registered_commands]
    assert list(group.commands) == declared  # every command named, in declared order
    result = ClickRunner().invoke(group, ["show", "--battle", "missing.json"])
    assert result.exit_code == 2, result.output
    assert set(group.commands._built) == {"show"}


def test_battle_show_help_imports_no_other_group_and_no_rich_help() -> None:
    loaded = _run(
        "import sys; from typer.testing import CliRunner; from tactician.cli.main import app",
        "r = CliRunner().invoke(app, ['battle', 'show', '--help'])",
        "print(r.exit_code, *sorted(m for m in sys.modules if m.startswith(('tactician.cli.', "
        "'rich.markdown', 'markdown_it', 'typer.rich_utils'))))")
    assert loaded == ["0", "tactician.cli.battle", "tactician.cli.board_view",
                      "tactician.cli.lazy_commands", "tactician.cli.main",
                      "tactician.cli.output", "tactician.cli.terminal_text",
                      "tactician.cli.text_table"]


def test_the_help_lists_every_command_with_its_first_paragraph() -> None:
    result = runner.invoke(app, ["--help"], env={"COLUMNS": "80"})
    assert result.exit_code == 0
    listed = [line.split()[0] for line in result.stdout.split("Commands:")[1].splitlines()
              if line.startswith("  ") and not line.startswith("   ")]
    assert listed == [*COMMANDS, *GROUPS]
    words = " ".join(result.stdout.split("Commands:")[1].split())
    assert "rulesets List installed rulesets with their rules text and capabilities." in words
    assert "..." not in words.replace("terrain...", "")  # click would cut each at the margin
    battle_help = runner.invoke(app, ["battle", "--help"], env={"COLUMNS": "80"}).stdout
    assert "act aria equip" in " ".join(battle_help.split())  # not cut at "e.g."


def test_option_notes_are_plain_text() -> None:
    result = runner.invoke(app, ["forecast", "--help"], env={"COLUMNS": "100"})
    assert result.exit_code == 0
    assert "[required]" in result.stdout and "[default: tropera]" in result.stdout
    assert "\\[" not in result.stdout  # Typer escapes them for Rich when it believes it is used


def test_a_sub_group_offers_no_shell_completion() -> None:
    result = runner.invoke(app, ["compendium", "--help"])
    assert result.exit_code == 0 and "--install-completion" not in result.stdout


def test_a_command_added_to_a_lazy_group_is_listed_after_the_declared_ones() -> None:
    extra = typer.Typer()

    @extra.command("first")
    def first() -> None:
        """First."""

    @extra.command("second")
    def second() -> None:
        """Second."""

    group = lazy_group(extra, "extra")
    group.add_command(click.Command("third", callback=lambda: None))
    assert list(group.commands) == ["first", "second", "third"]
    assert ClickRunner().invoke(group, ["second"]).exit_code == 0
    assert "nope" not in group.commands
    assert ClickRunner().invoke(group, ["nope"]).exit_code == 2


def test_the_listing_reads_what_the_built_command_says() -> None:
    from importlib import import_module

    from tactician.cli.lazy_commands import build, stand_in, summary

    declared = []
    for module in {*COMMANDS.values(), *GROUPS.values()}:
        holder = getattr(import_module(module), "app", None) or typer.Typer()
        if module in COMMANDS.values():
            import_module(module).register(holder)
        declared.extend(holder.registered_commands)
    assert len(declared) > 40
    for info in declared:
        shown, built = stand_in(info), build(info)
        assert (shown.name, shown.hidden) == (built.name, built.hidden)
        assert summary(shown) == summary(built)


def test_the_root_help_builds_no_command() -> None:
    built = _run(
        "from typer.testing import CliRunner; from tactician.cli.main import app; "
        "import typer.main as m; calls = []; real = m.get_command_from_info; "
        "m.get_command_from_info = lambda *a, **k: calls.append(1) or real(*a, **k)",
        "r = CliRunner().invoke(app, ['--help'])",
        "print(r.exit_code, len(calls))")
    assert built == ["0", "0"]


def test_the_console_script_skips_pydantic_plugins_unless_told() -> None:
    code = ("import os, sys; import tactician.cli.main as m; sys.argv = ['tactician', '--help']",
            "try:\n    m.run()\nexcept SystemExit:\n    pass",
            "print(repr(os.environ.get('PYDANTIC_DISABLE_PLUGINS')), file=sys.stderr)")
    env = {k: v for k, v in os.environ.items() if k != "PYDANTIC_DISABLE_PLUGINS"}
    for given, expected in ((None, "'__all__'"), ("", "''")):
        run_env = env if given is None else {**env, "PYDANTIC_DISABLE_PLUGINS": given}
        out = subprocess.run([sys.executable, "-c", "\n".join(code)], capture_output=True,
                             text=True, check=True, env=run_env)
        assert out.stderr.strip() == expected
