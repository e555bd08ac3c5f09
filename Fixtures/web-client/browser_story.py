"""The web client's story in two headless Chromiums (WebClientBrowserCLITests): two people
sign in by link, register, queue, see each other on the map and in the list, request, accept,
chat both ways live, read a message sent from the command line, and one cancels, all with the
keyboard alone (Tab to each control, its focus visible, Enter to act). Nothing leaves
the machine (every host but 127.0.0.1 fails to resolve, so map tiles fail too), and every page
must cause no Content-Security-Policy violation.

    python3 browser_story.py CONFIG.json

CONFIG: {"story": "meet", "away", "expiry" or "phone", "base", "people": [{"link", "phone", "nick", "lat", "long",
"language", "studies"}, two], "slp": [argv of slp], "artefacts": DIR, and for "away" a "forged"
and an "expired" token}. "away" tells the rest: the first browser cannot open a WebSocket (the
socket polls), the second's tab is hidden when a request comes (its notice), a reload keeps the
session, eight more sessions of the first person end the page's socket and the page says why,
a forged or expired token gets the sign-in screen. "expiry": one browser, signed in with a token
that expires within seconds, is signed out when the hub ends its socket at the token's exp.
"phone" (the first person's browser alone, at the page without a link): Firebase phone sign-in
through the stand-in SDK (firebase_standin.js), which this script serves on CONFIG's "firebase"
"port" with the test's "code", "uid" and key ("key" a PEM file, "keyID", "project", and the
"lifetime" of its tokens in seconds) for the "phone" that signs up as "nick". The first person's
browser prefers Korean, the second's English. Prints one line per step; exits 1 with one line
saying what did not hold."""
import datetime
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request

from selenium import webdriver
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.chrome.service import Service

CONFIG = json.load(open(sys.argv[1]))
BASE = CONFIG["base"]
# Time bounds hold on a machine five times slower; delivery is measured apart (1 s).
PATIENCE = 30.0
COLLECT_CSP = """
window.__csp = [];
document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));
"""
# A network that lets no WebSocket through: each one fails as a refused upgrade does.
BLOCK_WEBSOCKET = """
window.WebSocket = class { constructor() { this.readyState = 3; setTimeout(() => this.onclose && this.onclose({ code: 1006 }), 0); } send() {} close() {} };
window.WebSocket.OPEN = 1;
"""
# A tab the test can hide (headless Chromium shows every tab), and the notices it is given.
HIDEABLE_TAB = """
window.__hidden = false;
Object.defineProperty(document, 'hidden', { get: () => window.__hidden });
Object.defineProperty(document, 'visibilityState', { get: () => (window.__hidden ? 'hidden' : 'visible') });
window.__notices = [];
const RealNotification = window.Notification;
window.Notification = class extends RealNotification {
  constructor(title, options) { super(title, options); window.__notices.push(options.body); }
};
"""
# Counts the WebSockets the page opens.
COUNT_WEBSOCKETS = """
window.__sockets = 0;
const RealWebSocket = window.WebSocket;
window.WebSocket = class extends RealWebSocket { constructor(...args) { super(...args); window.__sockets += 1; } };
"""
# What is left of the "expiry" story's token when the page opens: enough to load the page and
# connect its socket on a machine five times slower.
EXPIRY_LIFETIME = 8.0


# What the page says, in each language the story's browsers prefer.
WORDS = {
    "ko-KR": {"locate": "내 위치에서 찾기", "ask": "요청하기", "accept": "수락하기", "cancel": "스터디 취소",
              "cancelled": "{}님이 스터디를 취소했어요.",
              "signin": "로그인이 만료되었거나 올바르지 않아요.", "evicted": "다른 곳에서 너무 많이 열려 있어",
              "reviewed": "리뷰를 보냈어요.", "saved": "저장했어요.", "searching": "찾는 중이에요.",
              "badNumber": "휴대폰 번호를 010-1234-5678처럼", "codeSent": "인증 문자를 보냈어요.", "wrongCode": "인증 번호가 맞지 않아요.", "reconnecting": "다시 연결하는 중", "report": "신고 보내기", "reported": "신고했어요."},
    "en-US": {"locate": "Search from my location", "ask": "Ask", "accept": "Accept", "cancel": "Cancel the study",
              "cancelled": "{} cancelled the study.", "signin": "Your sign-in expired or is not valid.",
              "evicted": "slp is open in too many places",
              "reviewed": "Review sent.", "saved": "Saved.", "searching": "Searching.",
              "badNumber": "Enter a Korean mobile number", "codeSent": "We sent you a code", "wrongCode": "That code is not the one we sent.", "reconnecting": "Reconnecting", "report": "Send report", "reported": "Reported."},
}


