"""Playing the deals of a match as Ray tasks: ``play_match(..., backend="ray")``.

Ray comes with the extra ``ray`` (``pip install "sevens-ru[ray]"``) and is imported only
here, when a match asks for it; without it :func:`ray_module` raises
:class:`~sevens_ru.errors.MissingExtraError`. The deals go to the cluster that
``ray.init`` connects to (:func:`connect`): one already connected in this process, else
the one ``RAY_ADDRESS`` or ``ray start`` on this machine names, else a new local one.

:func:`play_on_ray` sends the deals in tasks of several deals each, the same function
that plays them in one process (:func:`sevens_ru.common._match.play_deals`), so the games are
the same as with ``jobs=1``, and puts each task's results back in deal order. The size
of a task follows the measured time per deal: about :data:`TASK_SECONDS` of play, so
that Ray's overhead per task stays small beside it, and smaller towards the end of the
match, so that every CPU has work until the last deal (guided self-scheduling). At most
:data:`TASKS_PER_CPU` tasks per CPU of the cluster are in flight at once.

A bot's failure comes back as the :class:`~sevens_ru.errors.MatchError` that
``jobs=1`` raises, naming the bot, its seat and the deal, with the bot's exception as
its ``__cause__``; a worker that dies (a bot that ends its process) is retried
:data:`RETRIES` times, since a deal always plays the same games, then ends the match.
The first failure, or Ctrl-C, cancels every task in flight, force-killing the workers
that are playing one.
"""

from __future__ import annotations

import math
import pickle
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from ..errors import MatchError, MissingExtraError
from ._quote import excerpt

__all__ = ["RETRIES", "TASKS_PER_CPU", "TASK_SECONDS", "connect", "play_on_ray", "ray_module"]

TASK_SECONDS = 0.5
"""The play time a task aims at, in seconds: a few hundred times Ray's cost per task."""
TASKS_PER_CPU = 2
"""Tasks in flight per CPU of the cluster: one playing, one waiting to start."""
FIRST_TASK_DEALS = 2
"""The deals of each task sent before any has come back (no time per deal is known yet)."""
RETRIES = 2
"""How many times a task whose worker died is sent again before the match fails."""

T = TypeVar("T")


def ray_module() -> Any:
    """The ``ray`` module, or :class:`~sevens_ru.errors.MissingExtraError` naming the extra."""
    try:
        import ray
    except ImportError as error:
        raise MissingExtraError(
            'backend="ray" needs Ray, which is not installed: pip install "sevens-ru[ray]"'
        ) from error
    return ray


def connect(address: str | None = None) -> Any:
    """Connect this process to a Ray cluster unless it is already; return the ``ray`` module.

    ``address`` is that of ``ray.init`` (``"ray://host:10001"``, ``"host:6379"``,
    ``"auto"``); None lets Ray choose: ``RAY_ADDRESS``, else a cluster started on this
    machine with ``ray start``, else a new local one. A process already connected
    stays on its cluster.
    """
    ray = ray_module()
    if not ray.is_initialized():
        try:
            ray.init(address=address)
        except Exception as error:  # Ray's own: ConnectionError, ValueError, RuntimeError...
            where = "a Ray cluster" if address is None else f"the Ray cluster at {excerpt(address)}"
            raise MatchError(
                f"could not connect to {where}: {type(error).__name__}: {excerpt(str(error))}"
            ) from error
    return ray


class _Failed:
    """A task's :class:`~sevens_ru.errors.MatchError`, as a value that crosses to the driver.

    An exception pickles without its ``__cause__``; this keeps the bot's own exception
    (or, if that one does not pickle, a ``RuntimeError`` saying what it was).
    """

    def __init__(self, error: MatchError) -> None:
        self.message = str(error)
        cause = error.__cause__
        try:
            pickle.dumps(cause)
        except Exception:
            cause = RuntimeError(f"{type(cause).__name__}: {cause}")
        self.cause = cause

    def error(self) -> MatchError:
        """The error again, its cause attached."""
        error = MatchError(self.message)
        error.__cause__ = self.cause
        return error


