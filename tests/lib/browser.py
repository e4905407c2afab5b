"""A headless Chromium driven through chromedriver, as the `browser` fixture (registered for
every test by tests/conftest.py), and what a test checks of a page drawn: that it fits its
window, that no two texts overlap, and a screenshot of the whole of it for a person to see.

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
# The folder at the top of the repository (not committed) where tests leave screenshots.
SCREENSHOTS = Path(__file__).resolve().parents[2] / "screenshots"

# Every text drawn on the page as boxes: an HTML text node's line boxes (a Range's client
# rectangles), an SVG <text> element's bounding box (its tspans in it). Then each pair of
# boxes of two different texts that cross by more than 1 px both ways, a text and one of its
# own ancestors' or descendants' never compared (a <text> holds its <tspan>s).
OVERLAPS = """
var SVG = "http://www.w3.org/2000/svg";
var texts = [];
var seen = new Set();
var walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_TEXT);
for (var node = walker.nextNode(); node; node = walker.nextNode()) {
  if (!node.data.trim()) { continue; }
  var parent = node.parentElement;
  if (!parent || parent.closest("script, style, title, head, noscript")) { continue; }
  var rects;
  var owner = parent;
  if (parent.namespaceURI === SVG) {
    owner = parent.closest("text") || parent;
    if (seen.has(owner)) { continue; }
    seen.add(owner);
    rects = [owner.getBoundingClientRect()];
  } else {
    var range = document.createRange();
    range.selectNodeContents(node);
    rects = Array.from(range.getClientRects());
  }
  rects = rects.filter(function (r) { return r.width > 0 && r.height > 0; });
  if (rects.length) { texts.push({ node: owner, text: owner === parent && parent.namespaceURI
    !== SVG ? node.data.trim() : owner.textContent.trim(), rects: rects }); }
}
var found = [];
for (var i = 0; i < texts.length; i++) {
  for (var j = i + 1; j < texts.length; j++) {
    var a = texts[i], b = texts[j];
    if (a.node !== b.node && (a.node.contains(b.node) || b.node.contains(a.node))) { continue; }
    a.rects.forEach(function (r) {
      b.rects.forEach(function (q) {
        var across = Math.min(r.right, q.right) - Math.max(r.left, q.left);
        var down = Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top);
        if (across > 1 && down > 1) {
          found.push([a.text, b.text, [r.left, r.top, r.right, r.bottom].map(Math.round),
                      [q.left, q.top, q.right, q.bottom].map(Math.round)]);
        }
      });
    });
  }
}
return found;
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

    def answer_dialog(self, accept: bool, timeout: float = 5.0) -> str:
        """The text of the dialog the page opened (window.confirm), once it is open,
        answered OK (`accept`) or Cancel."""
        began = time.monotonic()
        while True:
            try:
                text = str(self.call("GET", f"/session/{self.session}/alert/text"))
                break
            except AssertionError:  # no dialog open yet
                assert time.monotonic() - began < timeout, "no dialog opened"
                time.sleep(0.05)
        self.call("POST", f"/session/{self.session}/alert/"
                  f"{'accept' if accept else 'dismiss'}", {})
        return text

    def viewport(self, width: int, height: int, mobile: bool) -> None:
        """Show pages as a screen of this many CSS pixels (a phone's, with `mobile`)."""
        self.call("POST", f"/session/{self.session}/goog/cdp/execute", {
            "cmd": "Emulation.setDeviceMetricsOverride", "params": {
                "width": width, "height": height, "deviceScaleFactor": 2 if mobile else 1,
                "mobile": mobile}})

    def whole_page(self, path: Path, width: int) -> None:
        """A screenshot of the whole page at this window width, however long it is."""
        height = int(str(self.script("return Math.ceil(document.documentElement"
                                     ".getBoundingClientRect().height)")))
        self.viewport(width, max(height, 200), mobile=False)
        self.screenshot(path)

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


@pytest.fixture(scope="module")
def module_browser():
    """One headless Chromium for a whole test module, its pages loaded in turn."""
    if not (CHROMIUM and DRIVER):
        pytest.skip("headless Chromium or chromedriver is not installed (.ci/run installs them)")
    opened = Browser()
    yield opened
    opened.close()


# An entry page takes a second tap of the same number key within this many seconds as
# the same tap (a double tap); a scorer who means the number twice taps again later.
SAME_KEY_GAP = 0.4


def keys(page: Browser, *numbers: int) -> None:
    """Tap the entry page's number keys, one number each (the same number twice in a row
    a moment apart, as a scorer who means it does)."""
    for number in numbers:
        last, at = getattr(page, "last_key", (None, 0.0))
        if number == last:
            time.sleep(max(0.0, at + SAME_KEY_GAP - time.monotonic()))
        page.click(f"#keys button[value='{number}']")
        page.last_key = number, time.monotonic()


def armed(page: Browser, timeout: float = 5.0) -> None:
    """Wait until the entry page's Undo, tapped once, takes a second tap."""
    began = time.monotonic()
    while not page.script("return !!document.querySelector('#undo.armed')"):
        assert time.monotonic() - began < timeout, page.text("undo")
        time.sleep(0.05)


def undo(page: Browser) -> None:
    """Take back the last change on the entry page: a tap, and one more once it is armed."""
    page.click("#undo")
    armed(page)
    page.click("#undo")


def fits(page: Browser) -> None:
    """Nothing wider than the screen (an HTML page or an SVG file): no sideways scrolling,
    of the page or of any part of it."""
    wide = page.script("return [document.documentElement.scrollWidth, window.innerWidth,"
                       " (document.body || document.documentElement).scrollWidth]")
    assert wide[0] <= wide[1] and wide[2] <= wide[1], wide
    inside = page.script("return Array.from(document.querySelectorAll('*')).filter(e => "
                         "e.scrollWidth > e.clientWidth + 1 && /auto|scroll/.test("
                         "getComputedStyle(e).overflowX)).map(e => e.id || e.getAttribute('class') "
                         "|| e.tagName)")
    assert not inside, f"these scroll sideways: {inside}"


def overlaps(page: Browser) -> list[list[object]]:
    """Each pair of texts drawn on the page (HTML text or SVG <text>) whose boxes cross by
    more than a pixel both ways: [text, text, box, box], a box [left, top, right, bottom]."""
    return list(page.script(OVERLAPS))  # type: ignore[arg-type]
