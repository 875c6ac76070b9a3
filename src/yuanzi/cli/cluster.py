"""``yuanzi cluster --nodes N``: try a hall of several nodes on this machine — N nodes
on PostgreSQL and Redis, HAProxy in front; Ctrl-C stops them all."""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading

NAME = "cluster"
HELP = "run a hall of several nodes behind HAProxy on this machine (needs PostgreSQL, Redis)"


def register(parser: argparse.ArgumentParser) -> None:
    parser.description = (HELP + ". DATABASE_URL (postgresql://…) and REDIS_URL name the "
                          "hall's database and Redis; docs/deploy.md runs it on many machines")
    parser.add_argument("--nodes", type=int, default=3, help="how many nodes (3)")
    parser.add_argument("--port", type=int, default=8000,
                        help="the proxy's port on 127.0.0.1, where players connect (8000)")


def run(args: argparse.Namespace) -> int:
    from yuanzi.cluster.namespace import ClusterSettingsError, check_cluster
    from yuanzi.devtools.launch import LaunchError, LocalCluster

    database_url = os.environ.get("DATABASE_URL") or os.environ.get("YUANZI_DATABASE_URL", "")
    redis_url = os.environ.get("REDIS_URL") or os.environ.get("YUANZI_REDIS_URL", "")
    if not redis_url:
        print("yuanzi cluster: set REDIS_URL (e.g. redis://127.0.0.1:6379/0) and "
              "DATABASE_URL (e.g. postgresql://127.0.0.1/yuanzi)", file=sys.stderr)
        return 2
    try:
        check_cluster(database_url, os.environ.get("YUANZI_REDIS_NAMESPACE", ""))
    except ClusterSettingsError as e:
        print(f"yuanzi cluster: {e}", file=sys.stderr)
        return 2
    hall = LocalCluster(args.nodes, database_url, redis_url, port=args.port)
    try:
        hall.start()
    except (LaunchError, RuntimeError) as e:
        print(f"yuanzi cluster: {e}", file=sys.stderr)
        return 1
    print(f"yuanzi hall of {args.nodes} nodes: open {hall.base}/", flush=True)
    for i, node in enumerate(hall.nodes, 1):
        print(f"  node{i}: {node.base}  (metrics {node.base}/metrics, log {node.log_path})")
    print(f"  proxy: HAProxy, {hall.config}; Ctrl-C stops them all", flush=True)
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    told: set[int] = set()
    try:
        while not stop.wait(1.0):
            for i, node in enumerate(hall.nodes, 1):
                if i not in told and node.proc is not None and node.proc.poll() is not None:
                    told.add(i)  # its tables move to the others within seconds
                    print(f"yuanzi cluster: node{i} exited; the others take its tables",
                          flush=True)
    except KeyboardInterrupt:
        pass
    finally:
        hall.stop()
    return 0