def _play_task(
    play: Callable[[Sequence[int]], list[T]], start: int, stop: int
) -> tuple[list[T], float] | _Failed:
    """Play deals ``start`` to ``stop - 1`` in a worker: their results and the seconds taken."""
    started = time.perf_counter()
    try:
        results = play(range(start, stop))
    except MatchError as error:
        return _Failed(error)
    return results, time.perf_counter() - started


_remote: dict[str, Any] = {}
"""The Ray remote function of :func:`_play_task`, made once per process."""


def _task(ray: Any) -> Any:
    if "play" not in _remote:
        _remote["play"] = ray.remote(max_retries=RETRIES)(_play_task)
    return _remote["play"]


def play_on_ray(
    play: Callable[[Sequence[int]], list[T]],
    games: int,
    progress: Callable[[int, int], None] | None,
) -> list[T]:
    """``play(deals)`` for the deals ``0 … games - 1``, as Ray tasks; the results in deal order.

    ``progress`` is called in this process with (deals done, ``games``) as tasks end.
    """
    ray = connect()
    cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
    task = _task(ray)
    shared = ray.put(play)  # the bots and settings: sent once, not with every task
    outcomes: list[T | None] = [None] * games
    pending: dict[Any, range] = {}
    sent = done = 0
    worked = 0.0  # the seconds the finished tasks played, to size the next ones
    finished = False
    try:
        while done < games:
            while sent < games and len(pending) < TASKS_PER_CPU * cpus:
                size = _task_size(games - sent, cpus, worked / done if done else None)
                deals = range(sent, sent + size)
                pending[task.remote(shared, deals.start, deals.stop)] = deals
                sent += size
            [ready], _ = ray.wait(list(pending), num_returns=1)
            deals = pending.pop(ready)
            answer = _result(ray, ready, deals)
            if isinstance(answer, _Failed):
                raise answer.error()
            results, seconds = answer
            outcomes[deals.start : deals.stop] = results
            done += len(deals)
            worked += seconds
            if progress is not None:
                progress(done, games)
        finished = True
    finally:
        if not finished:  # a failure, or Ctrl-C: nothing more is played
            for ref in pending:
                ray.cancel(ref, force=True)
    return [outcome for outcome in outcomes if outcome is not None]


def _task_size(left: int, cpus: int, per_deal: float | None) -> int:
    """The deals of the next task: about :data:`TASK_SECONDS` of play, fewer near the end.

    >>> _task_size(100_000, 4, 0.005), _task_size(100_000, 4, None), _task_size(60, 4, 0.005)
    (100, 2, 8)
    """
    if per_deal is None:
        wanted = FIRST_TASK_DEALS
    else:
        wanted = max(1, round(TASK_SECONDS / per_deal)) if per_deal > 0 else left
    share = math.ceil(left / (TASKS_PER_CPU * cpus))  # the tail is shared out in smaller tasks
    return max(1, min(wanted, share, left))


def _result(ray: Any, ref: Any, deals: range) -> Any:
    """The answer of the task ``ref`` that played ``deals``, Ray's own failures as MatchError."""
    where = f"deal {deals.start}" if len(deals) == 1 else f"deals {deals.start} to {deals.stop - 1}"
    try:
        return ray.get(ref)
    except ray.exceptions.WorkerCrashedError as error:
        raise MatchError(
            f"{where}: a Ray worker died while playing them (a bot ended it, or it crashed), "
            f"{RETRIES + 1} times"
        ) from error
    except ray.exceptions.RayError as error:  # the task could not run: a bot that cannot be read...
        cause = getattr(error, "cause", None) or error
        text = str(cause).strip()
        hint = (
            "; the modules of the bots must be importable on every worker of the cluster "
            "(install them there, or give ray.init a runtime_env with py_modules)"
            if "No module named" in text
            else ""
        )
        first = text.splitlines()[0] if text else "no message"
        raise MatchError(
            f"{where}: Ray could not play them: {type(cause).__name__}: {first}{hint}"
        ) from cause
