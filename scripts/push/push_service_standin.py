#!/usr/bin/env python3
"""A local stand-in for a Web Push service (RFC 8030), for Shifty's tests.

It plays both the push service and the browser: it makes a subscription key pair (P-256) and an
auth secret like a browser does, prints them as one JSON line, then accepts POSTs on
http://127.0.0.1:PORT/push/<name>. For each it checks the VAPID Authorization header (RFC 8292:
the JWT's ES256 signature with py_vapid, aud = this origin, exp at most 24 hours ahead, a
mailto:/https: sub) and decrypts the aes128gcm body (RFC 8291) with http_ece, both independent
of Shifty's Swift code, and prints one JSON line per request:
  {"path": ..., "status": ..., "ok": bool, "error": str|None, "payload": str|None, "claims": {...}, "headers": {...}}

Paths starting with /push/gone answer 410 Gone (the subscription expired), /push/missing 404,
/push/busy 429; everything else 201 Created when the checks pass, 400 when they do not.
The stand-in exits when its standard input closes (the test that started it ended).

Usage: push_service_standin.py [--tls DIR]
With --tls it serves https://127.0.0.1:PORT with a self-signed certificate it makes in DIR
(DIR/cert.pem, which the first line names as "caFile"), like an operator's own push service with a
private CA (`--push-ca-file`).
"""
import base64
import json
import os
import ssl
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid02


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


PRIVATE_KEY = ec.generate_private_key(ec.SECP256R1())
PUBLIC_KEY = PRIVATE_KEY.public_key().public_bytes(
    serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
AUTH_SECRET = __import__("os").urandom(16)
OUTPUT_LOCK = threading.Lock()


def emit(record: dict) -> None:
    with OUTPUT_LOCK:
        sys.stdout.write(json.dumps(record, sort_keys=True) + "\n")
        sys.stdout.flush()


def check_vapid(header: str, origin: str) -> dict:
    """Verifies the token's signature and claims; returns the claims."""
    if not header.lower().startswith("vapid "):
        raise ValueError(f"Authorization is not the vapid scheme: {header[:40]!r}")
    params = {}
    for part in header[len("vapid "):].split(","):
        key, _, value = part.strip().partition("=")
        params[key] = value
    if "t" not in params or "k" not in params:
        raise ValueError("vapid Authorization needs t= and k=")
    # py_vapid reads the RFC 8292 form without the space after the comma.
    if not Vapid02.verify(f"vapid t={params['t']},k={params['k']}"):
        raise ValueError("VAPID JWT signature does not verify with the k= key")
    header_part, claims_part, _ = params["t"].split(".")
    jose = json.loads(unb64url(header_part))
    claims = json.loads(unb64url(claims_part))
    if jose.get("alg") != "ES256":
        raise ValueError(f"JWT alg is {jose.get('alg')!r}, not ES256")
    if claims.get("aud") != origin:
        raise ValueError(f"JWT aud {claims.get('aud')!r} is not this push service's origin {origin!r}")
    now = time.time()
    if not (now < claims.get("exp", 0) <= now + 24 * 3600):
        raise ValueError(f"JWT exp {claims.get('exp')} is not within the next 24 hours")
    sub = claims.get("sub", "")
    if not (sub.startswith("mailto:") or sub.startswith("https:")):
        raise ValueError(f"JWT sub {sub!r} is not a mailto: or https: URL")
    claims["k"] = params["k"]
    return claims


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):  # quiet: stdout is the test's channel
        pass

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        body = self.rfile.read(length)
        origin = f"{self.server.scheme}://127.0.0.1:{self.server.server_address[1]}"
        record = {"path": self.path, "headers": {k.lower(): v for k, v in self.headers.items()},
                  "error": None, "payload": None, "claims": None, "length": length}
        try:
            if self.headers.get("Content-Encoding") != "aes128gcm":
                raise ValueError(f"Content-Encoding is {self.headers.get('Content-Encoding')!r}")
            if self.headers.get("TTL") is None:
                raise ValueError("TTL header missing (RFC 8030 §5.2)")
            record["claims"] = check_vapid(self.headers.get("Authorization", ""), origin)
            plaintext = http_ece.decrypt(body, private_key=PRIVATE_KEY, auth_secret=AUTH_SECRET, version="aes128gcm")
            record["payload"] = plaintext.decode("utf-8")
            record["ok"] = True
        except Exception as error:  # the test reads the reason
            record["ok"] = False
            record["error"] = f"{type(error).__name__}: {error}"
        if self.path.startswith("/push/gone"):
            status = 410
        elif self.path.startswith("/push/missing"):
            status = 404
        elif self.path.startswith("/push/busy"):
            status = 429
        else:
            status = 201 if record["ok"] else 400
        record["status"] = status
        emit(record)
        reply = b"" if status == 201 else (record["error"] or "gone").encode()
        self.send_response(status)
        self.send_header("Content-Length", str(len(reply)))
        if status == 201:
            self.send_header("Location", f"{origin}/message/{time.time_ns()}")
        self.end_headers()
        self.wfile.write(reply)


def make_certificate(directory: str) -> tuple:
    cert, key = os.path.join(directory, "cert.pem"), os.path.join(directory, "key.pem")
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
         "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key, "-out", cert],
        check=True, capture_output=True)
    return cert, key


def main() -> None:
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.scheme = "http"
    hello = {}
    if len(sys.argv) > 2 and sys.argv[1] == "--tls":
        cert, key = make_certificate(sys.argv[2])
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(cert, key)
        server.socket = context.wrap_socket(server.socket, server_side=True)
        server.scheme = "https"
        hello["caFile"] = cert
    port = server.server_address[1]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    emit({"origin": f"{server.scheme}://127.0.0.1:{port}", "p256dh": b64url(PUBLIC_KEY), "auth": b64url(AUTH_SECRET), **hello})
    sys.stdin.read()  # until the test closes our stdin (or dies)
    server.shutdown()


if __name__ == "__main__":
    main()
