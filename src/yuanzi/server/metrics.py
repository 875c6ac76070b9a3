"""``/metrics``: what an operator watches on each node, in Prometheus' text format.

Read when scraped, from counters the hall keeps anyway (connections, tables, actions,
the journal's commits, the Redis broker's traffic), plus two latency histograms fed
where the time is measured (a group commit, a Redis pipeline). Nothing is added to the
per-action path but an integer increment.

The page is for the operator's Prometheus, not for players: it answers only requests
whose address is in ``YUANZI_METRICS_FROM`` (loopback by default) and is a 404 to
anyone else, including anything that comes through the public proxy (which forwards
the player's address): a request that carries ``X-Forwarded-For`` or ``Forwarded`` at all
is refused too, so a proxy that does not rewrite the address cannot expose it either.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterator

from prometheus_client import CollectorRegistry, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from yuanzi.cluster.redis_broker import RedisBroker
from yuanzi.server.services import Services

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"

_COMMIT_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0)


class NodeMetrics:
    """One node's registry (not the library's global one: tests run several halls in
    one process)."""

    def __init__(self, services: Services) -> None:
        self.services = services
        self.registry = CollectorRegistry(auto_describe=True)
        self.commit_seconds = Histogram(
            "yuanzi_journal_commit_seconds", "Time of one group commit of the journal",
            buckets=_COMMIT_BUCKETS, registry=self.registry)
        self.redis_seconds = Histogram(
            "yuanzi_redis_round_trip_seconds",
            "Time of one pipeline of PUBLISHes to Redis (a node of several)",
            buckets=_COMMIT_BUCKETS, registry=self.registry)
        self.registry.register(_Live(services))
        services.db.journal.on_commit = self.commit_seconds.observe
        if isinstance(services.broker, RedisBroker):
            services.broker.on_round_trip = self.redis_seconds.observe

    def text(self) -> bytes:
        return generate_latest(self.registry)


class _Live(Collector):
    """The values read at scrape time."""

    def __init__(self, services: Services) -> None:
        self.services = services

    def collect(self) -> Iterator[Metric]:
        s = self.services
        hall = s.hall
        yield GaugeMetricFamily("yuanzi_connections", "Open WebSocket connections",
                                value=s.connections)
        yield CounterMetricFamily("yuanzi_login_failures", "Wrong nicknames or passwords",
                                  value=s.accounts.login_failures)
        yield CounterMetricFamily("yuanzi_room_code_misses",
                                  "Room codes and invite links tried that opened nothing",
                                  value=hall.doors.misses)
        yield CounterMetricFamily("yuanzi_slow_clients_dropped",
                                  "Connections closed for not reading their frames",
                                  value=s.slow_dropped)
        yield GaugeMetricFamily("yuanzi_tables", "Tables this node runs",
                                value=len(hall.router.tables))
        yield GaugeMetricFamily("yuanzi_games_playing", "Games being played on this node",
                                value=sum(1 for t in hall.router.tables.values() if t.game))
        yield CounterMetricFamily("yuanzi_actions", "Actions applied and stored",
                                  value=hall.actions)
        journal = s.db.journal
        yield CounterMetricFamily("yuanzi_journal_commits", "Group commits of the journal",
                                  value=journal.commits)
        yield CounterMetricFamily("yuanzi_journal_jobs", "Writes committed by the journal",
                                  value=journal.jobs)
        outbox = hall.push.outbox
        if outbox is not None:  # (issue 54: what the push services did with the pushes)
            counts = outbox.counts
            for name, value, what in (
                    ("sent", counts.sent, "Pushes a push service took"),
                    ("gone", counts.gone, "Pushes answered 404/410: subscription removed"),
                    ("failed", counts.failed, "Pushes refused, timed out or unreachable"),
                    ("refused", counts.refused,
                     "Pushes not posted: the host resolved to an address the hall never calls"),
                    ("dropped", counts.dropped, "Pushes not posted: the push queue was full")):
                yield CounterMetricFamily(f"yuanzi_push_{name}", what, value=value)
            yield GaugeMetricFamily("yuanzi_push_waiting", "Pushes queued to go out",
                                    value=outbox.waiting)
        broker = s.broker
        if isinstance(broker, RedisBroker):
            for name, value, what in (
                    ("published", broker.published, "Frames sent to the other nodes"),
                    ("received", broker.received, "Frames received from the other nodes"),
                    ("dropped", broker.dropped, "Frames Redis could not take (it was away)"),
                    ("reconnects", broker.reconnects, "Connections to Redis made again")):
                yield CounterMetricFamily(f"yuanzi_redis_{name}", what, value=value)
        node = s.node
        if node is not None:
            yield CounterMetricFamily("yuanzi_lease_takeovers",
                                      "Tables this node took over from another node",
                                      value=hall.router.takeovers)
            yield GaugeMetricFamily("yuanzi_leases_held", "Table leases this node renews",
                                    value=len(node.keeper.held()))
            yield CounterMetricFamily("yuanzi_lease_renewals",
                                      "Renewals of this node's leases", value=node.keeper.renewals)
            yield CounterMetricFamily("yuanzi_forwarded_calls",
                                      "Commands sent to the node running their table",
                                      value=node.forwarder.calls)
            yield CounterMetricFamily("yuanzi_forwarded_served",
                                      "Commands run here for a client of another node",
                                      value=node.forwarder.served)
            yield GaugeMetricFamily("yuanzi_nodes_heard", "Other nodes of the hall heard from",
                                    value=len(node.gossip.others))


Networks = list[ipaddress.IPv4Network | ipaddress.IPv6Network]


def networks_of(setting: str) -> Networks:
    """``YUANZI_METRICS_FROM`` read once at start-up (a bad entry stops the start, with
    the entry named, rather than every scrape)."""
    out: Networks = []
    for part in setting.split(","):
        part = part.strip()
        if part:
            try:
                out.append(ipaddress.ip_network(part, strict=False))
            except ValueError as e:
                raise ValueError(f"YUANZI_METRICS_FROM: {part!r} is not an address "
                                 "or a network") from e
    return out


def allowed(address: str | None, networks: Networks, forwarded: bool = False) -> bool:
    """Whether a request from ``address`` may read the metrics. A request that names a
    forwarded address came through a proxy: never, whatever its direct peer."""
    if address is None or forwarded:
        return False
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped  # a dual-stack listener's ::ffff:127.0.0.1
    return any(ip in net for net in networks)
