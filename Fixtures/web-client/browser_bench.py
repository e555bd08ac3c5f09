"""The web client's first load and chat delivery in headless Chromium (issue 52's benchmark).

    python3 browser_bench.py BASE SLP [MESSAGES]

Against a `slp serve` at BASE whose database (SLP_DB) holds people waiting around Seoul City
Hall (`slp seed --users 1000 --center 37.5665,126.978 --spread-km 0.5`): a person signs in by
link, registers and queues there; printed are the bytes and requests of the first load (slp's
own files apart from Leaflet, as sent: compressed when served so), the time from the queue
button to the map showing every marker of the search, and how long each of MESSAGES chat
messages (default 50, 5 a second: the chat bucket's rate) takes from the moment its POST starts
to its line in the page (p50, p99, max)."""
import json
import statistics
import subprocess
import sys
import time
import urllib.parse
import urllib.request

from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.chrome.service import Service

BASE, SLP = sys.argv[1], sys.argv[2]
MESSAGES = int(sys.argv[3]) if len(sys.argv) > 3 else 50
CENTER = (37.5665, 126.978)
# Each line the page adds to the chat, stamped with the wall clock when it appears.
STAMP_ARRIVALS = """
window.__arrivals = {};
new MutationObserver((changes) => {
  for (const change of changes) for (const node of change.addedNodes) {
    if (node.classList && node.classList.contains('theirs')) window.__arrivals[node.querySelector('.text').textContent] = performance.timeOrigin + performance.now();
  }
}).observe(document, { childList: true, subtree: true });
"""


def slp(*arguments):
    return subprocess.run([SLP, *arguments], capture_output=True, text=True, check=True).stdout.strip()


def api(method, path, token, form=None):
    data = urllib.parse.urlencode(form or {}, doseq=True).encode() if method != "GET" else None
    request = urllib.request.Request(BASE + "/v1" + path, data=data, method=method,
                                     headers={"idtoken": token, "Content-Type": "application/x-www-form-urlencoded"})
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read() or b"null")


def wait(check, bound=60.0):
    deadline = time.monotonic() + bound
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.005)
    raise SystemExit("the page did not get there")


def main():
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1440,1000",
                     "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1", "--lang=ko-KR"):
        options.add_argument(argument)
    driver = webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": STAMP_ARRIVALS})
    driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": BASE, "permissions": ["geolocation"]})
    driver.execute_cdp_cmd("Emulation.setGeolocationOverride", {"latitude": CENTER[0], "longitude": CENTER[1], "accuracy": 10})
    try:
        token = slp("token", "--phone", "010-7700-0001")
        driver.get(f"{BASE}/#token={token}")
        wait(lambda: driver.find_elements(By.NAME, "nick"))
        entries = driver.execute_script("""
            return performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))
              .map((e) => [new URL(e.name).pathname, e.encodedBodySize, e.decodedBodySize, e.transferSize]);""")
        own = [entry for entry in entries if not entry[0].startswith("/vendor/") and not entry[0].startswith("/v1/")]
        vendor = [entry for entry in entries if entry[0].startswith("/vendor/")]
        print(f"first load: slp's own files {len(own)} requests, {sum(e[1] for e in own)} bytes as sent "
              f"({sum(e[2] for e in own)} decoded); Leaflet {len(vendor)} requests, {sum(e[1] for e in vendor)} bytes as sent")

        driver.find_element(By.NAME, "nick").send_keys("벤치")
        driver.find_element(By.NAME, "birth").send_keys("1994-01-01")
        driver.find_element(By.NAME, "email").send_keys("bench@example.com")
        driver.find_element(By.NAME, "email").submit()
        wait(lambda: driver.find_elements(By.ID, "studies"))
        locate = [b for b in driver.find_elements(By.CSS_SELECTOR, ".finder button") if b.is_displayed()][0]
        started = time.monotonic()
        locate.click()
        count = wait(lambda: driver.execute_script("return document.querySelectorAll('#people .person-card').length"))
        markers = wait(lambda: driver.execute_script(
            "const n = document.querySelectorAll('path.person').length; return n >= arguments[0] ? n : 0", count))
        print(f"map: {markers} markers drawn {1000 * (time.monotonic() - started):.0f} ms after the queue button "
              "(queue, search, list and map)")

        partner = slp("token", "--phone", "010-7700-0002")
        api("POST", "/user", partner, {"phoneNumber": "+821077000002", "nick": "상대", "birth": "1994-01-01", "email": "p@example.com", "gender": "1", "FCMtoken": ""})
        api("POST", "/queue", partner, {"lat": CENTER[0], "long": CENTER[1], "studylist": "swift"})
        me = wait(lambda: driver.execute_script("return document.getElementById('whoami').textContent"))
        uid = json.loads(__import__("base64").urlsafe_b64decode(token.split(".")[1] + "==")).get("sub")
        api("POST", "/queue/studyrequest", partner, {"otheruid": uid})
        accept = wait(lambda: [b for b in driver.find_elements(By.CSS_SELECTOR, "#requests button") if b.is_displayed()])
        accept[0].click()
        wait(lambda: driver.find_elements(By.ID, "chat-input") and driver.find_element(By.ID, "chat-input").is_displayed())
        transport = driver.execute_script("return document.documentElement.dataset.transport")
        sent = {}
        for index in range(MESSAGES):
            text = f"bench {index}"
            sent[text] = time.time() * 1000
            api("POST", f"/chat/{uid}", partner, {"chat": text})
            time.sleep(0.2)
        arrivals = wait(lambda: (lambda got: got if len(got) >= MESSAGES else None)(driver.execute_script("return window.__arrivals")))
        delays = sorted(arrivals[text] - sent[text] for text in sent)
        p99 = delays[min(len(delays) - 1, int(len(delays) * 0.99))]
        print(f"chat to the page over {transport} ({me}): {MESSAGES} messages, p50 {statistics.median(delays):.1f} ms, "
              f"p99 {p99:.1f} ms, max {delays[-1]:.1f} ms (from the POST's start)")
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
