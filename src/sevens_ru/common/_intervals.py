"""The 95 % intervals of a match's figures: Wilson score for rates, Student t for means.

A match gives, for each entry of the lineup, one sample per deal: the mean of a value
over the entry's games of that deal (its seats in all the deal's rotations). The
games of one deal share their cards, so they are not independent; the deals are.

- A **rate** (win, fool or draw rate: a share of games) gets the **Wilson score
  interval** (:func:`rate_estimate`) of the share of all the entry's games, taken over
  the *effective* number of games: the games played, divided by the design effect
  that the spread of the per-deal rates shows (the games of a deal counted as fewer
  independent ones when they go together), never more than the games played. Unlike
  a normal interval it stays inside [0, 1] and never shrinks to a point: a bot that
  lost none of 60 games gets ``0.000 [0.000, 0.060]``, not ``[0.000, 0.000]``.
- A **mean** (place, cards left, passes, payoff) gets **Student's t** over the
  per-deal means (:func:`mean_estimate`), clamped to the value's range. When every deal
  gave the same mean the sample shows no spread, and t would give a zero-width
  interval that claims a certainty a few deals cannot give; the interval is then the
  Wilson interval of the mean rescaled to the value's range, one trial per deal (the
  widest spread a value in that range can have at that mean). A single deal gives the
  whole range.

>>> str(rate_estimate(0.0, games=60, deals=20, spread=0.0))
'0.000 [0.000, 0.060]'
>>> str(mean_estimate([1.0] * 20, 1.0, 2.0))  # always first of two: not a certainty
'1.000 [1.000, 1.161]'
"""

from __future__ import annotations

import math
from statistics import NormalDist, fmean, stdev

import attrs

__all__ = ["INTERVALS", "Estimate", "mean_estimate", "rate_estimate", "t_quantile", "wilson"]

INTERVALS = (
    "95%: Wilson score for rates, over the games as the per-deal spread shows them "
    "(at most the games played); Student t over per-deal means for means (Wilson on "
    "the value's range when every deal gave the same mean)"
)
"""How the intervals are made, in a line (the ``"interval"`` of a match's ``to_dict()``)."""

_Z = NormalDist().inv_cdf(0.975)  # 1.95996...: the normal quantile of a 95 % interval


@attrs.frozen
class Estimate:
    """A mean with its 95 % confidence interval ``[low, high]`` over ``samples`` deals.

    For a rate (a share of games, such as a win rate) the interval is the Wilson score
    interval; for any other mean it is Student's t over the per-deal means, or, when
    every deal gave the same mean, the Wilson interval on the value's range, so that
    it never has zero width. See :mod:`sevens_ru.tournament` for the details.

    >>> from sevens_ru.tournament import Estimate
    >>> str(Estimate(0.3125, 0.2901, 0.3349, 2000))
    '0.312 [0.290, 0.335]'
    """

    mean: float
    """The mean over all games."""
    low: float
    """The lower end of the 95 % confidence interval."""
    high: float
    """The upper end of the 95 % confidence interval."""
    samples: int
    """The number of independent samples (deals) the interval rests on."""

    def __str__(self) -> str:
        return f"{self.mean:.3f} [{self.low:.3f}, {self.high:.3f}]"

    def to_dict(self) -> dict[str, float | int]:
        """The estimate as a JSON-ready dict."""
        return {"mean": self.mean, "low": self.low, "high": self.high, "samples": self.samples}


def wilson(share: float, trials: float) -> tuple[float, float]:
    """The 95 % Wilson score interval of a ``share`` observed over ``trials`` (> 0) trials.

    >>> low, high = wilson(0.5, 100)
    >>> round(low, 4), round(high, 4)
    (0.4038, 0.5962)
    >>> wilson(0.0, 10)[0], round(wilson(0.0, 10)[1], 4)  # none of 10: still up to 0.28
    (0.0, 0.2775)
    """
    z2 = _Z * _Z
    centre = (share + z2 / (2 * trials)) / (1 + z2 / trials)
    half = _Z / (1 + z2 / trials) * math.sqrt(share * (1 - share) / trials + z2 / (4 * trials**2))
    low = 0.0 if share <= 0.0 else max(0.0, centre - half)  # exact at the ends, no rounding
    high = 1.0 if share >= 1.0 else min(1.0, centre + half)
    return low, high


def rate_estimate(share: float, *, games: int, deals: int, spread: float | None) -> Estimate:
    """A rate of ``share`` over ``games`` games in ``deals`` deals, with its Wilson interval.

    ``spread`` is the sample variance of the per-deal rates (``None`` for one deal).
    The design effect is ``m * spread / (share * (1 - share))`` for ``m = games / deals``
    games per deal, at least 1 (and 1 when the sample cannot measure it); the interval
    is Wilson's over ``games / design effect`` trials.

    >>> str(rate_estimate(0.25, games=400, deals=100, spread=0.25 * 0.75 / 4))
    '0.250 [0.210, 0.295]'
    """
    effect = 1.0
    if spread is not None and 0.0 < share < 1.0:
        effect = max(1.0, games / deals * spread / (share * (1 - share)))
    low, high = wilson(share, games / effect)
    return Estimate(share, low, high, deals)


def mean_estimate(samples: list[float], low: float, high: float) -> Estimate:
    """Mean and 95 % interval of independent ``samples`` of a value in ``[low, high]``.

    Student's t, clamped to the range; the Wilson interval on the range when the
    samples are all equal; the whole range for a single sample.
    """
    mean = fmean(samples)
    if len(samples) < 2:
        return Estimate(mean, low, high, len(samples))
    spread = stdev(samples, mean)
    if spread == 0.0:
        width = high - low
        share = min(1.0, max(0.0, (mean - low) / width)) if width else 0.0
        bottom, top = wilson(share, len(samples))
        return Estimate(mean, low + bottom * width, low + top * width, len(samples))
    half = t_quantile(0.975, len(samples) - 1) * spread / math.sqrt(len(samples))
    return Estimate(mean, max(low, mean - half), min(high, mean + half), len(samples))


def t_quantile(p: float, degrees: int) -> float:
    """The ``p`` quantile (``p`` > 0.5) of Student's t with ``degrees`` degrees of freedom.

    Exact for 1 and 2 degrees, by bisection on the closed-form distribution for 3;
    beyond, the Cornish–Fisher expansion in ``1 / degrees`` (Abramowitz and Stegun
    26.7.5), within 0.001 of the true value from 4 degrees up.
    """
    if degrees == 1:
        return math.tan(math.pi * (p - 0.5))
    if degrees == 2:
        return (2 * p - 1) / math.sqrt(2 * p * (1 - p))
    if degrees == 3:  # F(t) = 1/2 + (θ + sin θ cos θ) / π with θ = atan(t / √3)
        low, high = 0.0, 100.0
        for _ in range(60):
            middle = (low + high) / 2
            angle = math.atan(middle / math.sqrt(3))
            if 0.5 + (angle + math.sin(angle) * math.cos(angle)) / math.pi < p:
                low = middle
            else:
                high = middle
        return (low + high) / 2
    z = NormalDist().inv_cdf(p)
    terms = (
        (z**3 + z) / 4,
        (5 * z**5 + 16 * z**3 + 3 * z) / 96,
        (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384,
        (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160,
    )
    return float(z + sum(term / degrees ** (power + 1) for power, term in enumerate(terms)))
