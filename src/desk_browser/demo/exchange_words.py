"""The words of the demo desk's exchanges: triggers, tool calls, Markdown answers and orders.

Drawn from the caller's `random.Random`; the builder fills each event's `time`.
"""

from __future__ import annotations

import random
from typing import Any

from desk_browser.demo.market import (
    BACKENDS,
    INSTRUMENTS,
    DayContext,
    Instrument,
    futures_symbol,
    new_event,
    option_symbol,
    price_text,
    rupees,
    strike_near,
)

_SCENARIOS = (
    'gap',
    'vwap',
    'expiry',
    'rollover',
    'rbi',
    'hedge',
    'review',
    'stop',
    'results',
    'search',
)

_REVIEW_TRIGGERS = (
    'Scheduled check: review open positions and P&L',
    'Hourly risk review',
    'Scheduled check: margin usage and exposure',
    'Midday review: positions against VWAP',
    'Pre-close check: square off intraday positions',
)

_TRADER_QUESTIONS = (
    'Why did we not hedge the {name} long?',
    'Tighten the stop-loss on {name} to {stop}',
    "What is our exposure into this week's expiry?",
    'Summarise the day so far, briefly',
    'Is {name} still above VWAP? Should we add?',
    'Can we roll the {name} futures early this month?',
    'What did we do the last time {name} gapped like this?',
)

_SOURCES = ('schedule', 'market_alert', 'trader')

_PRE_TRIGGER_TEXTS = (
    'Nifty 50 — flat in pre-open; GIFT Nifty cues mixed.',
    'Pre-open: **Nifty 50 — flat**, BANKNIFTY +0.2%. FII data: net sellers ₹1,240 cr yesterday.',
    "Loaded yesterday's summary. Open positions carried: see `positions` at 09:15.",
    'Overnight: US markets mixed, crude steady. No RBI policy events today.',
)


def pre_trigger_texts(random_source: random.Random, context: DayContext) -> list[dict[str, Any]]:
    """Draws the one or two `text` events a desk writes before its first trigger of the day."""
    count = random_source.randint(1, 2)
    backend = random_source.choice(BACKENDS)
    return [
        new_event('text', text=random_source.choice(_PRE_TRIGGER_TEXTS), backend=backend)
        for _ in range(count)
    ]


def _trigger(
    random_source: random.Random, scenario: str, instrument: Instrument, context: DayContext
) -> tuple[str, str]:
    """Draws a trigger's text and source for a scenario."""
    price = context.prices[instrument.name]
    gap = context.gap_percent
    choice = random_source.choice
    if scenario == 'gap':
        direction = 'down' if gap < 0 else 'up'
        return (
            f'{instrument.name} gapped {direction} {abs(gap) or 0.4:.1f}% at the open '
            f'({price_text(price)})',
            'market_alert',
        )
    if scenario == 'vwap':
        side = choice(('fell below', 'reclaimed', 'is testing'))
        return f'{instrument.name} {side} VWAP ({price_text(price * 0.998)})', 'market_alert'
    if scenario == 'expiry':
        return (
            choice(
                (
                    'Expiry day: check short options and pin risk',
                    f'Weekly expiry tomorrow: {instrument.name} positions',
                    'Expiry check: theta on short straddles',
                )
            ),
            'schedule',
        )
    if scenario == 'rollover':
        return (
            choice(
                (
                    f'Rollover window open: {futures_symbol(instrument, context.day)}',
                    f'Roll the {instrument.name} futures to next month?',
                )
            ),
            choice(('schedule', 'trader')),
        )
    if scenario == 'rbi':
        return (
            choice(
                (
                    'RBI policy: repo rate unchanged at 6.50%, stance neutral',
                    'RBI policy at 10:00: banks volatile, BANKNIFTY +1.1%',
                    'RBI policy minutes out; bond yields up 4 bp',
                )
            ),
            'market_alert',
        )
    if scenario == 'hedge':
        return (
            choice(
                (
                    f'India VIX jumped {random_source.uniform(4, 12):.0f}% — hedge the book?',
                    f'Hedge {instrument.name} exposure before the close',
                )
            ),
            choice(('market_alert', 'trader')),
        )
    if scenario == 'stop':
        stop = price_text(price * 0.985)
        return (
            choice(
                (
                    f'{instrument.name} hit the stop-loss at {stop}',
                    f'Stop-loss alert: {instrument.name} within 0.3% of {stop}',
                )
            ),
            'market_alert',
        )
    if scenario == 'results':
        move = random_source.uniform(-4.5, 4.5)
        return (
            f'{instrument.name} {move:+.1f}% after quarterly results; volume 3x average',
            'market_alert',
        )
    if scenario == 'search':
        return (
            choice(_TRADER_QUESTIONS).format(name=instrument.name, stop=price_text(price * 0.985)),
            'trader',
        )
    return choice(_REVIEW_TRIGGERS), 'schedule'


