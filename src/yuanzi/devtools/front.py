"""The reverse proxy in front of a hall of several nodes: HAProxy, from Debian's package.

Any node accepts any client, so the proxy needs no sticky sessions: it spreads new
connections to the node with the fewest (``leastconn``: a WebSocket lives for hours), asks
each node's ``/healthz`` every second and stops sending to one that fails twice, closing
the sessions it still had there so that their clients reconnect (the browser resyncs) to
a live node. It replaces any ``X-Forwarded-For`` a client sent with the address it sees,
which the nodes believe from the proxy only (``YUANZI_TRUSTED_PROXIES``), and it answers
``/metrics`` with a 404: the operator scrapes each node directly. A client told that its
table runs on another node (the ``node`` frame) reconnects to ``/ws?node=NAME``, and the
proxy sends it to the server of that name, so that the frames of its game cross no node.

:func:`haproxy_config` writes the configuration that ``yuanzi cluster`` runs and that
``deploy/haproxy.cfg`` shows for several machines (docs/deploy.md).
"""

from __future__ import annotations

import shutil
from collections.abc import Sequence
from pathlib import Path


def haproxy_binary() -> str | None:
    return shutil.which("haproxy") or ("/usr/sbin/haproxy"
                                       if Path("/usr/sbin/haproxy").exists() else None)


def haproxy_config(listen: str, nodes: Sequence[str], socket: Path | str | None = None,
                   maxconn: int | None = None) -> str:
    """The configuration for a proxy on ``listen`` (``host:port``) in front of ``nodes``
    (each ``host:port``); ``socket``: HAProxy's admin socket (drain a node with it);
    ``maxconn``: connections at most (HAProxy needs twice as many file descriptors;
    None: what the open-file limit allows)."""
    routes = "\n".join(f"    use-server node{i} if {{ urlp(node) -m str node{i} }}"
                       for i in range(1, len(nodes) + 1))
    servers = "\n".join(f"    server node{i} {address} check"
                        for i, address in enumerate(nodes, 1))
    stats = (f"    stats socket {socket} mode 600 level admin\n" if socket is not None
             else "")
    limit = f"    maxconn {maxconn}\n" if maxconn is not None else ""
    return f"""# yuanzi: the proxy in front of the hall's nodes (docs/deploy.md)
global
{limit}{stats}
defaults
    mode http
    option http-server-close
    # a node that refuses a connection (just died) is skipped for another
    retries 3
    option redispatch
    timeout connect 5s
    timeout client 60s
    timeout server 60s
    timeout http-request 10s
    # a WebSocket (a player at a table) may be quiet for long between turns
    timeout tunnel 2h
    timeout client-fin 10s

frontend hall
    bind {listen}
    # the nodes believe X-Forwarded-For from this proxy only: never a client's own
    http-request del-header X-Forwarded-For
    http-request del-header Forwarded
    option forwardfor
    # each node's metrics are the operator's, scraped on the node, never public
    http-request deny deny_status 404 if {{ path /metrics }} || {{ path_beg /metrics/ }}
    default_backend nodes

backend nodes
    balance leastconn
    option httpchk GET /healthz
    http-check expect status 200
    default-server inter 1s fall 2 rise 2 on-marked-down shutdown-sessions
    # /ws?node=NAME: a player sent to the node running his table (its YUANZI_NODE_NAME
    # is the server's name here); a node that is down is skipped as usual
{routes}
{servers}
"""
