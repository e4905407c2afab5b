"""A headless Chromium driven through chromedriver, as the `browser` fixture (registered for
every test by tests/conftest.py).

The driver is spoken to in its own W3C WebDriver protocol (JSON over loopback HTTP)."""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")


# A page's fetch, made to lose the answer of its next write: the write reaches serve,
# the phone hears nothing back (its Wi-Fi dropped), and must send it again.
LOSE_AN_ANSWER = """
var real = window.fetch;
window.writes = 0;
window.lost = 1;
window.fetch = function (url, options) {
  var sent = real(url, options);
  if (options && options.method === "POST") {
    window.writes += 1;
    if (window.lost > 0) {
      window.lost -= 1;
      return sent.then(function () { throw new TypeError("the Wi-Fi dropped"); });
    }
  }
  return sent;
};
"""
class Browser:
    """One headless Chromium session behind its own chromedriver on a free loopback port."""

    def __init__(self) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        self.driver = subprocess.Popen([DRIVER, f"--port={port}"], stdout=subprocess.DEVNULL,
                                       stderr=subprocess.DEVNULL)
        self.base = f"http://127.0.0.1:{port}"
        self.http = urllib.request.build_opener(urllib.request.ProxyHandler({}))
        deadline = time.monotonic() + 20
        while True:
            try:
                if self.call("GET", "/status")["ready"]:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline or self.driver.poll() is not None:
                raise RuntimeError("chromedriver did not start")
            time.sleep(0.1)
        options = {"binary": CHROMIUM, "args": [
            "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
            "--no-proxy-server", "--window-size=400,900"]}
        self.session = self.call("POST", "/session", {"capabilities": {"alwaysMatch": {
            "browserName": "chrome", "goog:chromeOptions": options}}})["sessionId"]

    def call(self, method: str, path: str, body: object = None) -> dict:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with self.http.open(request, timeout=30) as response:
                return json.load(response)["value"]
        except urllib.error.HTTPError as error:  # the driver says why in its JSON body
            raise AssertionError(f"{method} {path}: {error.read()[:500]!r}") from None

    def open(self, url: str) -> None:
        self.call("POST", f"/session/{self.session}/url", {"url": url})

    def script(self, code: str) -> object:
        return self.call("POST", f"/session/{self.session}/execute/sync",
                         {"script": code, "args": []})

    def click(self, css: str) -> None:
        """Click the element as a person taps it (the driver scrolls it into view and
        refuses an element hidden, disabled from view or covered)."""
        found = self.call("POST", f"/session/{self.session}/element",
                          {"using": "css selector", "value": css})
        element = next(iter(found.values()))
        self.call("POST", f"/session/{self.session}/element/{element}/click", {})

    def viewport(self, width: int, height: int, mobile: bool) -> None:
        """Show pages as a screen of this many CSS pixels (a phone's, with `mobile`)."""
        self.call("POST", f"/session/{self.session}/goog/cdp/execute", {
            "cmd": "Emulation.setDeviceMetricsOverride", "params": {
                "width": width, "height": height, "deviceScaleFactor": 2 if mobile else 1,
                "mobile": mobile}})

    def screenshot(self, path: Path) -> None:
        import base64

        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(str(self.call(
            "GET", f"/session/{self.session}/screenshot"))))

    def text(self, element_id: str) -> str:
        return str(self.script(f"return document.getElementById('{element_id}').textContent"))

    def wait_for_text(self, element_id: str, wanted: str, timeout: float) -> float:
        """Seconds until the element shows `wanted`; fails after `timeout`."""
        began = time.monotonic()
        while wanted not in self.text(element_id):
            assert time.monotonic() - began < timeout, (wanted, self.text(element_id))
            time.sleep(0.05)
        return time.monotonic() - began

    def close(self) -> None:
        try:
            self.call("DELETE", f"/session/{self.session}")
        finally:
            self.driver.terminate()
            self.driver.wait(10)


@pytest.fixture


def browser():
    if not (CHROMIUM and DRIVER):
        reason = "headless Chromium or chromedriver is not installed (.ci/run installs them)"
        print(f"skipped: {reason}", file=sys.stderr)
        pytest.skip(reason)
    opened = Browser()
    yield opened
    opened.close()


def fits(page: Browser) -> None:
    """Nothing wider than the screen: no sideways scrolling."""
    wide = page.script("return [document.documentElement.scrollWidth, window.innerWidth,"
                       " document.body.scrollWidth]")
    assert wide[0] <= wide[1] and wide[2] <= wide[1], wide
