"""The road to the push services (issue 47): pywebpush encrypts each push for its
subscription (RFC 8291, aes128gcm) and signs the request with the hall's VAPID key (RFC
8292); py_vapid makes that key. No cryptography of our own.

A push is posted in a worker thread (pywebpush speaks ``requests``), so the event loop is
never held by a slow push service.
"""

from __future__ import annotations

import asyncio
import base64
import json
import logging
from functools import lru_cache
from urllib.parse import urlsplit

from cryptography.hazmat.primitives import serialization
from py_vapid import Vapid02
from pywebpush import WebPushException, webpush

from yuanzi.hall.desk_ports import Push, PushSubscription, Sent

log = logging.getLogger(__name__)

TIMEOUT_SECONDS = 10.0


@lru_cache(maxsize=4)
def _vapid(private_pem: str) -> Vapid02:
    return Vapid02.from_pem(private_pem.encode())


class WebPushSender:
    """:class:`yuanzi.hall.desk_ports.PushSender` over HTTP, with pywebpush."""

    def __init__(self, subject: str) -> None:
        self.subject = subject
        """The VAPID ``sub`` claim: a mailto: or https: address the push services may use to
        reach the hall's operator (``YUANZI_PUSH_SUBJECT``)."""

    def new_key(self) -> str:
        key = Vapid02()
        key.generate_keys()
        pem: bytes = key.private_pem()
        return pem.decode()

    def public_key(self, private_pem: str) -> str:
        raw = _vapid(private_pem).public_key.public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()

    async def send(self, subscription: PushSubscription, push: Push, private_pem: str) -> Sent:
        return await asyncio.to_thread(self._post, subscription, push, private_pem)

    def _post(self, subscription: PushSubscription, push: Push, private_pem: str) -> Sent:
        endpoint = urlsplit(subscription.endpoint)
        claims: dict[str, str | int] = {
            "sub": self.subject, "aud": f"{endpoint.scheme}://{endpoint.netloc}"}
        try:
            webpush({"endpoint": subscription.endpoint,
                     "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth}},
                    json.dumps(push.payload, ensure_ascii=False), _vapid(private_pem), claims,
                    ttl=push.ttl, timeout=TIMEOUT_SECONDS,
                    headers={"Topic": push.topic, "Urgency": push.urgency})
        except WebPushException as e:
            status = getattr(e.response, "status_code", None)
            if status in (404, 410):
                return "gone"
            log.warning("push to %s refused: %s", endpoint.netloc, status or e)
            return "failed"
        except Exception as e:  # the service unreachable, a timeout
            log.warning("push to %s failed: %s", endpoint.netloc, e)
            return "failed"
        return "sent"
