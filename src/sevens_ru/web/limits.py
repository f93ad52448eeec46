"""The app's limits: what one client may do, what the server holds, and who the client is.

A client is the address a request comes from (an IPv6 client by its ``/64``), or, when
that address is one of the :attr:`~sevens_ru.web.Limits.trusted_proxies`, the address the proxy
reports in ``X-Forwarded-For`` (the last one not itself a trusted proxy). The header of
any other peer is ignored, so a client cannot pose as many.

>>> limits = Limits(trusted_proxies=("127.0.0.1",))
>>> scope = {"client": ("127.0.0.1", 5000), "headers": [(b"x-forwarded-for", b"203.0.113.9, 127.0.0.1")]}
>>> limits.client(scope)
'203.0.113.9'
>>> Limits().client(scope)  # the header of a peer that is not trusted is ignored
'127.0.0.1'
>>> Limits().client({"client": ("2001:db8::1:2:3:4", 1), "headers": []})
'2001:db8::/64'
"""

from __future__ import annotations

import asyncio
import ipaddress
import math
from collections import OrderedDict, deque
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from ..common._quote import got
from ..errors import InvalidOptionsError

__all__ = ["Limits", "Rates", "Turns"]

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def _networks(value: object) -> tuple[str, ...]:
    if isinstance(value, str) or not isinstance(value, (list, tuple)):
        raise InvalidOptionsError(f"trusted_proxies is a tuple of addresses, got {got(value)}")
    for entry in value:
        try:
            ipaddress.ip_network(entry, strict=False)
        except (TypeError, ValueError):
            raise InvalidOptionsError(
                f"trusted_proxies: expected an address or network such as '10.0.0.0/8', got {got(entry)}"
            ) from None
    return tuple(value)


def _not_negative(instance: Any, attribute: attrs.Attribute[Any], value: object) -> None:
    if value != 0:
        _positive(instance, attribute, value)


