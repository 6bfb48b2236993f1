"""A small blocking HTTP(S) client for the deploy test: one request, one answer, nothing hidden.

urllib would follow redirects and raise on 4xx/5xx; the test wants to see every status and header
exactly as nginx or an instance sent them, so this uses http.client directly.
"""
import http.client
import json
import ssl
import urllib.parse


class Response:
    def __init__(self, status, headers, body):
        self.status = status
        self.headers = headers  # list of (name, value), names lower-cased
        self.body = body

    def header(self, name):
        name = name.lower()
        for key, value in self.headers:
            if key == name:
                return value
        return None

    def headers_named(self, name):
        name = name.lower()
        return [value for key, value in self.headers if key == name]

    @property
    def json(self):
        try:
            return json.loads(self.body.decode("utf-8"))
        except (ValueError, UnicodeDecodeError):
            return None

    @property
    def text(self):
        return self.body.decode("utf-8", "replace")

    def __repr__(self):
        return f"<{self.status} {self.text[:300]!r}>"


class Api:
    """Requests against one base URL: nginx (https://localhost:PORT) or one instance (http://127.0.0.1:PORT)."""

    def __init__(self, base, ssl_context=None, timeout=15):
        self.base = base.rstrip("/")
        parsed = urllib.parse.urlsplit(self.base)
        self.scheme = parsed.scheme
        self.host = parsed.hostname
        self.port = parsed.port
        self.ssl_context = ssl_context
        self.timeout = timeout

    def request(self, method, path, body=None, token=None, headers=None, raw_body=None, sent=None):
        """One request on a new connection. `sent` (a threading.Event) is set once the request is written."""
        if self.scheme == "https":
            connection = http.client.HTTPSConnection(self.host, self.port, timeout=self.timeout, context=self.ssl_context)
        else:
            connection = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
        all_headers = {"Accept": "application/json"}
        data = raw_body
        if body is not None:
            data = json.dumps(body).encode("utf-8")
            all_headers["Content-Type"] = "application/json"
        if token:
            all_headers["Authorization"] = f"Bearer {token}"
        all_headers.update(headers or {})
        try:
            connection.request(method, path, body=data, headers=all_headers)
            if sent is not None:
                sent.set()
            answer = connection.getresponse()
            payload = answer.read()
            return Response(answer.status, [(k.lower(), v) for k, v in answer.getheaders()], payload)
        finally:
            connection.close()

    def get(self, path, **kwargs):
        return self.request("GET", path, **kwargs)

    def post(self, path, body=None, **kwargs):
        return self.request("POST", path, body=body, **kwargs)


def trusting(ca_file):
    """An SSL context that trusts only the test's throwaway certificate (and checks the host name)."""
    context = ssl.create_default_context(cafile=ca_file)
    context.check_hostname = True
    return context
