"""The web client's first load, map and chat delivery in headless Chromium (issue 52's benchmark).

    python3 browser_bench.py BASE SLP MARKERS [MESSAGES]

`slp-bench --web` starts it against a `slp serve` at BASE whose database (SLP_DB) it built: the
person of phone 010-7700-0001 registered and waiting at Seoul City Hall, with exactly MARKERS
people their search lists. Nothing leaves the machine (every name but 127.0.0.1 fails to
resolve, so no map tiles). Measured, each in the page's own clock where the page sees it:
- the first load, with an empty cache, of that person's link: every request to slp's origin
  but Leaflet (`/vendor/`), the API (`/v1/`) and the socket (the browser's own `/favicon.ico`
  included), their bytes as sent (compressed when served so) and count, and the time from the
  navigation's start to the map holding MARKERS markers (in the DOM, then the next frame painted);
- the queue button: after leaving the queue, from just before the click to the same;
- MESSAGES chat messages (default 50, 5 a second: the chat bucket's rate) from a partner over
  REST, each timed from the moment its POST starts: its `createdAt` (stamped by the worker in
  the transaction), its Socket.IO frame's arrival in the page (the hub's emit, through
  lighttpd), and its line in the chat.
Prints one JSON document on its last line."""
import json
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from datetime import datetime

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

BASE, SLP, MARKERS = sys.argv[1], sys.argv[2], int(sys.argv[3])
MESSAGES = int(sys.argv[4]) if len(sys.argv) > 4 else 50
CENTER = (37.5665, 126.978)
# Stamped in the page, on its clock (ms since the navigation started, or wall clock for chat):
# when the map first holds MARKERS markers and the frame after; each Socket.IO frame carrying a
# bench message; each partner's line added to the chat.
STAMPS = """
window.__marks = { want: %d, inDOM: null, painted: null };
window.__frames = {};
window.__lines = {};
const wall = () => performance.timeOrigin + performance.now();
new MutationObserver((changes) => {
  const marks = window.__marks;
  if (marks.inDOM === null && document.querySelectorAll('path.person').length >= marks.want) {
    marks.inDOM = performance.now();
    requestAnimationFrame(() => requestAnimationFrame(() => { marks.painted = performance.now(); }));
  }
  for (const change of changes) for (const node of change.addedNodes) {
    if (node.classList && node.classList.contains('theirs')) window.__lines[node.querySelector('.text').textContent] = wall();
  }
}).observe(document, { childList: true, subtree: true });
const NativeSocket = window.WebSocket;
window.WebSocket = class extends NativeSocket {
  constructor(...parameters) {
    super(...parameters);
    this.addEventListener('message', (event) => {
      const found = typeof event.data === 'string' && event.data.match(/bench \\d+/);
      if (found) window.__frames[found[0]] = wall();
    });
  }
};
""" % MARKERS


def slp(*arguments):
    done = subprocess.run([SLP, *arguments], capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"browser_bench: slp {arguments[0]} failed: {done.stderr.strip()}")
    return done.stdout.strip()


def api(method, path, token, form=None):
    data = urllib.parse.urlencode(form or {}, doseq=True).encode() if method != "GET" else None
    request = urllib.request.Request(BASE + "/v1" + path, data=data, method=method,
                                     headers={"idtoken": token, "Content-Type": "application/x-www-form-urlencoded"})
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read() or b"null")


def wait(check, what, bound=60.0):
    deadline = time.monotonic() + bound
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.01)
    raise SystemExit(f"browser_bench: the page did not get there within {bound:.0f} s: {what}")


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


def spread(values):
    return {"p50": percentile(values, 0.5), "p99": percentile(values, 0.99), "max": max(values)}


def markers(driver, what):
    marks = wait(lambda: (lambda m: m if m["painted"] is not None else None)(driver.execute_script("return window.__marks")), what)
    count = driver.execute_script("return document.querySelectorAll('path.person').length")
    return marks, count


