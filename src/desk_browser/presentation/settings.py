"""The person's settings (the theme), kept in their config folder, never in the desk.

``settings.json`` in the user config folder; a damaged file means none; saving never raises.
"""

from __future__ import annotations

import json
import logging
import os
from dataclasses import dataclass
from pathlib import Path

import platformdirs

_LOGGER = logging.getLogger(__name__)

SETTINGS_FILE_NAME = 'settings.json'


@dataclass
class Settings:
    """What the app remembers between runs: the Textual `theme` last chosen (None: the default)."""

    theme: str | None = None


def default_settings_path() -> Path:
    """Where the settings live (it may not exist yet): settings.json in the config folder."""
    return Path(platformdirs.user_config_dir('desk-browser')) / SETTINGS_FILE_NAME


def load_settings(path: Path) -> Settings:
    """Reads the settings; the defaults when the file is missing or damaged."""
    try:
        data = json.loads(path.read_text(encoding='utf-8'))
    except (OSError, ValueError):
        return Settings()
    if not isinstance(data, dict):
        return Settings()
    theme = data.get('theme')
    return Settings(theme=theme if isinstance(theme, str) else None)


def save_settings(path: Path, settings: Settings) -> bool:
    """Writes the settings, replacing the file in one step; False when they were not written."""
    temporary_path = path.with_name(f'.{path.name}.{os.getpid()}.tmp')
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            temporary_path.write_text(
                json.dumps({'theme': settings.theme}) + '\n', encoding='utf-8'
            )
            os.replace(temporary_path, path)
        except BaseException:  # A full disk leaves half a file: never beside the settings.
            temporary_path.unlink(missing_ok=True)
            raise
    except OSError as error:
        _LOGGER.warning('Could not save the settings to %s: %s', path, error)
        return False
    return True