# Controls without a name a screen reader can say, and text under WCAG AA's contrast (4.5:1;
# 3:1 for large text), among what is shown; tiles and Leaflet's attribution links aside.
AUDIT = """
const named = (e) => (e.labels && e.labels.length) || e.getAttribute('aria-label') || (e.tagName === 'BUTTON' && e.textContent.trim());
const unlabelled = [...document.querySelectorAll('input, select, textarea, button')]
  .filter((e) => e.offsetParent !== null && !named(e)).map((e) => e.outerHTML.slice(0, 80));
const rgb = (c) => c.match(/[\\d.]+/g).map(Number);
const lum = ([r, g, b]) => [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
  .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
const ground = (e) => { for (; e; e = e.parentElement) { const c = rgb(getComputedStyle(e).backgroundColor); if (c.length < 4 || c[3] > 0) return c; } return [255, 255, 255]; };
const weak = [];
for (const e of document.querySelectorAll('body *')) {
  if (e.offsetParent === null || e.closest('.leaflet-control-attribution') || e.classList.contains('visually-hidden')) continue;
  if (![...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
  const style = getComputedStyle(e);
  const [a, b] = [lum(rgb(style.color)), lum(ground(e))];
  const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  const large = parseFloat(style.fontSize) >= 24 || (parseFloat(style.fontSize) >= 18.66 && Number(style.fontWeight) >= 700);
  if (ratio < (large ? 3 : 4.5)) weak.push(`${e.tagName} "${e.textContent.trim().slice(0, 30)}" ${ratio.toFixed(2)}`);
}
return [unlabelled, weak];
"""


def audit(driver, where):
    unlabelled, weak = driver.execute_script(AUDIT)
    if unlabelled:
        raise Failure(f"{where}: controls without a label: {unlabelled}")
    if weak:
        raise Failure(f"{where}: text under AA contrast: {weak}")


class Failure(Exception):
    pass


def browser(person, scripts=()):
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
                     "--window-size=1440,1000", f"--lang={person['language']}"):
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"intl.accept_languages": person["language"]})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))
    for script in (COLLECT_CSP,) + tuple(scripts):
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": script})
    driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": BASE, "permissions": ["geolocation", "notifications"]})
    driver.execute_cdp_cmd("Emulation.setGeolocationOverride", {"latitude": person["lat"], "longitude": person["long"], "accuracy": 10})
    return driver


def wait(what, check, bound=PATIENCE):
    deadline = time.monotonic() + bound
    while True:
        try:
            value = check()
        except Exception:  # the page is between two states; look again
            value = None
        if value:
            return value
        if time.monotonic() > deadline:
            raise Failure(f"{what}: not within {bound} s")
        time.sleep(0.02)


def text_of(driver, selector):
    return " ".join(element.text for element in driver.find_elements(By.CSS_SELECTOR, selector))


def button(driver, label):
    for element in driver.find_elements(By.CSS_SELECTOR, "button"):
        if element.is_displayed() and element.is_enabled() and label in (element.text, element.get_attribute("aria-label")):
            return element
    return None


def labelled(label):
    return lambda element: element.tag_name == "button" and label in (element.text, element.get_attribute("aria-label"))


def named(name):
    return lambda element: name in (element.get_attribute("name"), element.get_attribute("id"))