def main():
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1440,1000",
                     "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1", "--lang=ko-KR"):
        options.add_argument(argument)
    driver = webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": STAMPS})
    driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": BASE, "permissions": ["geolocation"]})
    driver.execute_cdp_cmd("Emulation.setGeolocationOverride", {"latitude": CENTER[0], "longitude": CENTER[1], "accuracy": 10})
    figures = {}
    try:
        token = slp("token", "--as", "010-7700-0001")
        driver.get(f"{BASE}/#token={token}")
        marks, count = markers(driver, f"{MARKERS} markers on the first load")
        entries = driver.execute_script("""
            return performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))
              .filter((e) => new URL(e.name).origin === location.origin)
              .map((e) => [new URL(e.name).pathname, e.encodedBodySize, e.decodedBodySize, e.transferSize, e.responseEnd, e.startTime]);""")
        own = [e for e in entries if not e[0].startswith(("/vendor/", "/v1/", "/socket.io/"))]
        vendor = [e for e in entries if e[0].startswith("/vendor/")]
        calls = [e for e in entries if e[0].startswith("/v1/")]
        figures["firstLoad"] = {
            "ownRequests": len(own), "ownBytes": sum(e[1] for e in own), "ownDecoded": sum(e[2] for e in own),
            "ownTransfer": sum(e[3] for e in own), "ownPaths": sorted(e[0] for e in own),
            "leafletRequests": len(vendor), "leafletBytes": sum(e[1] for e in vendor),
            "apiRequests": len(calls), "apiBytes": sum(e[1] for e in calls),
            "markers": count, "markersInDOM": marks["inDOM"], "markersPainted": marks["painted"],
            "timeline": [[e[0], round(e[5]), round(e[4])] for e in entries],
            "domContentLoaded": driver.execute_script("return performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd"),
            "ownLoaded": max(e[4] for e in own), "searchAnswered": max(e[4] for e in calls if e[0] == "/v1/queue/search")}

        # Leave the queue (the map empties), then queue again with the button: the map fills anew.
        driver.find_element(By.CSS_SELECTOR, ".finder button.secondary").click()
        wait(lambda: driver.execute_script("return document.querySelectorAll('path.person').length === 0"), "the map emptied")
        locate = driver.find_element(By.CSS_SELECTOR, ".finder .buttons button:not(.secondary)")
        start = driver.execute_script("window.__marks.inDOM = window.__marks.painted = null; return performance.now()")
        locate.click()
        marks, count = markers(driver, f"{MARKERS} markers after the queue button")
        figures["queueButton"] = {"markers": count, "inDOM": marks["inDOM"] - start, "painted": marks["painted"] - start}

        partner = slp("token", "--phone", "010-7700-0002")
        api("POST", "/user", partner, {"phoneNumber": "+821077000002", "nick": "상대", "birth": "1994-01-01",
                                       "email": "p@example.com", "gender": "1", "FCMtoken": ""})
        api("POST", "/queue", partner, {"lat": CENTER[0], "long": CENTER[1], "studylist": "swift"})
        me = api("GET", "/user", token)["uid"]
        api("POST", "/queue/studyrequest", partner, {"otheruid": me})
        accept = wait(lambda: [b for b in driver.find_elements(By.CSS_SELECTOR, "#requests button") if b.is_displayed()],
                      "the partner's request")
        accept[0].click()
        wait(lambda: driver.find_elements(By.ID, "chat-input") and driver.find_element(By.ID, "chat-input").is_displayed(),
             "the chat")
        transport = driver.execute_script("return document.documentElement.dataset.transport")
        started, answered, created = {}, {}, {}
        for index in range(MESSAGES):
            text = f"bench {index}"
            started[text] = time.time() * 1000
            sent = api("POST", f"/chat/{me}", partner, {"chat": text})
            answered[text] = time.time() * 1000
            created[text] = datetime.fromisoformat(sent["createdAt"].replace("Z", "+00:00")).timestamp() * 1000
            time.sleep(0.2)
        lines = wait(lambda: (lambda got: got if len(got) >= MESSAGES else None)(driver.execute_script("return window.__lines")),
                     f"{MESSAGES} chat lines")
        frames = driver.execute_script("return window.__frames")
        texts = list(started)
        figures["chat"] = {
            "transport": transport, "messages": MESSAGES,
            "postToLine": spread([lines[t] - started[t] for t in texts]),
            "postAnswered": spread([answered[t] - started[t] for t in texts]),
            "postToCreatedAt": spread([created[t] - started[t] for t in texts]),
            "createdAtToLine": spread([lines[t] - created[t] for t in texts]),
        }
        if len(frames) >= MESSAGES:
            figures["chat"].update({
                "createdAtToFrame": spread([frames[t] - created[t] for t in texts]),
                "frameToLine": spread([lines[t] - frames[t] for t in texts]),
            })
    finally:
        driver.quit()
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