def _tool_events(
    random_source: random.Random, scenario: str, instrument: Instrument, context: DayContext
) -> list[dict[str, Any]]:
    """Draws the tool calls and results of one exchange."""
    events: list[dict[str, Any]] = []
    price = context.prices[instrument.name]
    if scenario == 'search' or random_source.random() < 0.12:
        query = random_source.choice(
            (
                f'{instrument.name} gap',
                'stop-loss',
                f'{instrument.name.lower()} expiry',
                'hedge VIX',
                'RBI policy',
                'rollover',
            )
        )
        hits = random_source.randint(0, 6)
        events.append(new_event('tool_call', tool='search_sessions', input={'query': query}))
        if random_source.random() < 0.5:
            output: Any = f'{hits} hits for "{query}"; newest first.'
        else:
            output = {
                'query': query,
                'hits': hits,
                'matched_every_word': hits > 0,
            }
        events.append(new_event('tool_result', tool='search_sessions', output=output))
    tools = random_source.sample(
        ('quote', 'positions', 'option_chain'), random_source.randint(0, 2)
    )
    for tool in tools:
        if tool == 'quote':
            events.append(new_event('tool_call', tool='quote', input={'symbol': instrument.name}))
            events.append(
                new_event(
                    'tool_result',
                    tool='quote',
                    output={
                        'symbol': instrument.name,
                        'ltp': price,
                        'change_percent': round(random_source.uniform(-2.5, 2.5), 2),
                        'vwap': round(price * random_source.uniform(0.995, 1.005), 1),
                    },
                )
            )
        elif tool == 'positions':
            events.append(new_event('tool_call', tool='positions', input={}))
            lots = random_source.randint(1, 4)
            events.append(
                new_event(
                    'tool_result',
                    tool='positions',
                    output={
                        'positions': [
                            {
                                'symbol': futures_symbol(instrument, context.day),
                                'quantity': lots * instrument.lot_size,
                                'average_price': round(
                                    price * random_source.uniform(0.99, 1.01), 1
                                ),
                            }
                        ],
                        'margin_used_percent': random_source.randint(18, 72),
                    },
                )
            )
        else:
            strike = strike_near(instrument, price)
            events.append(
                new_event(
                    'tool_call',
                    tool='option_chain',
                    input={'symbol': instrument.name, 'expiry': 'weekly'},
                )
            )
            events.append(
                new_event(
                    'tool_result',
                    tool='option_chain',
                    output=(
                        f'{instrument.name} weekly expiry: '
                        f'PCR {random_source.uniform(0.6, 1.5):.2f}, '
                        f'max pain {strike}, IV {random_source.uniform(10, 22):.1f}%, '
                        f'highest OI {strike + 2 * instrument.strike_step} CE / '
                        f'{strike - 2 * instrument.strike_step} PE'
                    ),
                )
            )
    return events


_HEADINGS = {
    'gap': ('Gap at the open', 'Opening gap: plan', '{name} gapped — what we do'),
    'vwap': ('VWAP check', '{name} against VWAP', 'Intraday trend'),
    'expiry': ('Expiry risk', 'Weekly expiry', 'Pin risk into expiry'),
    'rollover': ('Rollover', 'Roll to next month', 'Futures rollover'),
    'rbi': ('RBI policy', 'Rates and banks', 'After the RBI policy'),
    'hedge': ('Hedge', 'Hedging the book', 'Volatility up: hedge'),
    'review': ('Position review', 'Where we stand', 'Book check'),
    'stop': ('Stop-loss', '{name} stop-loss', 'Stop hit'),
    'results': ('Results move', '{name} results', 'Earnings reaction'),
    'search': ("From the desk's past", 'Answer', 'Looking back'),
}

_PAST_OUTCOMES = (
    'held through the gap',
    'cut at the stop-loss',
    'hedged with puts',
    'rolled early',
)

