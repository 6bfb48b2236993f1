#!/usr/bin/env python3
"""A real SMTP server for the e-mail tests: aiosmtpd with STARTTLS (a self-signed certificate made
here with openssl) and AUTH required, both before any mail is accepted.

Usage: smtp_test_server.py DIR USER PASSWORD [SECONDS_PER_MESSAGE]
Writes DIR/cert.pem, prints "port N" once it listens, then stores every accepted message as
DIR/NNNN.eml (the raw bytes) and DIR/NNNN.json (a summary parsed with Python's own e-mail
package: headers, parts, whether the session had TLS and who authenticated). Stops on stdin EOF.

Like Postfix's smtpd (which splits a command line on any whitespace), a tab after the command word
counts as the space aiosmtpd expects: the tests then see what a real mail server would make of an
address with a line break and `RCPT<TAB>TO:` in it.
"""
import asyncio
import json
import os
import re
import socket
import ssl
import subprocess
import sys
import threading
import warnings
from email import policy
from email.parser import BytesParser

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, AuthResult, LoginPassword


def make_certificate(directory):
    cert, key = os.path.join(directory, "cert.pem"), os.path.join(directory, "key.pem")
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=localhost",
         "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1", "-keyout", key, "-out", cert],
        check=True, capture_output=True)
    return cert, key


class Store:
    def __init__(self, directory, delay=0.0):
        self.directory = directory
        self.delay = delay
        self.count = 0
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):
        if self.delay:
            await asyncio.sleep(self.delay)  # a slow server, so a kill lands mid-send
        message = BytesParser(policy=policy.default).parsebytes(envelope.content)
        parts = []
        for part in message.walk():
            if part.is_multipart():
                continue
            parts.append({"type": part.get_content_type(), "charset": part.get_content_charset(), "text": part.get_content()})
        summary = {
            "mailFrom": envelope.mail_from,
            "rcptTos": envelope.rcpt_tos,
            "tls": session.ssl is not None,
            "authenticated": session.authenticated,
            "contentType": message.get_content_type(),
            "headers": {name: str(value) for name, value in message.items()},
            "defects": [str(defect) for defect in message.defects],
            "parts": parts,
        }
        with self.lock:
            self.count += 1
            stem = os.path.join(self.directory, "%04d" % self.count)
        with open(stem + ".eml", "wb") as raw:
            raw.write(envelope.content)
        with open(stem + ".json.tmp", "w") as out:
            json.dump(summary, out)
        os.rename(stem + ".json.tmp", stem + ".json")
        return "250 Message accepted for delivery"


COMMAND_WORD_AND_TAB = re.compile(rb"^([A-Za-z]+)\t")


class WhitespaceTolerantSMTP(SMTP):
    """Reads `RCPT<TAB>TO:` as `RCPT TO:`, as Postfix does; message data (read up to CRLF) is untouched."""

    def _cb_client_connected(self, reader, writer):
        super()._cb_client_connected(reader, writer)
        read_until = reader.readuntil

        async def command_line(separator=b"\n"):
            line = await read_until(separator)
            return COMMAND_WORD_AND_TAB.sub(rb"\1 ", line) if separator == b"\n" else line

        reader.readuntil = command_line


class TestController(Controller):
    def factory(self):
        return WhitespaceTolerantSMTP(self.handler, **self.SMTP_kwargs)


def main():
    warnings.filterwarnings("ignore", message="Session.login_data")  # aiosmtpd 1.4 warns about itself
    directory, user, password = sys.argv[1], sys.argv[2].encode(), sys.argv[3].encode()
    delay = float(sys.argv[4]) if len(sys.argv) > 4 else 0.0
    cert, key = make_certificate(directory)
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)

    def authenticate(server, session, envelope, mechanism, auth_data):
        ok = isinstance(auth_data, LoginPassword) and auth_data.login == user and auth_data.password == password
        return AuthResult(success=ok, handled=False)

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    controller = TestController(
        Store(directory, delay), hostname="127.0.0.1", port=port, tls_context=context, require_starttls=True,
        authenticator=authenticate, auth_required=True, auth_require_tls=True)
    controller.start()
    print("port %d" % port, flush=True)
    sys.stdin.read()
    controller.stop()


if __name__ == "__main__":
    main()
