// The web client: sign in by link or (where configured) Firebase phone sign-in, register, my page, queue, the map and list of who waits,
// requests, the match's chat, review and report, over SLP's API and the hub's socket.
import { t, lang } from './i18n.js';
import { h, field } from './dom.js';
import { API, APIError } from './api.js';
import { takeToken, keepToken, forgetToken, tokenClaims } from './session.js';
import { firebaseConfig, e164, isFirebaseToken, sendCode, confirmCode, freshToken, phoneProblem } from './firebase.js';
import { RealtimeSocket } from './socket.js';
import { AroundMap } from './map.js';
import { ChatView } from './chat.js';

const view = document.getElementById('view');
const notice = document.getElementById('notice');
const announcer = document.getElementById('announce');
const positionKey = 'slp.position';

const app = { api: null, me: null, partner: null, position: null, requests: new Map(), refresh: null };

document.documentElement.lang = lang;
document.title = t.title;
document.getElementById('title').textContent = t.title;

function say(text) {
  notice.textContent = text;
}

function announce(text) {
  announcer.append(h('p', {}, text));
  if (announcer.childElementCount > 5) announcer.firstElementChild.remove();
  if (document.hidden) hiddenNotice(text);
}

// A sound-free notice while the tab is hidden: the Notifications API once allowed, the title too.
let unseen = 0;
function hiddenNotice(text) {
  unseen += 1;
  document.title = `(${unseen}) ${t.title}`;
  document.documentElement.dataset.hiddenNotices = String(unseen);
  if ('Notification' in window && Notification.permission === 'granted') {
    new Notification(t.title, { body: text, silent: true, tag: 'slp' });
  }
}
document.addEventListener('visibilitychange', () => {
  if (!document.hidden) { unseen = 0; document.title = t.title; }
});

function failed(error) {
  if (error instanceof APIError && error.status === 401) return signIn(t.signInExpired);
  say(t.error(error.message));
}

async function run(action) {
  try {
    return await action();
  } catch (error) {
    failed(error);
    return null;
  }
}

function screen(heading, ...children) {
  // The home screen's heading is the bar's title; it stays for screen readers and focus.
  const title = h('h2', { tabIndex: -1, className: heading === t.title ? 'visually-hidden' : '' }, heading);
  view.replaceChildren(title, ...children);
  title.focus();
}

function signIn(message) {
  if (app.socket) app.socket.stop();
  if (app.refresh) clearInterval(app.refresh);
  forgetToken();
  document.getElementById('whoami').textContent = '';
  screen(t.signInTitle, h('p', {}, message || t.signInHelp), firebaseConfig ? phoneSignIn() : null);
}

/** Firebase phone sign-in, as the apps: the number, an SMS code, then the ID token. */
function phoneSignIn() {
  const number = h('input', { name: 'phone', type: 'tel', required: true, autocomplete: 'tel', placeholder: '010-1234-5678' });
  const code = h('input', { name: 'sms-code', required: true, inputMode: 'numeric', autocomplete: 'one-time-code', maxLength: 6 });
  const status = h('p', { className: 'phone-status', role: 'alert' });
  const slot = h('div');
  let confirmation = null;
  // Each step's button stays disabled while Firebase answers, so one press sends one request.
  const step = (button, action) => async (event) => {
    event.preventDefault();
    button.disabled = true;
    try {
      await action();
    } catch (error) {
      status.textContent = t[phoneProblem(error)];
    } finally {
      button.disabled = false;
    }
  };
  const send = h('button', { type: 'submit' }, t.sendCode);
  const confirm = h('button', { type: 'submit' }, t.confirmCode);
  const codeForm = h('form', { hidden: true }, field(t.smsCode, code), confirm);
  const numberForm = h('form', {}, field(t.phone, number), slot, send);
  numberForm.addEventListener('submit', step(send, async () => {
    const phone = e164(number.value);
    if (!phone) { status.textContent = t.badNumber; return; }
    // reCAPTCHA renders once per element: a fresh one for each try.
    const container = h('div');
    slot.replaceChildren(container);
    confirmation = await sendCode(phone, container);
    status.textContent = t.codeSent;
    codeForm.hidden = false;
    code.focus();
  }));
  codeForm.addEventListener('submit', step(confirm, async () => {
    keepToken(await confirmCode(confirmation, code.value.trim()));
    await boot();
  }));
  return h('section', { className: 'card phone', 'aria-labelledby': 'phone-title' },
    h('h3', { id: 'phone-title' }, t.phoneTitle), numberForm, codeForm, status);
}