def tab_to(driver, what, matches, limit=100):
    """Tab until the focused element matches, as a keyboard user would; its focus must show."""
    for _ in range(limit):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        element = driver.switch_to.active_element
        if matches(element):
            outline = driver.execute_script("const s = getComputedStyle(document.activeElement); return [s.outlineStyle, s.outlineWidth]")
            if outline[0] == "none" or outline[1] == "0px":
                raise Failure(f"{what}: focused without a visible focus ({outline})")
            return element
    raise Failure(f"{what}: not reached with Tab")


def press(driver, what, matches):
    tab_to(driver, what, matches).send_keys(Keys.ENTER)


def type_into(driver, what, matches, text):
    element = tab_to(driver, what, matches)
    element.send_keys(Keys.CONTROL, "a")
    element.send_keys(text)
    return element


def violations(driver):
    found = driver.execute_script("return window.__csp || []")
    found += [entry["message"] for entry in driver.get_log("browser") if "Content Security Policy" in entry["message"]]
    # The browser's lines name the page's address, which held the link's token when it loaded.
    return [re.sub(r"token=[^\s\"']+", "token=…", line) for line in found]


def shoot(driver, name, width):
    driver.set_window_size(width, 1000)
    time.sleep(0)  # the resize is synchronous in Chromium's driver; the layout follows it
    path = f"{CONFIG['artefacts']}/{name}-{width}.png"
    driver.save_screenshot(path)
    return path


def register(driver, person):
    driver.get(person["link"])
    wait("the register form", lambda: driver.find_element(By.NAME, "nick"))
    if "token=" in driver.current_url:
        raise Failure("the token stayed in the address bar")
    fill_register(driver, person)


def fill_register(driver, person):
    audit(driver, "the register form")
    type_into(driver, "the nick", named("nick"), person["nick"])
    type_into(driver, "the birth date", named("birth"), "1994-01-01")
    birth = driver.execute_script("return document.querySelector('input[name=birth]').value")
    if birth != "1994-01-01":
        raise Failure(f"the birth date typed reads {birth!r}")
    type_into(driver, "the e-mail", named("email"), f"{person['phone'][-4:]}@example.com").send_keys(Keys.ENTER)
    wait("my page after registering", lambda: person["nick"] in driver.find_element(By.ID, "whoami").text)


def queue_and_meet(drivers, people):
    a, b = drivers
    pa, pb = people
    for driver, person in zip(drivers, people):
        type_into(driver, "the studies", named("studies"), person["studies"])
        press(driver, "the locate button", labelled(person["locate"]))
    for driver, other in ((a, pb), (b, pa)):
        wait(f"{other['nick']} in the list", lambda: other["nick"] in text_of(driver, "#people"))
        wait(f"{other['nick']} on the map", lambda: other["nick"] in text_of(driver, ".person-tooltip"))


def request_and_accept(asker, asking, asked, answering):
    press(asker, "the request button", labelled(f"{asking['ask']}: {answering['nick']}"))
    wait("the request on the other screen", lambda: button(asked, f"{answering['accept']}: {asking['nick']}"))
    press(asked, "the accept button", labelled(f"{answering['accept']}: {asking['nick']}"))
    for driver in (asker, asked):
        wait("the chat, its field focused", lambda: driver.switch_to.active_element.get_attribute("id") == "chat-input")


def chat_both_ways(a, b, texts):
    """Each message typed and sent with Enter; the slowest time to the other screen."""
    worst = 0.0
    for sender, receiver, text in ((a, b, texts[0]), (b, a, texts[1])):
        field = sender.switch_to.active_element
        if field.get_attribute("id") != "chat-input":
            field = tab_to(sender, "the message field", named("chat-input"))
        field.send_keys(text)
        started = time.monotonic()
        field.send_keys(Keys.ENTER)
        wait("my message on my screen", lambda: text in text_of(sender, ".chat-log .mine"))
        wait("the message on the other screen", lambda: text in text_of(receiver, ".chat-log .theirs"))
        worst = max(worst, time.monotonic() - started)
    if worst > 1.0:
        raise Failure(f"a message took {worst:.3f} s to reach the other screen")
    return worst


