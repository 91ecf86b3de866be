"""Background reading steps aside while a search or a session's log is read."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from desk_browser.live.foreground import Foreground
from desk_browser.live.session_counting import counted_batches
from desk_browser.presentation.desk_data import read_overview
from desk_browser.ui.app import make_app
from desk_browser.ui.screens.main_screen import MainScreen


def _stepping_aside(foreground: Foreground, longest: float = 30.0) -> threading.Event:
    """Starts a thread that steps aside; the event is set once it goes on."""
    went_on = threading.Event()

    def run() -> None:
        foreground.step_aside(longest)
        went_on.set()

    threading.Thread(target=run, daemon=True).start()
    return went_on


def test_with_nothing_busy_background_reading_goes_straight_on() -> None:
    foreground = Foreground()
    assert not foreground.is_busy
    assert _stepping_aside(foreground).wait(10)


def test_background_reading_waits_until_the_foreground_work_ends() -> None:
    foreground = Foreground()
    with foreground.busy():
        assert foreground.is_busy
        went_on = _stepping_aside(foreground)
        assert not went_on.wait(0.2)
    assert not foreground.is_busy
    assert went_on.wait(10)


def test_nested_foreground_work_holds_the_background_until_the_last_ends() -> None:
    foreground = Foreground()
    with foreground.busy():
        with foreground.busy():
            went_on = _stepping_aside(foreground)
        assert foreground.is_busy
        assert not went_on.wait(0.2)
    assert went_on.wait(10)


def test_background_reading_is_never_held_longer_than_its_longest_pause() -> None:
    foreground = Foreground()
    with foreground.busy():
        assert _stepping_aside(foreground, longest=0.05).wait(10)


def test_foreground_work_that_fails_still_lets_the_background_go_on() -> None:
    foreground = Foreground()
    try:
        with foreground.busy():
            raise ValueError('the search failed')
    except ValueError:
        pass
    assert not foreground.is_busy


def test_every_screen_shares_the_app_s_one_foreground(demo_desk: Path) -> None:
    # A screen gets the app's services in its constructor: no screen makes a Foreground of its
    # own (which would switch off the coordination it exists for), and none can be built without.
    app = make_app(demo_desk)
    main = app.get_default_screen()
    assert isinstance(main, MainScreen)
    assert main.services is app.services
    assert isinstance(app.services.foreground, Foreground)
    with pytest.raises(TypeError):
        MainScreen()  # type: ignore[call-arg]


def test_the_session_counting_steps_aside_before_each_log(demo_desk: Path) -> None:
    overview = read_overview(demo_desk, counted=0)
    calls: list[None] = []
    batches = list(
        counted_batches(
            demo_desk, overview, lambda: False, before_each_log=lambda: calls.append(None)
        )
    )
    counted = [entry for entries, _problems in batches for entry in entries]
    waiting = [entry for entry in overview.sessions if not entry.counted]
    assert len(calls) == len(waiting) == len(counted) > 0
