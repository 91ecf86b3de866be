"""A real terminal for the benchmarks: programs run in tmux, their screens polled as text.

One tmux server of the benchmark's own (its own socket, no user configuration) runs for the
benchmark's whole run, kept alive by an idle session, so no measurement pays for starting it.
Commands go to it through one control-mode client (`tmux -C`) over a pipe: polling a screen is
a round trip on that pipe, not a new process each time, so polling every few milliseconds takes
little from the two cores the measured program runs on.

Clocks: a program's time from the command starts just before `new-session` is sent (the moment
a person presses Enter, give or take tmux's fork); a key's time starts just before `send-keys`.
A screen counts as drawn when a capture of the pane shows it.

Programs run without PYTHONDONTWRITEBYTECODE (which this machine's shells set): an installed
program reads its modules' bytecode, and compiling them at every start would count against it.
"""

from __future__ import annotations

import contextlib
import os
import re
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

POLL_SECONDS = 0.004
"""How long the poller sleeps between two captures."""

Screen = list[str]
"""A captured pane: its lines, top first."""


class TmuxError(RuntimeError):
    """tmux answered a command with an error, or went away."""


class Terminal:
    """A private tmux server and one control-mode client talking to it."""

    def __init__(self, socket_name: str) -> None:
        self.socket_name = socket_name
        self._number = 0
        # Programs run as installed ones do: writing and reading their bytecode caches.
        environment = dict(os.environ)
        environment.pop('PYTHONDONTWRITEBYTECODE', None)
        self._client = subprocess.Popen(
            ['tmux', '-L', socket_name, '-f', '/dev/null', '-C', 'new-session', '-s', 'keeper'],
            env=environment,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self.command('set-option -g status off')

    def command(self, line: str) -> list[str]:
        """Sends one tmux command and returns its output lines.

        Raises:
            TmuxError: tmux answered with an error, or the client went away.
        """
        assert self._client.stdin is not None and self._client.stdout is not None
        self._client.stdin.write(line + '\n')
        self._client.stdin.flush()
        output: list[str] = []
        inside = False
        while True:
            reply = self._client.stdout.readline()
            if not reply:
                raise TmuxError(f'tmux went away after {line!r}')
            reply = reply.rstrip('\n')
            if not inside:
                # Blocks flagged 1 answer this client's commands (0: the start-up command's).
                inside = reply.startswith('%begin ') and reply.endswith(' 1')
                continue
            if reply.startswith('%end '):
                return output
            if reply.startswith('%error '):
                raise TmuxError(f'{line!r}: {" ".join(output)}')
            output.append(reply)

    def close(self) -> None:
        """Ends the benchmark's tmux server (and whatever still runs in it)."""
        with contextlib.suppress(TmuxError):
            self.command('kill-server')
        self._client.wait(timeout=10)


def quoted(text: str) -> str:
    """Quotes a word for a tmux command line."""
    return "'" + text.replace("'", "'\\''") + "'"


@dataclass
class Pane:
    """A program running in a session of its own, at a fixed size."""

    terminal: Terminal
    name: str
    started: float
    """perf_counter() just before the session was asked for."""

    @classmethod
    def start(
        cls,
        terminal: Terminal,
        name: str,
        command: list[str],
        environment: dict[str, str],
        size: tuple[int, int],
        folder: Path,
    ) -> Pane:
        """Starts a command in a new detached session (exec'd, so the pane's process is it)."""
        assignments = ' '.join(f'{key}={quoted(value)}' for key, value in environment.items())
        shell = f'cd {quoted(str(folder))} && exec env {assignments} ' + ' '.join(
            quoted(word) for word in command
        )
        line = f'new-session -d -s {name} -x {size[0]} -y {size[1]} {quoted(shell)}'
        started = time.perf_counter()
        terminal.command(line)
        return cls(terminal, name, started)

    def capture(self) -> Screen:
        """The pane's visible lines now."""
        return self.terminal.command(f'capture-pane -p -t ={self.name}:')

    def alive(self) -> bool:
        sessions = self.terminal.command("list-sessions -F '#{session_name}'")
        return self.name in sessions

    def pid(self) -> int:
        return int(self.terminal.command(f"display-message -p -t ={self.name}: '#{{pane_pid}}'")[0])

    def send(self, *keys: str) -> float:
        """Sends keys (tmux key names); returns perf_counter() just before sending."""
        now = time.perf_counter()
        self.terminal.command(f'send-keys -t ={self.name}: ' + ' '.join(keys))
        return now

    def wait_for(self, condition: Callable[[Screen], bool], timeout: float = 60.0) -> float:
        """Polls until a capture satisfies a condition; returns when that capture was taken."""
        deadline = time.perf_counter() + timeout
        while True:
            screen = self.capture()
            now = time.perf_counter()
            if condition(screen):
                return now
            if now > deadline:
                raise TimeoutError(
                    f'{self.name}: never showed it; last screen:\n' + '\n'.join(screen)
                )
            time.sleep(POLL_SECONDS)

    def wait_quiet(
        self,
        region: Callable[[Screen], Screen],
        before: Screen,
        quiet: float = 0.4,
        timeout: float = 30.0,
        condition: Callable[[Screen], bool] | None = None,
    ) -> tuple[float, Screen]:
        """Waits until a region changed from `before` and then stayed still for `quiet` seconds.

        A redraw may come in several frames (a scroll, then a correction): the time returned
        is when the region's final content was first captured.

        Returns:
            perf_counter() at the first capture of the final content, and that content.
        """
        deadline = time.perf_counter() + timeout
        last = region(before)
        changed_at: float | None = None
        while True:
            screen = region(self.capture())
            now = time.perf_counter()
            if screen != last:
                last = screen
                changed_at = now
            elif (
                changed_at is not None
                and now - changed_at >= quiet
                and (condition is None or condition(last))
            ):
                return changed_at, last
            if now > deadline:
                raise TimeoutError(f'{self.name}: the screen never settled:\n' + '\n'.join(last))
            time.sleep(POLL_SECONDS)

    def cpu_seconds(self) -> float:
        """The CPU time the pane's process has used so far, all its threads (schedstat, in ns).

        Unlike the time on the clock, it hardly grows when other work shares the cores.
        """
        total = 0
        for task in Path(f'/proc/{self.pid()}/task').iterdir():
            try:
                total += int((task / 'schedstat').read_text().split()[0])
            except (OSError, ValueError, IndexError):
                continue  # A thread that just ended.
        return total / 1e9

    def peak_memory_megabytes(self) -> float:
        """The pane's process's peak resident memory (VmHWM), in MB."""
        status = Path(f'/proc/{self.pid()}/status').read_text(encoding='utf-8')
        match = re.search(r'^VmHWM:\s+(\d+) kB', status, re.MULTILINE)
        return int(match.group(1)) / 1024 if match else float('nan')

    def stop(self, quit_keys: tuple[str, ...] = ('q',), timeout: float = 5.0) -> None:
        """Quits with the program's own keys, killing the session if it stays."""
        try:
            self.send(*quit_keys)
            deadline = time.perf_counter() + timeout
            while self.alive() and time.perf_counter() < deadline:
                time.sleep(0.05)
            if self.alive():
                self.terminal.command(f'kill-session -t ={self.name}')
        except TmuxError:
            pass


def environment_for(**extra: str) -> dict[str, str]:
    """What a measured program's environment adds to tmux's: a colour terminal and `extra`."""
    values = {'COLORTERM': 'truecolor', 'LANG': os.environ.get('LANG', 'C.UTF-8')}
    values.update(extra)
    return values


def has_tmux() -> bool:
    try:
        subprocess.run(['tmux', '-V'], capture_output=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        return False
    return True
