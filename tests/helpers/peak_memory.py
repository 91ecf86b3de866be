"""Measuring a child process's own peak memory, for the tests that bound it."""

from __future__ import annotations

PEAK_BYTES_SOURCE = """
def peak_bytes():
    # VmHWM is this process's own peak. ru_maxrss is kept across execve, so a child of a big
    # parent (pytest after a thousand tests) reports the parent's peak instead (getrusage(2)).
    try:
        with open('/proc/self/status') as status:
            for line in status:
                if line.startswith('VmHWM:'):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    import resource
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
"""
"""Python source defining `peak_bytes()`, for a program a test runs with `python -c`."""
