"""The interpreter's turns are short while an index build runs, and as they were after the last."""

from __future__ import annotations

import sys

import pytest

from desk_browser.ui import interpreter_turns


def test_short_turns_while_builds_run_and_the_interval_found_back_after_the_last() -> None:
    turn = sys.getswitchinterval()
    with interpreter_turns.short_turns():
        assert sys.getswitchinterval() == interpreter_turns.SHORT_TURN
        with pytest.raises(OSError), interpreter_turns.short_turns():
            raise OSError('a build that failed')
        assert sys.getswitchinterval() == interpreter_turns.SHORT_TURN  # One still runs.
    assert sys.getswitchinterval() == turn


def test_a_switch_interval_already_shorter_is_kept() -> None:
    turn = sys.getswitchinterval()
    sys.setswitchinterval(interpreter_turns.SHORT_TURN / 2)
    try:
        with interpreter_turns.short_turns():
            assert sys.getswitchinterval() == interpreter_turns.SHORT_TURN / 2
        assert sys.getswitchinterval() == interpreter_turns.SHORT_TURN / 2
    finally:
        sys.setswitchinterval(turn)