_DECISIONS = ('hold', 'reduce', 'add on a dip', 'exit', 'hedge', 'wait for 09:30 range')


def _first_part(
    random_source: random.Random, scenario: str, instrument: Instrument, context: DayContext
) -> str:
    """Draws the first part of an answer: a heading and bullets."""
    choice = random_source.choice
    price = context.prices[instrument.name]
    heading = choice(_HEADINGS[scenario]).format(name=instrument.name)
    vwap = price * random_source.uniform(0.995, 1.005)
    stop = price * random_source.uniform(0.975, 0.992)
    bullets = [
        f'- {instrument.name} at **{price_text(price)}**, VWAP {price_text(vwap)} '
        f'({"above" if price >= vwap else "below"})',
        f'- Stop-loss: {price_text(stop)} '
        f'(risk {rupees((price - stop) * instrument.lot_size)} a lot)',
    ]
    if scenario == 'gap':
        bullets.insert(0, f"- Gap: **{context.gap_percent:+.1f}%** against yesterday's close")
    elif scenario == 'expiry':
        bullets.append(
            f'- Short {strike_near(instrument, price)} straddle: theta working, '
            'gamma rising into expiry'
        )
    elif scenario == 'rollover':
        bullets.append(
            f'- Rollover cost: {random_source.uniform(0.3, 0.9):.2f}% (spread to next month)'
        )
    elif scenario == 'rbi':
        bullets.append('- RBI policy as expected; banks led, HDFCBANK +1.4%')
    elif scenario == 'hedge':
        bullets.append(
            f'- Hedge with {strike_near(instrument, price * 0.98)} PE, '
            f'cost {rupees(random_source.uniform(4000, 20000))}'
        )
    elif scenario == 'search':
        bullets.append(
            f'- Last time: {choice(_PAST_OUTCOMES)}; '
            f'it worked {choice(("well", "poorly", "as planned"))}'
        )
    if random_source.random() < 0.3:
        bullets.append('- Nifty 50 — flat; breadth weak')
    return f'## {heading}\n\n' + '\n'.join(bullets)


def _table_part(random_source: random.Random, context: DayContext) -> str:
    """Draws a small Markdown table of positions."""
    rows = ['| Symbol | Qty | Avg | LTP | P&L |', '| --- | ---: | ---: | ---: | ---: |']
    for instrument in random_source.sample(INSTRUMENTS, random_source.randint(2, 3)):
        price = context.prices[instrument.name]
        average = price * random_source.uniform(0.985, 1.015)
        quantity = instrument.lot_size * random_source.randint(1, 3) * random_source.choice((1, -1))
        pnl = (price - average) * quantity
        rows.append(
            f'| {futures_symbol(instrument, context.day)} | {quantity} | {price_text(average)} '
            f'| {price_text(price)} | {rupees(pnl)} |'
        )
    return '\n'.join(rows)


def _decision_part(
    random_source: random.Random, instrument: Instrument, context: DayContext
) -> str:
    """Draws an answer's decision paragraph."""
    decision = random_source.choice(_DECISIONS)
    return (
        f'Decision: **{decision}** on {instrument.name}. Day P&L so far {rupees(context.pnl)}; '
        f'fills {context.filled}, risk rejections {context.rejected}.'
    )


def _next_part(random_source: random.Random, instrument: Instrument) -> str:
    """Draws an answer's closing bullets."""
    items = random_source.sample(
        (
            f'- Re-check {instrument.name} at the next hourly review',
            '- Keep the stop-loss; no averaging down',
            '- Watch VWAP for a re-entry',
            '- Rollover decision by Wednesday, before expiry',
            '- Note the gap behaviour in the playbook',
            '- Hedge stays on until VIX cools',
        ),
        2,
    )
    return '**Next**\n\n' + '\n'.join(items)


_REJECT_REASONS = (
    'exposure above the 40% of capital limit',
    'stop-loss missing on the order',
    'max daily loss reached (₹50,000)',
    'outside the trading window (no entries after 15:00)',
    'quantity is not a multiple of the lot size',
)