def no_violations(drivers):
    for driver in drivers:
        found = violations(driver)
        if found:
            raise Failure(f"Content-Security-Policy violations: {found}")
    print("no Content-Security-Policy violation")


def story_meet(drivers, people):
    a, b = drivers
    pa, pb = people
    for driver, person in zip(drivers, people):
        register(driver, person)
    print("registered both through their links")
    queue_and_meet(drivers, people)
    audit(a, "the map and the list")
    shared = text_of(a, "#people")
    both = sorted({name.strip() for name in pa["studies"].split(",")} & {name.strip() for name in pb["studies"].split(",")})
    if not all(name in shared for name in both):
        raise Failure(f"the list does not say what we share: {shared}")
    print("each sees the other on the map and in the list")
    shots = [shoot(a, "map", 1440), shoot(a, "map", 360)]
    a.set_window_size(1440, 1000)

    request_and_accept(a, pa, b, pb)
    print("requested and accepted: both in the chat")
    transports = [driver.execute_script("return document.documentElement.dataset.transport") for driver in drivers]
    if transports != ["websocket", "websocket"]:
        raise Failure(f"the sockets are on {transports}, not WebSocket")
    worst = chat_both_ways(a, b, ("안녕하세요! 내일 2시 어때요?", "Sounds good, see you"))
    print(f"chatted both ways live over WebSocket (slowest {worst * 1000:.0f} ms)")

    line = "터미널에서 보낸 메시지"
    sent = subprocess.run(CONFIG["slp"] + ["chat", "send", "--as", pb["phone"], line], capture_output=True, text=True)
    if sent.returncode != 0:
        raise Failure(f"slp chat send: {sent.stderr.strip()}")
    wait("the command line's message in the page", lambda: line in text_of(a, ".chat-log .theirs"))
    print("a message sent from the command line appears in the page")
    shots += [shoot(a, "chat", 1440), shoot(a, "chat", 360)]
    a.set_window_size(1440, 1000)
    audit(a, "the chat")

    press(b, "the cancel button", labelled(pb["cancel"]))
    said = pa["cancelled"].format(pb["nick"])
    wait("the page saying the partner cancelled", lambda: said in a.find_element(By.CSS_SELECTOR, ".chat-ended").text)
    print(f"the partner cancelled and the page says so: {said}")

    tab_to(a, "the first title", named("title-0")).send_keys(Keys.SPACE)
    type_into(a, "the review's comment", named("review-comment"), "고마워요").send_keys(Keys.ENTER)
    wait("the review sent", lambda: pa["reviewed"] in a.find_element(By.ID, "notice").text)
    press(a, "the report button", labelled(pa["report"]))
    wait("the report sent", lambda: pa["reported"] in a.find_element(By.ID, "notice").text)
    print("reviewed with a title of SLP's six, and reported")
    audit(a, "the review and the report")
    print("every control has a label; all text meets AA contrast")
    no_violations(drivers)
    print("screenshots: " + " ".join(shots))


