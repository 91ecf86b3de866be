"""Hypothesis strategies the property and fuzz tests share."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st


def json_values(
    texts: st.SearchStrategy[str],
    *,
    special_floats: bool,
    width: int,
    key_size: int,
    max_leaves: int,
) -> st.SearchStrategy[Any]:
    """Any value json can hold: null, booleans, numbers, texts, and lists and objects of them.

    Args:
        texts (st.SearchStrategy[str]): The texts (as leaves; keys are texts of up to key_size).
        special_floats (bool): Whether NaN and the infinities are among the floats.
        width (int): The most items of a list or an object.
        key_size (int): The longest key of an object.
        max_leaves (int): The most leaves of a value.

    Returns:
        st.SearchStrategy[Any]: The values.
    """
    return st.recursive(
        st.none()
        | st.booleans()
        | st.integers()
        | st.floats(allow_nan=special_floats, allow_infinity=special_floats)
        | texts,
        lambda children: (
            st.lists(children, max_size=width)
            | st.dictionaries(st.text(max_size=key_size), children, max_size=width)
        ),
        max_leaves=max_leaves,
    )
