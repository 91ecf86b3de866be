"""The records of a desk's sessions folder: exchanges, the state, and daily summaries.

Each record reads its JSON form strictly: a field of the wrong type is an error (TypeError or
ValueError), never a record that fails later. session_store re-exports every name here; they
are its documented classes, imported from there.

Typical usage example:

    exchange = Exchange.from_json_dictionary(json.loads(line))
    state = SessionState.from_json_dictionary(data)
"""

from __future__ import annotations

import dataclasses
import datetime
from typing import Any, Self

EXCHANGE_FIELDS = ('trigger_text', 'answer', 'backend_name', 'finished_at')
"""The fields of an exchange's JSON line, each a string."""


@dataclasses.dataclass
class Exchange:
    """One finished turn: what the desk was told and what it answered.

    Attributes:
        trigger_text (str): The trigger's text.
        answer (str): The final answer.
        backend_name (str): The backend that answered.
        finished_at (str): When the turn finished, as an ISO 8601 string in UTC.
    """

    trigger_text: str
    answer: str
    backend_name: str
    finished_at: str

    def to_json_dictionary(self) -> dict[str, Any]:
        """Converts the exchange to a dictionary that json.dumps can write.

        Returns:
            dict[str, Any]: The exchange's fields.
        """
        return dataclasses.asdict(self)

    @classmethod
    def from_json_dictionary(cls, data: dict[str, Any]) -> Self:
        """Reads an exchange written by to_json_dictionary.

        Args:
            data (dict[str, Any]): The dictionary.

        Returns:
            Self: Exchange: The exchange.

        Raises:
            KeyError: A field is missing.
            TypeError: A field is not a string.
        """
        for field in EXCHANGE_FIELDS:
            if not isinstance(data[field], str):
                raise TypeError(f'wrong type for field "{field}"')
        return cls(
            trigger_text=data['trigger_text'],
            answer=data['answer'],
            backend_name=data['backend_name'],
            finished_at=data['finished_at'],
        )


@dataclasses.dataclass
class RouteState:
    """What one backend needs to pick up the current session after a restart.

    Attributes:
        exchanges_seen (int): How many of the session's exchanges the backend already knows
            about.
        runner_state (dict[str, Any] | None): What the backend's turn runner saved, such as
            Claude's session id, or None when it keeps nothing.
    """

    exchanges_seen: int
    runner_state: dict[str, Any] | None


@dataclasses.dataclass
class SessionState:
    """Which session is current.

    Attributes:
        session_id (str): The session's identifier, such as "2026-10-19-1".
        trading_date (datetime.date): The India date the session belongs to.
        routes (dict[str, RouteState]): Each backend's state, keyed by the backend's name.
    """

    session_id: str
    trading_date: datetime.date
    routes: dict[str, RouteState]

    def to_json_dictionary(self) -> dict[str, Any]:
        """Converts the state to a dictionary that json.dumps can write.

        Returns:
            dict[str, Any]: The state, with the date as an ISO 8601 string.
        """
        routes = {}
        for name, route in self.routes.items():
            routes[name] = {
                'exchanges_seen': route.exchanges_seen,
                'runner_state': route.runner_state,
            }
        return {
            'session_id': self.session_id,
            'trading_date': self.trading_date.isoformat(),
            'routes': routes,
        }

    @classmethod
    def from_json_dictionary(cls, data: dict[str, Any]) -> Self:
        """Reads a state written by to_json_dictionary.

        A missing routes field reads as no routes, and a missing exchanges_seen as 0.

        Args:
            data (dict[str, Any]): The dictionary.

        Returns:
            Self: SessionState: The state.

        Raises:
            KeyError: A field is missing.
            ValueError: The date is not an ISO 8601 date, exchanges_seen is not a whole number
                of at least 0, or the session id cannot name a file.
            TypeError: A field has the wrong type.
        """
        session_id = data['session_id']
        if not isinstance(session_id, str):
            raise TypeError('wrong type for field "session_id"')
        if not session_id or any(character in session_id for character in '/\\\0'):
            raise ValueError('not a file name in field "session_id"')
        trading_date_text = data['trading_date']
        if not isinstance(trading_date_text, str):
            raise TypeError('wrong type for field "trading_date"')
        try:
            trading_date = datetime.date.fromisoformat(trading_date_text)
        except ValueError:
            raise ValueError('not a date in field "trading_date"') from None
        routes_data = data.get('routes', {})
        if not isinstance(routes_data, dict):
            raise TypeError('wrong type for field "routes"')
        routes = {}
        for name, route in routes_data.items():
            if not isinstance(route, dict):
                raise TypeError(f'wrong type for route "{name}"')
            runner_state = route.get('runner_state')
            if runner_state is not None and not isinstance(runner_state, dict):
                raise TypeError(f'wrong type for field "runner_state" of route "{name}"')
            routes[name] = RouteState(
                exchanges_seen=_exchanges_seen(name, route.get('exchanges_seen', 0)),
                runner_state=runner_state,
            )
        return cls(session_id=session_id, trading_date=trading_date, routes=routes)


def _exchanges_seen(route_name: str, value: Any) -> int:
    """Reads a route's exchanges_seen.

    Args:
        route_name (str): The route, for the error message.
        value (Any): The stored value: a whole number, possibly written as a float or a string.

    Returns:
        int: The number.

    Raises:
        TypeError: The value is not a number or a string (true and false are not numbers).
        ValueError: The value is not a whole number of at least 0.
    """
    where = f'field "exchanges_seen" of route "{route_name}"'
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise TypeError(f'wrong type for {where}')
    try:
        if isinstance(value, float) and not value.is_integer():
            raise ValueError
        number = int(value)
    except (ValueError, OverflowError):
        raise ValueError(f'not a whole number in {where}') from None
    if number < 0:
        raise ValueError(f'negative {where}')
    return number


@dataclasses.dataclass
class DailySummary:
    """The summary written when one day's session ended.

    Attributes:
        trading_date (datetime.date): The day it summarises.
        text (str): The summary.
    """

    trading_date: datetime.date
    text: str
