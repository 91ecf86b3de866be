"""The interpreter's turns are short while an index build runs, and as they were after the last."""

from __future__ import annotations

import sys
import threading

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


def test_waiting_while_building_goes_on_at_once_when_no_build_runs() -> None:
    assert not interpreter_turns.building()
    assert interpreter_turns.wait_while_building(lambda: False)


def test_waiting_while_building_ends_when_the_last_build_ends() -> None:
    went_on = threading.Event()

    def reader() -> None:
        if interpreter_turns.wait_while_building(lambda: False):
            went_on.set()

    with interpreter_turns.short_turns():
        with interpreter_turns.short_turns():
            assert interpreter_turns.building()
            thread = threading.Thread(target=reader, daemon=True)
            thread.start()
        assert not went_on.wait(0.2)  # One build still runs.
    assert went_on.wait(10)
    assert not interpreter_turns.building()


def test_waiting_while_building_stops_when_told() -> None:
    stop = threading.Event()
    answers: list[bool] = []
    with interpreter_turns.short_turns():
        thread = threading.Thread(
            target=lambda: answers.append(interpreter_turns.wait_while_building(stop.is_set)),
            daemon=True,
        )
        thread.start()
        stop.set()
        thread.join(10)
        assert answers == [False]


def test_a_reader_s_short_turns_are_no_build_and_keep_the_interval_until_the_last_holder() -> None:
    turn = sys.getswitchinterval()
    with interpreter_turns.short_turns(build=False):
        assert sys.getswitchinterval() == interpreter_turns.SHORT_TURN
        assert not interpreter_turns.building()  # A reader never waits for itself.
        assert interpreter_turns.wait_while_building(lambda: False)
        with interpreter_turns.short_turns():
            assert interpreter_turns.building()
        assert not interpreter_turns.building()
        assert sys.getswitchinterval() == interpreter_turns.SHORT_TURN  # The reader still holds.
    assert sys.getswitchinterval() == turn
