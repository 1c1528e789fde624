#!/usr/bin/env python3
"""Drives a report page in headless Chromium as a person would, through the DevTools protocol on a pipe:
real mouse clicks at the places things are drawn, real key presses, then reads the page back.

    drive.py BROWSER PAGE_URL CHECK [ARGS...]

CHECK is one of:
  explain STEP NODE_TEXT EXPECTED   click the step's button, click the instance labelled NODE_TEXT in the
                                    first picture, and expect its explanation to contain EXPECTED; then do
                                    the same with Tab focus and Enter, and move to the next step with →
  fonts MINIMUM                     every instance and property label drawn at MINIMUM px or more
"""
import json
import os
import subprocess
import sys
import time


class Browser:
    """Chromium with --remote-debugging-pipe: commands go to its fd 3, answers come from its fd 4,
    each a JSON message ended by a NUL byte."""

    def __init__(self, executable, width=1400, height=900):
        to_child_read, self.to_child = os.pipe()
        self.from_child, from_child_write = os.pipe()
        # Pipes are made close-on-exec; the child's ends must survive into Chromium as fds 3 and 4.
        os.set_inheritable(to_child_read, True)
        os.set_inheritable(from_child_write, True)
        # Debian's `chromium` is a shell script; the browser itself keeps the inherited pipes.
        if os.path.basename(executable) == "chromium" and os.path.exists("/usr/lib/chromium/chromium"):
            executable = "/usr/lib/chromium/chromium"
        self.process = subprocess.Popen(
            [executable, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
             f"--window-size={width},{height}", "--remote-debugging-pipe", "about:blank"],
            close_fds=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=lambda: (os.dup2(to_child_read, 3), os.dup2(from_child_write, 4),
                                os.set_inheritable(3, True), os.set_inheritable(4, True)))
        os.close(to_child_read)
        os.close(from_child_write)
        self.next_id = 0
        self.buffer = b""
        self.events = []
        self.session = None

    def send(self, method, params=None, session=True):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            message["sessionId"] = self.session
        os.write(self.to_child, json.dumps(message).encode() + b"\0")
        while True:
            reply = self.receive()
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    sys.exit(f"drive: {method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def receive(self, timeout=60):
        deadline = time.time() + timeout
        while b"\0" not in self.buffer:
            if time.time() > deadline:
                sys.exit("drive: the browser did not answer")
            chunk = os.read(self.from_child, 65536)
            if not chunk:
                sys.exit("drive: the browser closed the pipe")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def open(self, url):
        target = self.send("Target.createTarget", {"url": "about:blank"}, session=False)["targetId"]
        self.session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True}, session=False)["sessionId"]
        self.send("Page.enable")
        self.send("Page.navigate", {"url": url})
        self.wait_for("Page.loadEventFired")

    def wait_for(self, method, timeout=60):
        deadline = time.time() + timeout
        while time.time() < deadline:
            for index, event in enumerate(self.events):
                if event.get("method") == method:
                    del self.events[index]
                    return event
            self.events.append(self.receive(timeout=max(1, deadline - time.time())))
        sys.exit(f"drive: no {method}")

    def evaluate(self, expression):
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        if "exceptionDetails" in result:
            sys.exit(f"drive: {expression[:80]}…: {result['exceptionDetails']}")
        return result["result"].get("value")

    def click_at(self, x, y):
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            self.send("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1})

    def click(self, selector_expression, what):
        """Scrolls the element into view and clicks the middle of what is drawn."""
        box = self.evaluate(f"""(function () {{
            var e = {selector_expression};
            if (!e) {{ return null; }}
            e.scrollIntoView({{block: 'center'}});
            var r = e.getBoundingClientRect();
            return {{x: r.left + r.width / 2, y: r.top + r.height / 2}};
        }})()""")
        if box is None:
            sys.exit(f"drive: no {what} on the page")
        self.click_at(box["x"], box["y"])

    def key(self, key, code, virtual):
        for kind in ("keyDown", "keyUp"):
            self.send("Input.dispatchKeyEvent", {"type": kind, "key": key, "code": code, "windowsVirtualKeyCode": virtual})

    def close(self):
        try:
            self.send("Browser.close", session=False)
        except SystemExit:
            pass
        self.process.wait(timeout=30)


def node_expression(label):
    return ("Array.prototype.slice.call(document.querySelectorAll('figure.variant')[0].querySelectorAll('g.node.view'))"
            f".filter(function (g) {{ var t = g.querySelector('text'); return t && t.textContent.trim() === {json.dumps(label)}; }})[0]")


def explain(browser, step, label, expected):
    browser.click(f"document.querySelector('nav#steps button[data-step=\"{step}\"]')", f"button for step {step}")
    pressed = browser.evaluate(f"document.querySelector('nav#steps button[data-step=\"{step}\"]').getAttribute('aria-pressed')")
    if pressed != "true":
        sys.exit(f"drive: the button of step {step} is not pressed after a click (aria-pressed {pressed})")
    browser.click(node_expression(label), f"instance {label}")
    details = browser.evaluate("document.querySelectorAll('figure.variant')[0].querySelector('.details').textContent")
    if expected not in details:
        sys.exit(f"drive: clicking {label} in step {step} explains: {details!r}; expected {expected!r}")
    print(f"drive: click on {label} in step {step}: {details[:100]!r}")
    # The list beside the picture names it too, and marks it.
    marked = browser.evaluate("Array.prototype.map.call(document.querySelectorAll('figure.variant')[0].querySelectorAll('.story li.focus'), function (li) { return li.textContent; })")
    if not marked or not any(label.split("[")[0] in text for text in marked):
        sys.exit(f"drive: the step's list does not mark {label}: {marked}")
    # Keyboard: clear, focus the instance, Enter explains it; Tab moves to another instance.
    browser.evaluate("document.querySelectorAll('figure.variant')[0].querySelector('.details').textContent = ''")
    browser.evaluate(f"({node_expression(label)}).focus()")
    browser.key("Enter", "Enter", 13)
    details = browser.evaluate("document.querySelectorAll('figure.variant')[0].querySelector('.details').textContent")
    if expected not in details:
        sys.exit(f"drive: Enter on the focused {label} explains: {details!r}")
    browser.key("Tab", "Tab", 9)
    focused = browser.evaluate("document.activeElement && document.activeElement.getAttribute('role')")
    if focused != "button":
        sys.exit(f"drive: Tab from an instance went to {focused!r}, not to the next instance")
    print(f"drive: Enter on focused {label} explains it; Tab reaches the next instance")
    # → moves to the next step once the focus is back on the step buttons.
    browser.evaluate(f"document.querySelector('nav#steps button[data-step=\"{step}\"]').focus()")
    browser.key("ArrowRight", "ArrowRight", 39)
    chosen = browser.evaluate("document.body.getAttribute('data-step')")
    if chosen != str(step + 1):
        sys.exit(f"drive: → from step {step} chose step {chosen}")
    current = browser.evaluate("document.querySelector('nav#steps button[aria-current=\"step\"]').getAttribute('data-step')")
    if current != str(step + 1):
        sys.exit(f"drive: after →, aria-current marks step {current}")
    print(f"drive: → moved to step {chosen}")


def fonts(browser, minimum):
    """The smallest label as drawn: its font size times the scale the page draws its picture at."""
    sizes = browser.evaluate("""(function () {
        var found = [];
        document.querySelectorAll('figure.variant .picture svg').forEach(function (svg, v) {
            if (!svg.getClientRects().length) { return; }
            var scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
            svg.querySelectorAll('g.node text').forEach(function (t) {
                var size = parseFloat(t.getAttribute('font-size') || getComputedStyle(t).fontSize);
                found.push({variant: v, text: t.textContent, px: size * scale});
            });
        });
        return found;
    })()""")
    if not sizes:
        sys.exit("drive: no labels drawn")
    smallest = min(sizes, key=lambda s: s["px"])
    if smallest["px"] < minimum - 0.05:
        sys.exit(f"drive: '{smallest['text']}' is drawn at {smallest['px']:.1f} px, under {minimum} px")
    print(f"drive: every label at {smallest['px']:.1f} px or more")


def main():
    executable, url, check, *arguments = sys.argv[1:]
    width = 1400
    if check == "fonts" and len(arguments) > 1:
        width = int(arguments[1])
    browser = Browser(executable, width=width)
    try:
        browser.open(url)
        if check == "explain":
            explain(browser, int(arguments[0]), arguments[1], arguments[2])
        elif check == "fonts":
            fonts(browser, float(arguments[0]))
        else:
            sys.exit(f"drive: unknown check {check}")
    finally:
        browser.close()


if __name__ == "__main__":
    main()