// A Firebase ID token lasts an hour: when the API or the hub says it expired, Firebase gives a
// fresh one for the same person, and the page goes on instead of asking to sign in again.
function renewToken() {
  if (!app.renewing) {
    app.renewing = (async () => {
      const fresh = app.api && isFirebaseToken(tokenClaims(app.api.token)) ? await freshToken() : null;
      if (fresh) {
        keepToken(fresh);
        app.api.token = fresh;
        app.claims = tokenClaims(fresh);
      }
      return fresh;
    })().finally(() => { app.renewing = null; });
  }
  return app.renewing;
}

async function boot() {
  const token = takeToken();
  if (!token) return signIn();
  app.api = new API(token, renewToken);
  app.claims = tokenClaims(token);
  try {
    app.me = (await app.api.me()).body;
  } catch (error) {
    if (error instanceof APIError && error.status === 406) return register();
    if (error instanceof APIError && error.status === 401) return signIn(t.signInExpired);
    return failed(error);
  }
  home();
}

function register() {
  const nick = h('input', { name: 'nick', required: true, maxLength: 10, autocomplete: 'nickname' });
  // A text field, not the browser's date widget: the same keys in every locale, read aloud plainly.
  const birth = h('input', { name: 'birth', required: true, pattern: '\\d{4}-\\d{2}-\\d{2}', placeholder: 'YYYY-MM-DD', inputMode: 'numeric', autocomplete: 'bday' });
  const email = h('input', { name: 'email', type: 'email', required: true, autocomplete: 'email' });
  const gender = h('select', { name: 'gender' }, h('option', { value: '0' }, t.female), h('option', { value: '1' }, t.male));
  const form = h('form', {
    onsubmit: (event) => {
      event.preventDefault();
      run(async () => {
        const answer = await app.api.register({
          phoneNumber: app.claims.phone_number || '', nick: nick.value, birth: birth.value, email: email.value, gender: gender.value,
        });
        if (answer.body && answer.body.error) return say(answer.body.error.message);
        app.me = answer.body;
        home();
      });
    },
  }, field(t.nick, nick), field(t.birth, birth), field(t.email, email), field(t.gender, gender),
  h('button', { type: 'submit' }, t.register));
  screen(t.registerTitle, form);
}

function home() {
  document.getElementById('whoami').textContent = app.me.nick;
  const myPage = h('section', { className: 'card mypage', 'aria-labelledby': 'mypage-title' });
  const finder = h('section', { className: 'card finder', 'aria-labelledby': 'finder-title' });
  const chat = h('section', { className: 'card chat', id: 'chat', hidden: true });
  const after = h('section', { className: 'card after', hidden: true, 'aria-labelledby': 'after-title' });
  screen(t.title, myPage, finder, chat, after);
  app.sections = { myPage, finder, chat, after };
  buildMyPage(myPage);
  buildFinder(finder);
  app.chat = new ChatView(chat, { myUid: app.me.uid, send: sendChat });
  buildAfter(after);
  app.position = JSON.parse(sessionStorage.getItem(positionKey) || 'null');
  if (app.position) app.map.showMe(app.position.lat, app.position.long);
  startSocket();
  refreshState();
}