def story_away(drivers, people):
    """The first browser's network lets no WebSocket through; the second's tab is hidden."""
    a, b = drivers
    pa, pb = people
    for driver, person in zip(drivers, people):
        register(driver, person)
    press(a, "my page", lambda element: element.tag_name == "summary")
    type_into(a, "my usual study", named("my-study"), "algorithm")
    type_into(a, "the youngest I meet", named("age-min"), "25").send_keys(Keys.ENTER)
    wait("my page saved", lambda: pa["saved"] in a.find_element(By.ID, "notice").text)
    queue_and_meet(drivers, people)
    b.execute_script("window.__hidden = true; document.dispatchEvent(new Event('visibilitychange'))")
    press(a, "the request button", labelled(f"{pa['ask']}: {pb['nick']}"))
    wait("the hidden tab's notice", lambda: any(pa["nick"] in body for body in b.execute_script("return window.__notices")))
    if not b.title.startswith("(1)"):
        raise Failure(f"the hidden tab's title says nothing: {b.title}")
    print("a hidden tab gets a notice of the request: " + b.execute_script("return window.__notices")[0])
    b.execute_script("window.__hidden = false; document.dispatchEvent(new Event('visibilitychange'))")
    press(b, "the accept button", labelled(f"{pb['accept']}: {pa['nick']}"))
    for driver in drivers:
        wait("the chat, its field focused", lambda: driver.switch_to.active_element.get_attribute("id") == "chat-input")
    transport = a.execute_script("return document.documentElement.dataset.transport")
    if transport != "polling":
        raise Failure(f"without WebSocket the socket is on {transport}")
    worst = chat_both_ways(a, b, ("폴링으로 보내요", "polling reaches you"))
    print(f"without WebSocket the socket polls, and chat is live both ways (slowest {worst * 1000:.0f} ms)")

    network = {"latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
    a.execute_cdp_cmd("Network.enable", {})
    a.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": True, **network})
    wait("the page saying it reconnects", lambda: pa["reconnecting"] in a.find_element(By.ID, "notice").text)
    away = "while you were away"
    field = b.switch_to.active_element
    field.send_keys(away, Keys.ENTER)
    wait("the message sent while the other was offline", lambda: away in text_of(b, ".chat-log .mine time, .chat-log .mine") and not b.find_elements(By.CSS_SELECTOR, ".chat-log .pending"))
    a.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": False, **network})
    wait("the message sent while offline, caught up after reconnecting", lambda: away in text_of(a, ".chat-log .theirs"))
    print("offline and back: the socket reconnects and the chat catches up")

    a.refresh()
    wait("the chat again after a reload", lambda: "polling reaches you" in text_of(a, ".chat-log .theirs"))
    if pa["nick"] not in a.find_element(By.ID, "whoami").text:
        raise Failure("a reload lost the session")
    kept = a.execute_script("return [document.getElementById('my-study').value, document.getElementById('age-min').value]")
    if kept != ["algorithm", "25"]:
        raise Failure(f"my page after a reload reads {kept}")
    print("my page saved; a reload keeps the session, the chat and my page")

    # Eight more sessions of the same person end the page's (the oldest), the hub saying why:
    # the page says so and stays signed in.
    token = pa["link"].split("#token=", 1)[1]
    for _ in range(8):
        request = urllib.request.Request(f"{BASE}/socket.io/?EIO=4&transport=polling", headers={"idtoken": token})
        with urllib.request.urlopen(request, timeout=PATIENCE) as answer:
            if answer.status != 200:
                raise Failure(f"a session of the same person: {answer.status}")
    wait("the page saying a newer session took its place", lambda: pa["evicted"] in a.find_element(By.ID, "notice").text)
    if pa["nick"] not in a.find_element(By.ID, "whoami").text:
        raise Failure("an evicted socket signed the page out")
    print("a ninth session of the same person: the page says why its socket ended, still signed in")

    for name, token in (("forged", CONFIG["forged"]), ("expired", CONFIG["expired"])):
        b.get(f"{BASE}/#token={token}")
        wait(f"the sign-in screen for a {name} token", lambda: pb["signin"] in text_of(b, "#view"))
        if b.find_elements(By.NAME, "phone"):
            raise Failure("without Firebase's web config the sign-in screen offers phone sign-in")
        seen = text_of(b, "body")
        if pa["nick"] in seen or pb["nick"] in seen:
            raise Failure(f"a {name} token shows someone's data: {seen}")
    print("a forged and an expired token get the sign-in screen and nobody's data")
    no_violations(drivers)


def story_expiry(drivers, people):
    """The first person, registered, opens the page with a token that expires in
    EXPIRY_LIFETIME seconds: at its exp the hub ends the page's socket saying why (`closing`,
    401), and the page shows the sign-in screen, opens no other socket and shows nobody's data."""
    (a,) = drivers
    pa = people[0]
    hour = pa["link"].split("#token=", 1)[1]
    form = urllib.parse.urlencode({"birth": "1995-01-01", "email": "expiry@example.com", "gender": "0", "nick": pa["nick"], "phoneNumber": pa["phone"]})
    request = urllib.request.Request(f"{BASE}/v1/user", data=form.encode(), headers={"idtoken": hour}, method="POST")
    with urllib.request.urlopen(request, timeout=PATIENCE) as answer:
        if answer.status != 200:
            raise Failure(f"registering through the API: {answer.status}")
    # `slp token` makes tokens of an hour: one made an hour ago, less the lifetime wanted.
    made = datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(seconds=3600 - EXPIRY_LIFETIME)
    clock = {**os.environ, "SLP_NOW": made.isoformat(timespec="milliseconds").replace("+00:00", "Z")}
    made = subprocess.run(CONFIG["slp"] + ["token", "--as", pa["phone"]], env=clock, capture_output=True, text=True)
    if made.returncode != 0:
        raise Failure(f"slp token: {made.stderr.strip()}")
    token = made.stdout.strip()
    expires = time.monotonic() + EXPIRY_LIFETIME
    a.get(f"{BASE}/#token={token}")
    wait("the home screen", lambda: pa["nick"] in a.find_element(By.ID, "whoami").text)
    wait("the socket connected", lambda: a.execute_script("return document.documentElement.dataset.transport") == "websocket")
    left = expires - time.monotonic()
    if left <= 0:
        raise Failure(f"the page connected only after its token's exp: {EXPIRY_LIFETIME} s is too short here")
    wait("the sign-in screen at the token's exp", lambda: pa["signin"] in text_of(a, "#view"), EXPIRY_LIFETIME + PATIENCE)
    # Were the socket to reconnect, its CONNECT would be refused and the page would sign out
    # just the same, with a second socket opened.
    opened = a.execute_script("return window.__sockets")
    if opened != 1:
        raise Failure(f"the page opened {opened} WebSockets: it reconnected after the hub ended its session")
    seen = text_of(a, "body")
    if pa["nick"] in seen:
        raise Failure(f"the signed-out page shows someone's data: {seen}")
    print(f"at the token's exp the hub ends the page's socket: the sign-in screen, no reconnect, nobody's data (connected {EXPIRY_LIFETIME - left:.1f} s after opening)")
    no_violations(drivers)
def serve_standin(firebase):
    """The stand-in SDK and the test's code and tokens, from a loopback port of their own (the
    page's policy must let that origin in), readable across origins as gstatic's modules are."""
    folder = tempfile.mkdtemp()
    shutil.copy(os.path.join(os.path.dirname(os.path.abspath(__file__)), "firebase_standin.js"), folder)
    key = "".join(line.strip() for line in open(firebase["key"]) if not line.startswith("-----"))
    issuer = {"project": firebase["project"], "keyID": firebase["keyID"], "key": key, "lifetime": firebase["lifetime"]}
    with open(os.path.join(folder, "standin_issuer.js"), "w") as module:
        module.write(f"export const code = {json.dumps(firebase['code'])};\n")
        module.write(f"export const uids = {json.dumps({e164(firebase['phone']): firebase['uid']})};\n")
        module.write(f"export const issuer = {json.dumps(issuer)};\n")

    class Handler(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *arguments, **options):
            super().__init__(*arguments, directory=folder, **options)

        def end_headers(self):
            self.send_header("Access-Control-Allow-Origin", "*")
            super().end_headers()

        def log_message(self, *arguments):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", firebase["port"]), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, folder


def e164(phone):
    return "+82" + phone.replace("-", "")[1:]


def signed(driver):
    return driver.execute_script("return window.__standinSigned || 0")


def story_phone(drivers, people):
    """Keyboard only: a refused number, a wrong code (no session), the right one; the stand-in's
    first token has expired, so the page renews it when the API refuses it; sign-up; then, idle,
    the hub ends the socket at the fresh token's expiry and the page renews it again and
    reconnects, still signed in; the queue on the map."""
    driver, person = drivers[0], people[0]
    firebase = CONFIG["firebase"]
    server, folder = serve_standin(firebase)
    try:
        driver.get(f"{BASE}/")
        wait("the phone sign-in form", lambda: driver.find_element(By.NAME, "phone"))
        audit(driver, "the sign-in screen")
        status = lambda: driver.find_element(By.CSS_SELECTOR, ".phone-status").text
        type_into(driver, "the phone number", named("phone"), "010-12").send_keys(Keys.ENTER)
        wait("the page refusing a number that is none", lambda: person["badNumber"] in status())
        type_into(driver, "the phone number", named("phone"), firebase["phone"]).send_keys(Keys.ENTER)
        wait("the code sent", lambda: person["codeSent"] in status() and driver.find_element(By.NAME, "sms-code").is_displayed())
        type_into(driver, "the code", named("sms-code"), "000000").send_keys(Keys.ENTER)
        wait("the wrong code said", lambda: person["wrongCode"] in status())
        if driver.execute_script("return sessionStorage.getItem('slp.idtoken')") or driver.find_element(By.ID, "whoami").text:
            raise Failure("a wrong code left a session")
        print("a number that is none and a wrong code are refused, and no session is left: " + status())
        audit(driver, "the code form")
        type_into(driver, "the code", named("sms-code"), firebase["code"]).send_keys(Keys.ENTER)
        wait("the register form after the right code", lambda: driver.find_element(By.NAME, "nick"))
        fill_register(driver, {**person, "phone": firebase["phone"], "nick": firebase["nick"]})
        token = driver.execute_script("return sessionStorage.getItem('slp.idtoken')")
        if signed(driver) < 2:
            raise Failure("the page did not renew the expired token with getIdToken(true)")
        request = urllib.request.Request(f"{BASE}/v1/user", headers={"idtoken": token})
        with urllib.request.urlopen(request, timeout=PATIENCE) as answer:
            me = json.load(answer)
        if me.get("uid") != firebase["uid"] or me.get("phoneNumber") != e164(firebase["phone"]):
            raise Failure(f"the account is not the Firebase user's: {me.get('uid')} {me.get('phoneNumber')}")
        print(f"signed in with Firebase (the expired token renewed) and registered as {firebase['nick']}: uid {me['uid']}")
        # Idle (no API call): only the hub's end of the socket at the token's expiry can renew it.
        before = signed(driver)
        driver.execute_script("delete document.documentElement.dataset.transport")
        wait("the socket renewed and connected again after the hub ended it at the token's expiry",
             lambda: signed(driver) > before and driver.execute_script("return document.documentElement.dataset.transport"))
        if firebase["nick"] not in driver.find_element(By.ID, "whoami").text or driver.execute_script("return sessionStorage.getItem('slp.idtoken')") == token:
            raise Failure("the socket's end at the token's expiry signed the page out")
        print("the hub ended the socket at the token's expiry: the page renewed it and reconnected, still signed in")
        type_into(driver, "the studies", named("studies"), person["studies"])
        press(driver, "the locate button", labelled(person["locate"]))
        wait("queued on the map", lambda: person["searching"] in driver.find_element(By.ID, "notice").text and driver.find_element(By.ID, "map").is_displayed())
        print("queued from my location on the map")
        no_violations(drivers)
    finally:
        server.shutdown()
        shutil.rmtree(folder, ignore_errors=True)


def main():
    people = CONFIG["people"]
    for person in people:
        person.update(WORDS[person["language"]])
    story = {"meet": story_meet, "away": story_away, "expiry": story_expiry, "phone": story_phone}[CONFIG["story"]]
    # One browser for "expiry" and "phone": zip stops at the shortest.
    scripts = {"meet": ((), ()), "away": ((BLOCK_WEBSOCKET,), (HIDEABLE_TAB,)), "expiry": ((COUNT_WEBSOCKETS,),), "phone": ((),)}[CONFIG["story"]]
    drivers = [browser(person, extra) for person, extra in zip(people, scripts)]
    try:
        story(drivers, people)
    finally:
        for driver in drivers:
            driver.quit()


if __name__ == "__main__":
    try:
        main()
    except Failure as failure:
        print(f"FAILED: {failure}")
        sys.exit(1)
