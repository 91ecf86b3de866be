"""The words of the demo desk's day summaries and notes, drawn from the caller's `random.Random`."""

from __future__ import annotations

import datetime
import random

from desk_browser.demo.market import DayContext, price_text, rupees

_TOPIC_WORDS = {
    'gap': 'the opening gap',
    'vwap': 'trading around VWAP',
    'expiry': 'expiry risk',
    'rollover': 'the futures rollover',
    'rbi': 'the RBI policy',
    'hedge': 'hedging',
    'review': 'routine reviews',
    'stop': 'stop-loss discipline',
    'results': 'results moves',
    'search': "the trader's questions",
}


def summary_text(
    random_source: random.Random, context: DayContext, sessions: int, exchanges: int
) -> str:
    """Draws a finished day's summary in Markdown (heading, paragraphs, bullets), newline-ended."""
    topics: list[str] = []
    for topic in context.topics:
        if topic not in topics:
            topics.append(topic)
    main_topics = [_TOPIC_WORDS[topic] for topic in topics[:3]]
    nifty = context.prices['NIFTY']
    mood = (
        'flat'
        if abs(context.gap_percent) < 0.3
        else ('weak' if context.gap_percent < 0 else 'firm')
    )
    paragraphs = [
        f'# {context.day.isoformat()} — {main_topics[-1].capitalize()}',
        (
            f'Nifty 50 opened with a {context.gap_percent:+.1f}% gap and closed {mood} near '
            f'{price_text(nifty)}. The desk ran {sessions} '
            f'session{"s" if sessions > 1 else ""} and '
            f'answered {exchanges} triggers, mostly about {", ".join(main_topics)}.'
        ),
        (
            f'Orders: {context.order_count} placed, {context.filled} filled, '
            f'{context.rejected} rejected by risk. Day P&L {rupees(context.pnl)}.'
        ),
        '\n'.join(
            random_source.sample(
                (
                    '- Kept every stop-loss; no order went out without one.',
                    '- The hedge (puts on NIFTY) cost more than it saved today.',
                    '- VWAP entries worked better than chasing the gap.',
                    '- Rollover of index futures is due before the monthly expiry.',
                    '- BANKNIFTY stayed volatile around the RBI policy news.',
                    '- Risk rejected an oversized order; the limit held.',
                    '- Margin use stayed under 60% all day.',
                ),
                3,
            )
        ),
        random_source.choice(
            (
                'Tomorrow: watch the open for another gap, and review the hedge at 10:30.',
                'Tomorrow: expiry week; keep positions small and roll early.',
                'Tomorrow: no events scheduled; trade the range around VWAP.',
            )
        ),
    ]
    return '\n\n'.join(paragraphs) + '\n'


def note_text(topic: str, day: datetime.date) -> str:
    """Writes one of the desk's notes (`topic`, such as "nifty-gap") in Markdown, for `day`."""
    if topic == 'nifty-gap':
        return (
            f'# NIFTY gap, {day.isoformat()}\n\n'
            'NIFTY gapped down at the open and filled half the gap by 11:00.\n\n'
            '- Do not short the first 15 minutes after a gap.\n'
            '- Re-entry at VWAP worked; the stop-loss sat under the day low.\n'
        )
    if topic == 'rbi-policy':
        return (
            f'# RBI policy day, {day.isoformat()}\n\n'
            'Repo rate unchanged; BANKNIFTY moved 1.1% within ten minutes.\n\n'
            '| Symbol | Move |\n| --- | ---: |\n| BANKNIFTY | +1.1% |\n| HDFCBANK | +1.4% |\n'
        )
    if topic == 'banknifty-expiry':
        return (
            f'# BANKNIFTY expiry, {day.isoformat()}\n\n'
            'Pin risk near the 52,000 strike. Close short options by 14:30 on expiry day; '
            'rollover the futures a day before.\n'
        )
    if topic == 'watchlist':
        return (
            '# Watchlist\n\n'
            '- **RELIANCE**: results next week; no fresh positions before.\n'
            '- **INFY**, **TCS**: IT weak on the rupee (₹ at 84.2).\n'
            '- **HDFCBANK**: above VWAP three days running.\n'
            f'\nUpdated {day.isoformat()}.\n'
        )
    return (
        '# Playbook\n\n'
        '## Gaps\n\n'
        'Wait for the 09:30 range. A gap that holds VWAP for an hour is a trend day.\n\n'
        '## Expiry and rollover\n\n'
        '- Roll index futures two days before the monthly expiry.\n'
        '- No naked short options on expiry day after 14:30.\n\n'
        '## Risk\n\n'
        'Every order carries a stop-loss. Max daily loss ₹50,000; '
        'the risk check rejects the rest.\n'
    )