function buildMyPage(section) {
  const me = app.me;
  const study = h('input', { id: 'my-study', value: me.study || '', maxLength: 20 });
  const ageMin = h('input', { id: 'age-min', type: 'number', min: 18, max: 65, value: me.ageMin });
  const ageMax = h('input', { id: 'age-max', type: 'number', min: 18, max: 65, value: me.ageMax });
  const searchable = h('input', { type: 'checkbox', checked: me.searchable === 1 });
  const form = h('form', {
    onsubmit: (event) => {
      event.preventDefault();
      run(async () => {
        const answer = await app.api.saveMyPage({
          study: study.value, ageMin: ageMin.value, ageMax: ageMax.value, searchable: searchable.checked ? 1 : 0, gender: me.gender,
        });
        if (answer.body && answer.body.error) return say(answer.body.error.message);
        app.me = answer.body || app.me;
        say(t.saved);
      });
    },
  }, field(t.study, study), h('div', { className: 'row' }, field(t.ageMin, ageMin), field(t.ageMax, ageMax)),
  h('p', { className: 'check' }, searchable, h('label', {}, t.searchable)), h('button', { type: 'submit' }, t.save));
  searchable.id = 'searchable';
  form.querySelector('.check label').htmlFor = 'searchable';
  section.append(h('details', {}, h('summary', { id: 'mypage-title' }, t.myPage), form));
}

function buildFinder(section) {
  const studies = h('input', { id: 'studies', value: app.me.study || '', autocomplete: 'off' });
  const locate = h('button', { type: 'button', onclick: () => locateMe() }, t.useLocation);
  const stop = h('button', { type: 'button', className: 'secondary', hidden: true, onclick: () => leaveQueue() }, t.stopSearching);
  const mapElement = h('div', { className: 'map', id: 'map', role: 'region', tabIndex: 0 });
  const list = h('ul', { className: 'people', id: 'people' });
  const requests = h('ul', { className: 'requests', id: 'requests' });
  // On a phone the map comes right after the buttons; on a wide screen it stands beside both.
  const controls = h('div', { className: 'controls' },
    h('h2', { id: 'finder-title' }, t.queueTitle),
    field(t.studies, studies), h('p', { className: 'buttons' }, locate, stop), h('p', { className: 'hint' }, t.mapHint));
  const lists = h('div', { className: 'lists' }, h('h3', { id: 'requests-title' }, t.requests), requests, h('h3', {}, t.around), list);
  section.append(controls, mapElement, lists);
  app.finder = { studies, stop, list, requests };
  app.map = new AroundMap(mapElement, (lat, long) => queueAt(lat, long));
  if ('Notification' in window && Notification.permission === 'default') {
    controls.append(h('p', {}, h('button', { type: 'button', className: 'secondary', onclick: (event) => {
      Notification.requestPermission();
      event.target.remove();
    } }, t.notify)));
  }
}

function locateMe() {
  if (!navigator.geolocation) return say(t.mapHint);
  navigator.geolocation.getCurrentPosition(
    (position) => queueAt(position.coords.latitude, position.coords.longitude),
    () => say(t.mapHint), { timeout: 10000 });
}

function studyList() {
  const names = app.finder.studies.value.split(',').map((name) => name.trim()).filter(Boolean);
  return names.length ? names : ['anything'];
}

async function queueAt(lat, long) {
  if (app.partner) return;
  const done = await run(async () => {
    const answer = await app.api.queue(lat.toFixed(6), long.toFixed(6), studyList());
    if (answer.body && answer.body.error) { say(answer.body.error.message); return false; }
    return true;
  });
  if (!done) return;
  app.position = { lat, long };
  sessionStorage.setItem(positionKey, JSON.stringify(app.position));
  app.map.showMe(lat, long);
  say(t.searching);
  refreshState();
}

async function leaveQueue() {
  await run(() => app.api.leave());
  sessionStorage.removeItem(positionKey);
  app.position = null;
  app.requests.clear();
  refreshState();
}

async function refreshState() {
  const answer = await run(() => app.api.state());
  if (!answer) return;
  const state = answer.body;
  clearInterval(app.refresh);
  app.refresh = null;
  if (state.status === 'matched') return openMatch({ uid: state.matchedUid, nick: state.matchedNick });
  if (state.matchedUid && !state.reviewed && !app.sections.after.hidden) return;
  showFinder(state.status === 'waiting');
}

function showFinder(waiting) {
  app.sections.chat.hidden = true;
  app.sections.finder.hidden = false;
  app.finder.stop.hidden = !waiting;
  if (!waiting) {
    app.finder.list.replaceChildren();
    app.finder.requests.replaceChildren();
    app.map.showPeople([]);
    app.seen = app.seenRequests = null;
    return;
  }
  search();
  app.refresh = setInterval(search, 5000);
}

