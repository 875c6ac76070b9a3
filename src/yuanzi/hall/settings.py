"""Hall settings, read from the environment (``YUANZI_*``) by pydantic-settings.

One value object is built at start-up and passed down explicitly (never a module
global), so tests and the load test can run several halls with different settings in
one interpreter. ``DATABASE_URL`` is honoured without the prefix because that is the
name every hosting platform uses; every other setting is documented in docs/hall.md.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import AliasChoices, Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    """Every tunable of the hall, with production defaults."""

    model_config = SettingsConfigDict(env_prefix="YUANZI_", extra="ignore")

    host: str = "127.0.0.1"
    port: int = 8000
    database_url: str = Field(
        default="",
        validation_alias=AliasChoices("DATABASE_URL", "YUANZI_DATABASE_URL"),
        description="SQLAlchemy URL; empty means a SQLite file at db_path.",
    )
    db_path: Path = Path("var/yuanzi.db")
    redis_url: str = Field(
        default="",
        validation_alias=AliasChoices("REDIS_URL", "YUANZI_REDIS_URL"),
        description="Redis for a hall of several nodes (needs DATABASE_URL on PostgreSQL); "
                    "empty means one process with the in-process broker.",
    )
    redis_namespace: str = Field(
        default="",
        description="Prefix of the hall's Redis channels and keys; empty derives it from "
                    "the database URL (host, port, database), the same on every node.",
    )
    sqlite_synchronous: str = Field(
        default="NORMAL",
        description="NORMAL survives a killed process (WAL); FULL also survives power loss.",
    )

    # accounts
    session_cookie: str = "yuanzi_session"
    session_days: int = 30
    cookie_secure: bool = False
    argon2_time_cost: int = 3
    argon2_memory_kib: int = 65536
    argon2_parallelism: int = 4

    # rate limits (requests per window, per key)
    login_per_ip: int = 20
    login_per_account: int = Field(
        default=10, description="Login attempts per window for one account from one "
                                "address (others' guesses never lock its owner out).")
    login_per_account_hour: int = Field(
        default=30, description="The same per hour: the backoff of a persistent guesser.")
    login_failures_alarm: int = Field(
        default=20, description="Wrong passwords for one account per window from all "
                                "addresses before a warning is logged.")
    register_per_ip: int = 10
    auth_window_seconds: float = 60.0
    ws_messages_per_second: float = 20.0
    ws_burst: int = 40
    ws_max_violations: int = 5
    ws_max_message_bytes: int = 4096
    ws_outbox_limit: int = 512
    ws_max_per_account: int = Field(
        default=4, ge=1, description="WebSockets one account may hold in the hall (counted "
                                     "in Redis on a hall of several nodes); a new one beyond "
                                     "closes the oldest (a reconnect is never refused).")
    lobby_reads: int = Field(
        default=10, ge=1, description="Whole lobbies (REST or WebSocket) sent per account per "
                                      "window; twice as many per address.")
    lobby_window_seconds: float = Field(default=10.0, gt=0)
    tournament_page_reads: int = Field(
        default=20, ge=1, description="Tournament pages (GET /api/tournaments/{id}) one "
                                      "account may read per lobby window; twice as many per "
                                      "address (issue 44).")
    chat_messages: int = Field(
        default=8, ge=1, description="Chat messages one account may send per chat window.")
    chat_window_seconds: float = Field(default=20.0, gt=0)
    chat_keep_days: float = Field(
        default=30.0, gt=0, description="Days a chat message is kept (for moderation) before "
                                        "it is forgotten.")
    room_code_tries: int = Field(
        default=10, ge=1, description="Room codes (or invite links) one account may try a "
                                      "minute; twice as many per address.")
    room_code_tries_hour: int = Field(
        default=20, ge=1, description="Room codes (or invite links) one account may try an "
                                      "hour; twice as many per address (issue 27: a botnet "
                                      "of 50 addresses guesses at most 2,000 an hour).")
    room_code_hall_tries: int = Field(
        default=300, ge=1, description="Room codes that open nothing, a minute in the whole "
                                       "hall, before a warning is logged (an alarm, never a "
                                       "refusal: issue 27).")
    ws_max_behind_bytes: int = Field(
        default=1 << 20, ge=1024,
        description="A client whose unsent frames exceed this (bytes) is disconnected.")
    ws_max_behind_seconds: float = Field(
        default=10.0, gt=0,
        description="A client whose socket took no frame for this long while one waited "
                    "is disconnected (it stopped reading).")

    # play
    turn_seconds: float | None = Field(
        default=None, description="Overrides every table's turn clock (R33); tests set it low."
    )
    autoplay_bot: str = "heuristic"
    bot_think_seconds: float = 0.8
    bot_workers: int = Field(
        default=1, ge=0, le=64,
        description="Worker processes where searching bots think, off the event loop "
                    "(yuanzi.hall.runtime.thinking); 0 thinks on the loop (tests only).")
    review_workers: int = Field(
        default=1, ge=0, le=64,
        description="Worker processes of the coach's reviews (issue 17), apart from the "
                    "bots' own; 0 reviews in a thread (tests only).")
    review_worlds: int = Field(
        default=32, ge=1, le=1000,
        description="Sampled worlds per reviewed decision: fixed, so a record gets the "
                    "same review on any machine.")
    review_queue: int = Field(
        default=8, ge=1, le=10_000,
        description="Reviews queued or running at once in the whole hall.")
    review_per_hour: int = Field(
        default=6, ge=1, le=10_000,
        description="Reviews one player may ask for an hour (twice as many per address): "
                    "his share of the coach, so a few cannot keep its queue full.")
    disconnect_grace_seconds: float = 5.0
    deal_contribution_seconds: float = Field(
        default=2.0, ge=0, le=10,
        description="How long a deal waits for the seated players' random contributions "
                    "(issue 28: a fair deal); it is dealt as soon as all came. A seat that "
                    "did not answer gets the hall's. 0: no wait (the hall's for every seat).")
    tournament_pause_seconds: float = Field(
        default=8.0, ge=0, le=120,
        description="Between two games of a tournament's table: the result is read, then "
                    "the next game starts by itself (issue 28).")
    tournament_check_in_seconds: float = Field(
        default=1800.0, ge=0, le=86400,
        description="A scheduled tournament's check-in opens this long before its start "
                    "(issue 28); those checked in at the start play.")
    push: bool = Field(
        default=True,
        description="Web Push (issue 47): the hall makes its VAPID key on first start, "
                    "takes its players' push subscriptions and sends them the nudges they "
                    "opted in to; false: none (the settings page says so).")
    push_subject: str = Field(
        default="mailto:operator@yuanzi.invalid", pattern=r"^(mailto:|https://)\S+$",
        max_length=200,
        description="The VAPID subject the push services may use to reach the hall's "
                    "operator (RFC 8292): a mailto: or https: address.")
    push_insecure_endpoints: bool = Field(
        default=False,
        description="Accept push endpoints on this machine over plain http (a test's own "
                    "push service: a loopback host only, the URL parsed); never on a hall "
                    "others use.")
    push_hosts: str = Field(
        default="fcm.googleapis.com,jmt17.google.com,android.googleapis.com,"
                "updates.push.services.mozilla.com,push.services.mozilla.com,"
                ".push.apple.com,.notify.windows.com",
        max_length=2000,
        description="The push services the hall posts to (issue 54): a comma list of host "
                    "names; one starting with a dot allows that domain's hosts. A "
                    "subscription whose endpoint is elsewhere is refused (docs/push.md).")
    push_senders: int = Field(
        default=4, ge=1, le=64,
        description="Pushes posted at once by the node's push sender (its own connections, "
                    "never the threads the database and password hashing use).")
    push_queue: int = Field(
        default=1000, ge=1, le=100_000,
        description="Pushes waiting for the sender at most; beyond it a push is dropped "
                    "and counted (yuanzi_push_dropped_total).")
    push_timeout_seconds: float = Field(
        default=10.0, gt=0, le=60,
        description="A push's whole exchange with its push service at most (connecting "
                    "and each read take at most half of it); its answer's body is capped.")
    push_subscriptions_per_account: int = Field(
        default=5, ge=1, le=50,
        description="Browsers one account may take pushes on; a new one beyond replaces "
                    "the one subscribed longest ago.")
    tournament_reveal_seconds: float = Field(
        default=4.0, ge=0, le=30,
        description="At a tournament's start, how long its first round waits for the "
                    "entrants' values committed at sign-up (issue 43); a value not come "
                    "by then is left out.")
    tournament_tick_seconds: float = Field(
        default=5.0, gt=0, le=60,
        description="How often a hall looks for scheduled tournaments whose start has come.")
    half_break_seconds: float = Field(
        default=15.0, ge=0, le=120,
        description="The pause between the halves at most (issue 31): the first half's "
                    "summary is read before the leader's clock runs; it ends sooner when "
                    "every player pressed 继续 or the leader played. 0: no pause.")
    max_tables: int = 2000

    # the economy (RULES.md §10–§11; docs/hall.md)
    ladder: Literal["titles", "doubling"] = "titles"
    same_ip_rule: bool = True
    new_account_coins: int = Field(default=5000, ge=0)
    relief_line: int = Field(default=1000, ge=0)
    inventory_slots: int = Field(default=24, ge=1, le=200)
    drop_item_chance: float = Field(default=0.30, ge=0.0, le=1.0)
    drop_gem_chance: float = Field(default=0.20, ge=0.0, le=1.0)
    gem_needs_win: bool = False
    timezone: str = Field(default="Asia/Shanghai",
                          description="The hall's day for daily relief (救济金).")

    # durability
    journal_max_batch: int = 512
    journal_gather_ms: float = Field(
        default=0.0, ge=0, le=50,
        description="While writes come together, the journal waits so long for more "
                    "before a group commit: fewer commits and wake-ups under load, for a "
                    "few ms more on every action and a burstier loop (docs/hall.md, issue "
                    "30: off by default). A lone write never waits. 0: never waits.")

    # operations
    metrics_from: str = Field(
        default="127.0.0.1,::1",
        description="Addresses or networks (comma list) that may read /metrics; anyone "
                    "else, the public proxy's clients included, gets a 404.")
    lease_seconds: float = Field(
        default=6.0, gt=0, le=60,
        description="A hall of several nodes: how long this node's table leases last unless "
                    "renewed (renewed every third of it); a dead node's tables move to the "
                    "others within it and 2 s more. Tests set it low.")
    node_name: str = Field(
        default="",
        description="This node's server name in the proxy's configuration (a hall of several "
                    "nodes): a player whose table runs on another node is told its name, and "
                    "the proxy routes /ws?node=NAME there, so his frames need not cross nodes.")
    api_docs: bool = Field(
        default=False,
        description="Serve the API's OpenAPI schema and its pages (/openapi.json, /docs, "
                    "/redoc); off on a public hall (issue 54).")
    allowed_origins: str = Field(
        default="",
        description="Other origins (comma list, as scheme://host[:port]) whose pages may "
                    "change things through the REST API and open the WebSocket; a change "
                    "from any other foreign origin is refused (issue 54: forbidden_origin). "
                    "The hall's own is always allowed.")
    request_timeout_seconds: float = Field(
        default=5.0, gt=0, le=120,
        description="A client has this long from connecting, or from a request's first "
                    "byte, to send the whole request head (and its declared body); a slower "
                    "one is cut (issue 54: slow-loris sockets; uvicorn).")
    trusted_proxies: str = Field(
        default="",
        description="Reverse proxies (comma list of addresses, or *) whose X-Forwarded-For "
                    "the hall believes; empty trusts none, so a client cannot forge its "
                    "address (issue 14: uvicorn trusted 127.0.0.1 by default).")

    # process
    asgi_server: Literal["uvicorn", "granian", "hypercorn"] = Field(
        default="uvicorn",
        description="The ASGI server yuanzi serve runs the hall on (issue 30: measured side "
                    "by side, docs/hall.md); granian and hypercorn need `pip install "
                    "granian` / `hypercorn`.")
    ws_impl: Literal["auto", "coalescing", "direct", "websockets", "websockets-sansio",
                     "wsproto"] = Field(
        default="direct",
        description="uvicorn's WebSocket implementation (direct: websockets-sansio, a frame "
                    "written at once without a task switch when the socket takes it and "
                    "messages read without ASGI's queue, issue 30; auto: websockets-sansio "
                    "as it comes; coalescing: the same, writing "
                    "once per connection per loop turn; docs/hall.md has the measured choice).")
    event_loop: Literal["auto", "asyncio", "uvloop"] = Field(
        default="auto", description="uvicorn's event loop (auto: uvloop when installed).")
    gc_tuning: bool = Field(
        default=False,
        description="Freeze start-up objects and collect less often (set by yuanzi serve).")

    @property
    def db_url(self) -> str:
        """The effective SQLAlchemy URL."""
        if self.database_url:
            url = self.database_url
            if url.startswith("postgres://"):
                url = "postgresql+psycopg://" + url[len("postgres://"):]
            elif url.startswith("postgresql://"):
                url = "postgresql+psycopg://" + url[len("postgresql://"):]
            return url
        return f"sqlite:///{self.db_path}"