def _order_events(
    random_source: random.Random, instrument: Instrument, context: DayContext
) -> list[dict[str, Any]]:
    """Draws a risk decision and, when approved, an order's life."""
    price = context.prices[instrument.name]
    use_option = random_source.random() < 0.3
    if use_option:
        kind = random_source.choice(('CE', 'PE'))
        strike = strike_near(instrument, price)
        symbol = option_symbol(instrument, context.day, strike, kind)
        order_price = round(random_source.uniform(40, 320), 1)
    else:
        symbol = futures_symbol(instrument, context.day)
        order_price = round(price * random_source.uniform(0.998, 1.002), 1)
    side = random_source.choice(('BUY', 'SELL'))
    quantity = instrument.lot_size * random_source.randint(1, 4)
    if random_source.random() < 0.22:
        context.rejected += 1
        return [
            new_event(
                'risk_decision',
                decision='rejected',
                reason=random_source.choice(_REJECT_REASONS),
                symbol=symbol,
            )
        ]
    order_id = context.next_order_id()
    order = {'order_id': order_id, 'symbol': symbol, 'side': side, 'quantity': quantity}
    events = [
        new_event('risk_decision', decision='approved', reason='within limits', symbol=symbol),
        new_event('order_placed', **order, price=order_price),
    ]
    if random_source.random() < 0.85:
        fill_price = round(order_price * random_source.uniform(0.999, 1.001), 1)
        filled = order
        if context.filled == 1:  # The day's second fill is a part fill: the rest stays open.
            part = quantity // 2 // instrument.lot_size * instrument.lot_size or quantity // 2
            filled = {**order, 'quantity': part}
        events.append(new_event('order_filled', **filled, price=fill_price))
        context.filled += 1
        context.pnl += round(random_source.uniform(-0.004, 0.005) * fill_price * quantity)
    else:
        events.append(new_event('order_cancelled', **order, price=order_price))
    return events


def exchange_events(
    random_source: random.Random, context: DayContext, backend: str
) -> list[dict[str, Any]]:
    """Draws one exchange's events (maybe an order); `context`, the day's market, is updated."""
    scenario = random_source.choice(_SCENARIOS)
    if not context.topics:
        scenario = 'gap'
    context.topics.append(scenario)
    instrument = random_source.choice(INSTRUMENTS)
    trigger_text, source = _trigger(random_source, scenario, instrument, context)
    events = [new_event('trigger_received', text=trigger_text, source=source)]
    events.extend(_tool_events(random_source, scenario, instrument, context))
    events.append(
        new_event(
            'text', text=_first_part(random_source, scenario, instrument, context), backend=backend
        )
    )
    if random_source.random() < 0.45:
        events.extend(_order_events(random_source, instrument, context))
    if random_source.random() < 0.65:
        if random_source.random() < 0.35:
            second = _table_part(random_source, context)
        else:
            second = _decision_part(random_source, instrument, context)
        # A desk joins its text parts with one newline; a later part starts with another, so it
        # is a paragraph of its own and not the last line of a list or table above it.
        events.append(new_event('text', text='\n' + second, backend=backend))
        if random_source.random() < 0.4:
            next_part = _next_part(random_source, instrument)
            events.append(new_event('text', text='\n' + next_part, backend=backend))
    return events


def nifty_sell_exchange(
    random_source: random.Random, context: DayContext, backend: str
) -> list[dict[str, Any]]:
    """A VIX hedge: its trigger, a quote, the answer and a SELL of NIFTY futures, filled."""
    instrument = INSTRUMENTS[0]
    price = context.prices[instrument.name]
    context.topics.append('hedge')
    trigger = f'India VIX jumped {random_source.uniform(4, 12):.0f}% — hedge the book?'
    symbol = futures_symbol(instrument, context.day)
    order_price = round(price * random_source.uniform(0.998, 1.002), 1)
    order = {
        'order_id': context.next_order_id(),
        'symbol': symbol,
        'side': 'SELL',
        'quantity': instrument.lot_size * random_source.randint(1, 3),
    }
    fill_price = round(order_price * random_source.uniform(0.999, 1.001), 1)
    context.filled += 1
    return [
        new_event('trigger_received', text=trigger, source='market_alert'),
        new_event('tool_call', tool='quote', input={'symbol': instrument.name}),
        new_event('tool_result', tool='quote', output={'symbol': instrument.name, 'ltp': price}),
        new_event(
            'text',
            text=_first_part(random_source, 'hedge', instrument, context)
            + f'\n- Sell {symbol} against the longs until VIX cools',
            backend=backend,
        ),
        new_event('risk_decision', decision='approved', reason='within limits', symbol=symbol),
        new_event('order_placed', **order, price=order_price),
        new_event('order_filled', **order, price=fill_price),
    ]