async function search() {
  const answer = await run(() => (app.position ? app.api.search(app.position.lat.toFixed(6), app.position.long.toFixed(6)) : app.api.call('POST', '/queue/search')));
  if (!answer || !answer.body || answer.body.error) return;
  const around = answer.body.fromQueueDB || [];
  for (const card of answer.body.fromQueueDBRequested || []) app.requests.set(card.uid, card);
  // Redrawn only when someone changed, so a keyboard user's focus stays where it is.
  const seen = JSON.stringify(around);
  if (seen === app.seen) return showRequests();
  app.seen = seen;
  app.map.showPeople(around);
  app.finder.list.replaceChildren(...(around.length ? around.map(personItem) : [h('li', {}, t.nobody)]));
  showRequests();
}

function personItem(card) {
  const shared = card.sharedStudies || [];
  const button = h('button', { type: 'button', 'aria-label': `${t.request}: ${card.nick}`, onclick: () => ask(card, button) }, t.request);
  return h('li', { className: 'person-card' },
    h('strong', {}, card.nick), ' ', h('span', { className: 'distance' }, t.distance(card.distance ?? 0)),
    h('span', { className: 'studies' }, (card.studylist || []).join(', ')),
    shared.length ? h('span', { className: 'shared' }, `${t.shared}: ${shared.join(', ')}`) : null,
    button);
}

function showRequests() {
  const seen = JSON.stringify([...app.requests.keys()]);
  if (seen === app.seenRequests) return;
  app.seenRequests = seen;
  const items = [...app.requests.values()].map((card) => {
    const button = h('button', { type: 'button', 'aria-label': `${t.accept}: ${card.nick}`, onclick: () => acceptFrom(card) }, t.accept);
    return h('li', { className: 'request-card' }, h('span', {}, t.requestFrom(card.nick)), button);
  });
  app.finder.requests.replaceChildren(...items);
}

async function ask(card, button) {
  const answer = await run(() => app.api.request(card.uid));
  if (!answer) return;
  if (answer.body && answer.body.error) return say(answer.body.error.message);
  if (answer.body && answer.body.matched) return refreshState();
  button.disabled = true;
  button.textContent = t.requested;
  say(t.requested);
}

async function acceptFrom(card) {
  const answer = await run(() => app.api.accept(card.uid));
  if (!answer) return;
  if (answer.body && answer.body.error) return say(answer.body.error.message);
  app.requests.delete(card.uid);
  refreshState();
}

async function openMatch(partner) {
  const same = app.partner && app.partner.uid === partner.uid && !app.sections.chat.hidden;
  app.partner = partner;
  app.requests.clear();
  say('');
  app.sections.finder.hidden = true;
  app.sections.after.hidden = true;
  app.sections.chat.hidden = false;
  if (same) return;
  app.chat.open(partner);
  app.sections.chat.append(h('p', { className: 'buttons' }, h('button', { type: 'button', className: 'danger', onclick: cancelStudy }, t.cancelStudy)));
  await catchUp(null);
  document.getElementById('chat-input').focus();
}

async function catchUp(since) {
  if (!app.partner) return;
  const answer = await run(() => app.api.chats(app.partner.uid, since));
  if (answer && answer.body && answer.body.payload) for (const message of answer.body.payload) app.chat.add(message);
}

async function sendChat(text) {
  if (!app.partner) return;
  const item = app.chat.pending(text);
  const answer = await run(() => app.api.sendChat(app.partner.uid, text));
  if (!answer) { item.remove(); return; }
  if (answer.body && answer.body.error) {
    item.remove();
    return say(answer.body.error.message);
  }
  app.chat.add(answer.body, item);
}

async function cancelStudy() {
  if (!app.partner) return;
  const answer = await run(() => app.api.dodge(app.partner.uid));
  if (!answer) return;
  if (answer.body && answer.body.error) return say(answer.body.error.message);
  ended(t.ended.meCancelled);
}

/** The match is over: said in the chat, as the terminal's chat screen says it; then review. */
function ended(sentence) {
  app.chat.end(sentence);
  announce(sentence);
  const cancel = app.sections.chat.querySelector('.danger');
  if (cancel) cancel.parentElement.remove();
  app.sections.after.hidden = false;
  app.sections.after.querySelector('h2').focus();
}

