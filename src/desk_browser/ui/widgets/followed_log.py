"""A followed session's new lines on screen: the exchange view grows, the "N new" marker counts."""

from __future__ import annotations

from desk_browser.live.live_desk import LogGrowth
from desk_browser.presentation.desk_data import SessionLog
from desk_browser.ui.widgets.exchange_view import ExchangeView
from desk_browser.ui.widgets.new_exchanges_marker import NewExchangesMarker


async def show_log_growth(
    view: ExchangeView, marker: NewExchangesMarker, growth: LogGrowth
) -> None:
    """Shows what a followed log gained in the view; `marker` counts what came out of view."""
    if growth.restarted:
        await view.show_log(
            SessionLog(
                session_id=growth.session_id,
                exchanges=growth.new_exchanges,
                problems=growth.new_problems,
                pending_bytes=growth.pending_bytes,
            )
        )
        marker.count = 0
        return
    unseen = await view.add_exchanges(
        growth.session_id, growth.new_exchanges, growth.new_problems, growth.pending_bytes
    )
    marker.count += unseen
