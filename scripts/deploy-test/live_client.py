"""A live-stream client that behaves like the browser page and `shifty watch` (docs/live-protocol.md).

It connects through nginx, subscribes with `?topics=…&after=…` in the URL, and whenever the
connection ends (1001 from a stopping instance, a dropped TCP connection from a killed one) it
reconnects with `after=<last id received>`. It records everything the test later checks: every
event id in arrival order, every close code, protocol errors and failed connection attempts.
"""
import asyncio
import json

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus


class LiveClient:
    def __init__(self, name, base_url, token, ssl_context, topics="marketplace", start_after=0):
        self.name = name
        self.base_url = base_url  # wss://localhost:PORT
        self.token = token
        self.ssl_context = ssl_context
        self.topics = topics
        self.start_after = start_after
        self.received = []  # event ids in arrival order, over all connections
        self.close_codes = []  # one per ended connection
        self.failed_attempts = []  # handshakes that did not reach 101 (status or error text)
        self.problems = []  # protocol violations seen: errors, resync_required, ids out of order
        self.connections = 0
        self.connected = asyncio.Event()
        self.hellos = 0
        self._task = None

    @property
    def last_id(self):
        return self.received[-1] if self.received else self.start_after

    def start(self):
        self._task = asyncio.get_running_loop().create_task(self._run(), name=f"live-{self.name}")

    async def stop(self):
        if self._task:
            self._task.cancel()
            try:
                await self._task
            except asyncio.CancelledError:
                pass

    async def _run(self):
        backoff = 0.05
        while True:
            url = f"{self.base_url}/api/v1/live?topics={self.topics}&after={self.last_id}"
            try:
                async with connect(
                    url,
                    additional_headers={"Authorization": f"Bearer {self.token}"},
                    ssl=self.ssl_context,
                    open_timeout=5,
                    close_timeout=2,
                    max_size=1 << 20,
                ) as socket:
                    self.connections += 1
                    backoff = 0.05
                    try:
                        async for raw in socket:
                            self._handle(raw)
                    except ConnectionClosed:
                        pass
                    code = socket.close_code
                    self.close_codes.append(int(code) if code is not None else 1006)
                    self.connected.clear()
            except (InvalidStatus, InvalidHandshake, OSError, asyncio.TimeoutError) as error:
                status = getattr(getattr(error, "response", None), "status_code", None)
                self.failed_attempts.append(f"{status}" if status else f"{type(error).__name__}: {error}")
                await asyncio.sleep(backoff)
                backoff = min(backoff * 2, 1.0)
                continue
            await asyncio.sleep(0.05)

    def _handle(self, raw):
        if isinstance(raw, bytes):
            self.problems.append("binary frame from the server")
            return
        try:
            message = json.loads(raw)
        except ValueError:
            self.problems.append(f"not JSON: {raw[:100]!r}")
            return
        kind = message.get("type")
        if kind == "hello":
            self.hellos += 1
            self.connected.set()
        elif kind == "event":
            event_id = message.get("event", {}).get("id")
            if not isinstance(event_id, int):
                self.problems.append(f"event without an integer id: {raw[:200]}")
            elif event_id <= self.last_id and self.received:
                self.problems.append(f"event {event_id} arrived after {self.last_id} (duplicate or out of order)")
                self.received.append(event_id)
            else:
                self.received.append(event_id)
        elif kind in ("error", "resync_required"):
            self.problems.append(raw[:300])
