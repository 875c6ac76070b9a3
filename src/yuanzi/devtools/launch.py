"""A hall of several nodes on this machine, behind HAProxy: ``yuanzi cluster --nodes N``,
the proxy tests and the load test across nodes all start it the same way."""

from __future__ import annotations

import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

from yuanzi.devtools.front import haproxy_binary, haproxy_config
from yuanzi.devtools.processes import ServerProcess, cpu_seconds_of, free_port


class LaunchError(RuntimeError):
    """The hall could not be started (said in words)."""


class LocalCluster:
    """``nodes`` × ``yuanzi serve`` on loopback sharing ``database_url`` and ``redis_url``,
    and HAProxy on ``port`` in front of them."""

    def __init__(self, nodes: int, database_url: str, redis_url: str, port: int = 0,
                 env: dict[str, str] | None = None, workdir: Path | None = None) -> None:
        if nodes < 1:
            raise LaunchError("a hall needs at least one node")
        self.workdir = workdir or Path(tempfile.mkdtemp(prefix="yuanzi-cluster-"))
        self.port = port or free_port()
        node_env = {**(env or {}), "YUANZI_DATABASE_URL": database_url,
                    "REDIS_URL": redis_url,
                    "YUANZI_TRUSTED_PROXIES": "127.0.0.1"}  # the proxy, on loopback
        self.nodes = [ServerProcess(self.workdir / f"node{i}.db",
                                    env={**node_env, "YUANZI_NODE_NAME": f"node{i}"},
                                    log_path=self.workdir / f"node{i}.log")
                      for i in range(1, nodes + 1)]
        self.proxy: subprocess.Popen[bytes] | None = None
        self.config = self.workdir / "haproxy.cfg"

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 60.0) -> None:
        binary = haproxy_binary()
        if binary is None:
            raise LaunchError("haproxy is not installed: apt-get install haproxy (Debian)")
        try:
            self.nodes[0].start(timeout)  # the first one migrates the database
            for node in self.nodes[1:]:
                node.start(timeout)
            self.config.write_text(haproxy_config(
                f"127.0.0.1:{self.port}", [f"127.0.0.1:{n.port}" for n in self.nodes],
                self.workdir / "haproxy.sock"))
            log = open(self.workdir / "haproxy.log", "ab")  # noqa: SIM115 - the child's
            self.proxy = subprocess.Popen([binary, "-db", "-f", str(self.config)],
                                          stdout=log, stderr=subprocess.STDOUT)
            log.close()
            self._wait_for_proxy(timeout)
        except BaseException:
            self.stop()
            raise

    def _wait_for_proxy(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert self.proxy is not None
            if self.proxy.poll() is not None:
                raise LaunchError(f"haproxy exited: see {self.workdir / 'haproxy.log'}")
            try:
                with urllib.request.urlopen(self.base + "/healthz", timeout=1) as r:
                    if r.status == 200:
                        return
            except OSError:
                time.sleep(0.1)
        raise LaunchError(f"haproxy did not answer in {timeout:.0f} s")

    def stop(self) -> None:
        """The proxy first (no new clients), then each node with SIGTERM."""
        if self.proxy is not None and self.proxy.poll() is None:
            self.proxy.terminate()
            try:
                self.proxy.wait(10)
            except subprocess.TimeoutExpired:
                self.proxy.kill()
                self.proxy.wait()
        for node in self.nodes:
            node.stop()

    def cpu_seconds(self) -> dict[str, float]:
        """CPU used so far by each node and by the proxy (Linux /proc)."""
        out = {f"node{i}": node.cpu_seconds() or 0.0
               for i, node in enumerate(self.nodes, 1)}
        if self.proxy is not None:
            out["haproxy"] = cpu_seconds_of(self.proxy.pid) or 0.0
        return out