def _positive(instance: Any, attribute: attrs.Attribute[Any], value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
        raise InvalidOptionsError(f"{attribute.name} is a positive number, got {got(value)}")
    if isinstance(value, float) and not math.isfinite(value):
        raise InvalidOptionsError(f"{attribute.name} is a finite number, got {got(value)}")


@attrs.frozen(kw_only=True)
class Limits:
    """Every limit of the app, with its default; ``create_app(limits=Limits(...))``.

    A client over one of its own limits is answered ``429`` with ``Retry-After``; the
    server over one of its whole limits, ``503``.

    >>> Limits(tables_per_client=5).tables_per_client
    5
    >>> Limits(streams_per_seat=0)
    Traceback (most recent call last):
    ...
    sevens_ru.errors.InvalidOptionsError: streams_per_seat is a positive number, got int 0
    """

    max_tables: int = attrs.field(default=10_000, validator=_positive)
    """The most tables the server holds at once (503 past it), counted with each insert."""
    tables_per_client: int = attrs.field(default=50, validator=_positive)
    """The most tables one client's requests made that are not yet expired (429 past it)."""
    creates_per_minute: float = attrs.field(default=20.0, validator=_positive)
    """How many tables a client may deal in a minute, on average (429 past it)."""
    create_burst: int = attrs.field(default=10, validator=_positive)
    """How many tables a client may deal at once, before :attr:`creates_per_minute` applies."""
    moves_per_second: float = attrs.field(default=10.0, validator=_positive)
    """How many moves a client may send in a second, on average (429 past it)."""
    move_burst: int = attrs.field(default=30, validator=_positive)
    """How many moves a client may send at once, before :attr:`moves_per_second` applies."""
    requests_per_client: int = attrs.field(default=8, validator=_positive)
    """The most requests of one client worked on at once; the others wait their turn.

    A request counts until its answer starts (a live stream then no longer counts), so
    that a client's flood of requests delays another client's by a few, not by all.
    """
    slow_down_seconds: float = attrs.field(default=1.0, validator=_not_negative)
    """How long an answer ``429`` is held back (at most its ``Retry-After``; 0: not at all).

    The request keeps its turn meanwhile, so that a client that keeps asking past a
    limit gets :attr:`requests_per_client` answers a second at most, and costs the
    server next to nothing; a client that waits as told never notices.
    """
    streams_per_client: int = attrs.field(default=16, validator=_positive)
    """The most live streams one client may hold open (429 past it)."""
    streams_per_seat: int = attrs.field(default=4, validator=_positive)
    """The most live streams of one seat (429 past it): a person's tabs and devices."""
    streams_per_table: int = attrs.field(default=24, validator=_positive)
    """The most live streams of one table (429 past it)."""
    max_streams: int = attrs.field(default=2_000, validator=_positive)
    """The most live streams the server holds at once (503 past it)."""
    stream_idle_seconds: float = attrs.field(default=600.0, validator=_positive)
    """A live stream with no change for this long ends (the page opens it again)."""
    trusted_proxies: tuple[str, ...] = attrs.field(default=(), converter=_networks)
    """The reverse proxies whose ``X-Forwarded-For`` names the client: addresses or networks."""

    def client(self, scope: Mapping[str, Any]) -> str:
        """Who sent the request of ``scope``: its address, or its trusted proxy's word for it."""
        peer = scope.get("client")
        address = _parse(peer[0]) if peer else None
        if address is not None and self._trusted(address):
            for name, value in scope.get("headers", ()):
                if name == b"x-forwarded-for":
                    for hop in reversed(value.decode("latin-1").split(",")[-16:]):
                        reported = _parse(hop.strip())
                        if reported is None:
                            break
                        address = reported
                        if not self._trusted(reported):
                            break
        if address is None:
            return str(peer[0])[:64] if peer else "unknown"
        return _key(address)

    def trusts(self, peer: str) -> bool:
        """Whether ``peer`` (an address) is one of the :attr:`trusted_proxies`.

        >>> Limits(trusted_proxies=("10.0.0.0/8",)).trusts("10.1.2.3")
        True
        """
        address = _parse(peer)
        return address is not None and self._trusted(address)

    def _trusted(self, address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
        return any(address in network for network in _trusted_networks(self.trusted_proxies))


def _parse(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(text)
    except ValueError:
        return None


def _key(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> str:
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address)


_NETWORKS: dict[tuple[str, ...], tuple[Network, ...]] = {}


def _trusted_networks(names: tuple[str, ...]) -> tuple[Network, ...]:
    found = _NETWORKS.get(names)
    if found is None:
        found = _NETWORKS[names] = tuple(ipaddress.ip_network(n, strict=False) for n in names)
    return found


class Rates:
    """Token buckets, one per client: ``rate`` a second on average, ``burst`` at once.

    At most ``clients`` buckets are kept (the longest unused go first: a bucket left
    alone refills, so dropping it forgives nothing that matters).

    >>> now = [0.0]
    >>> rates = Rates(rate=1.0, burst=2, clock=lambda: now[0])
    >>> rates.take("a"), rates.take("a"), rates.take("a"), rates.take("b")
    (0.0, 0.0, 1.0, 0.0)
    >>> now[0] = 1.0
    >>> rates.take("a")
    0.0
    """

    def __init__(
        self, *, rate: float, burst: int, clock: Callable[[], float], clients: int = 100_000
    ) -> None:
        self.rate, self.burst, self.clock, self.clients = rate, burst, clock, clients
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def take(self, client: str) -> float:
        """Take a token of ``client``'s: 0 if there was one, else the seconds until there is."""
        now = self.clock()
        tokens, then = self._buckets.pop(client, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - then) * self.rate)
        if tokens >= 1:
            self._buckets[client] = (tokens - 1, now)
            wait = 0.0
        else:
            self._buckets[client] = (tokens, now)
            wait = (1 - tokens) / self.rate
        while len(self._buckets) > self.clients:
            self._buckets.popitem(last=False)
        return wait


class Turns:
    """At most ``most`` requests of each client worked on at once; the others wait their turn.

    :meth:`take` waits for one of the client's ``most`` turns, first come first
    served; :meth:`give` hands it to the client's next request, if one waits. A
    client with nothing under way is forgotten.

    >>> async def three():
    ...     turns, order = Turns(2), []
    ...     async def request(name):
    ...         await turns.take("a")
    ...         order.append(name)
    ...         await asyncio.sleep(0.01)
    ...         turns.give("a")
    ...     await asyncio.gather(*(request(name) for name in "xyz"))
    ...     return order, turns.held("a")
    >>> asyncio.run(three())  # z waits for x or y to finish
    (['x', 'y', 'z'], 0)
    """

    def __init__(self, most: int) -> None:
        self.most = most
        self._clients: dict[str, tuple[list[int], deque[asyncio.Future[None]]]] = {}

    def held(self, client: str) -> int:
        """How many of ``client``'s turns are taken."""
        entry = self._clients.get(client)
        return 0 if entry is None else entry[0][0]

    async def take(self, client: str) -> None:
        """Wait for a turn of ``client``'s; give it back with :meth:`give`."""
        entry = self._clients.get(client)
        if entry is None:
            entry = self._clients[client] = ([0], deque())
        taken, waiting = entry
        if taken[0] < self.most and not waiting:
            taken[0] += 1
            return
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        waiting.append(turn)
        try:
            await turn  # handed over by give(), still counted
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():  # handed over as it was cancelled
                self.give(client)
            elif turn in waiting:
                waiting.remove(turn)
            raise

    def give(self, client: str) -> None:
        """Give back a turn of ``client``'s: to its next waiting request, if any."""
        taken, waiting = self._clients[client]
        while waiting:
            turn = waiting.popleft()
            if not turn.done():
                turn.set_result(None)
                return
        taken[0] -= 1
        if taken[0] <= 0:
            del self._clients[client]