function buildAfter(section) {
  const boxes = t.titles.map((title, index) => {
    const box = h('input', { type: 'checkbox', id: `title-${index}`, value: String(index) });
    return h('p', { className: 'check' }, box, h('label', { htmlFor: `title-${index}` }, title));
  });
  const comment = h('input', { id: 'review-comment', maxLength: 500 });
  const review = h('form', {
    onsubmit: (event) => {
      event.preventDefault();
      const flags = t.titles.map((_, index) => (section.querySelector(`#title-${index}`).checked ? 1 : 0));
      run(async () => {
        const answer = await app.api.rate(app.partner.uid, flags, comment.value);
        if (answer.body && answer.body.error) return say(answer.body.error.message);
        say(t.reviewed);
        review.hidden = true;
      });
    },
  }, h('fieldset', {}, h('legend', {}, t.review), ...boxes), field(t.comment, comment), h('button', { type: 'submit' }, t.sendReview));
  const reason = h('select', {}, ...t.reasons.map((name, index) => h('option', { value: String(index) }, name)));
  const reportComment = h('input', { maxLength: 500 });
  const report = h('form', {
    onsubmit: (event) => {
      event.preventDefault();
      const flags = t.reasons.map((_, index) => (String(index) === reason.value ? 1 : 0));
      run(async () => {
        const answer = await app.api.report(app.partner.uid, flags, reportComment.value);
        if (answer.body && answer.body.error) return say(answer.body.error.message);
        say(t.reportedDone);
        report.hidden = true;
      });
    },
  }, h('h3', {}, t.report), field(t.reportReason, reason), field(t.comment, reportComment), h('button', { type: 'submit', className: 'secondary' }, t.sendReport));
  const back = h('button', {
    type: 'button',
    onclick: () => {
      app.partner = null;
      section.hidden = true;
      review.hidden = false;
      report.hidden = false;
      refreshState();
    },
  }, t.backHome);
  section.append(h('h2', { id: 'after-title', tabIndex: -1 }, t.review), review, report, h('p', {}, back));
}

function startSocket() {
  app.socket = new RealtimeSocket(app.api.token, {
    connected: (reconnected) => {
      app.socketRenewed = false;
      say('');
      if (reconnected) {
        catchUp(app.chat.latest);
        refreshState();
      }
    },
    disconnected: () => say(t.reconnecting),
    refused: (error) => {
      const code = error.data && error.data.error ? error.data.error.code : '';
      if (code === 'not_registered') return register();
      // A newer session of mine took this one's place: the sign-in still holds.
      if (code === 'too_many_sessions') return say(t.tooManySessions);
      // Renewed once: a fresh token refused too means this sign-in no longer holds.
      if (app.socketRenewed) return signIn(t.signInExpired);
      renewToken().then((fresh) => {
        if (!fresh) return signIn(t.signInExpired);
        app.socketRenewed = true;
        app.socket.resume(fresh);
      });
    },
    event: (name, data) => onEvent(name, data),
  });
  app.socket.start();
}

function onEvent(name, data) {
  if (name === 'chat') {
    if (!app.partner || data.from !== app.partner.uid) return;
    app.chat.add(data);
    if (document.hidden) hiddenNotice(t.newMessage(app.partner.nick));
  } else if (name === 'request') {
    app.requests.set(data.uid, data);
    if (!app.partner) showRequests();
    announce(t.requestFrom(data.nick));
  } else if (name === 'matched') {
    announce(t.matchedWith(data.nick));
    refreshState();
  } else if (name === 'dodged') {
    if (app.partner && data.uid === app.partner.uid) ended(t.ended.partnerCancelled(data.nick || app.partner.nick));
  } else if (name === 'reviewed') {
    if (app.partner && data.uid === app.partner.uid && app.sections.after.hidden) {
      ended(t.ended.partnerReviewed(data.nick || app.partner.nick));
    }
  }
}

// A new link opened in this tab signs in with its token (the page itself does not reload).
window.addEventListener('hashchange', () => {
  if (/token=/.test(location.hash)) {
    takeToken();
    location.reload();
  }
});

boot();
