// The match's chat: history, my messages at once, the partner's live, dates, the end said.
import { t, lang } from './i18n.js';
import { h } from './dom.js';

const when = new Intl.DateTimeFormat(lang, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

export class ChatView {
  constructor(section, { myUid, send }) {
    this.myUid = myUid;
    this.ids = new Set();
    this.latest = null;
    this.title = h('h2', { id: 'chat-title' });
    this.log = h('ol', { className: 'chat-log', role: 'log', 'aria-live': 'polite', 'aria-labelledby': 'chat-title', tabIndex: 0 });
    this.empty = h('p', { className: 'chat-empty' }, t.noMessages);
    this.input = h('input', { id: 'chat-input', type: 'text', maxLength: 500, autocomplete: 'off' });
    const form = h('form', {
      className: 'chat-form',
      onsubmit: (event) => {
        event.preventDefault();
        const text = this.input.value.trim();
        if (!text) return;
        this.input.value = '';
        send(text);
      },
    }, h('label', { htmlFor: 'chat-input', className: 'visually-hidden' }, t.message), this.input, h('button', { type: 'submit' }, t.send));
    this.form = form;
    this.ending = h('p', { className: 'chat-ended', role: 'status' });
    section.append(this.title, this.empty, this.log, this.ending, form);
  }

  open(partner) {
    this.partner = partner;
    this.title.textContent = t.chatWith(partner.nick);
    this.log.replaceChildren();
    this.ids.clear();
    this.latest = null;
    this.ending.textContent = '';
    this.form.hidden = false;
    this.empty.hidden = false;
  }

  /** A message from the server (history, the socket, my send's answer); each shown once. */
  add(message, pendingItem) {
    if (this.ids.has(message._id)) {
      if (pendingItem) pendingItem.remove();
      return;
    }
    this.ids.add(message._id);
    if (!this.latest || message.createdAt > this.latest) this.latest = message.createdAt;
    const item = this.item(message.from === this.myUid, message.chat, message.createdAt);
    if (pendingItem) pendingItem.replaceWith(item);
    else this.log.append(item);
    this.empty.hidden = true;
    item.scrollIntoView({ block: 'nearest' });
  }

  /** My message, shown at once, before the server's answer. */
  pending(text) {
    const item = this.item(true, text, null);
    item.classList.add('pending');
    this.log.append(item);
    this.empty.hidden = true;
    item.scrollIntoView({ block: 'nearest' });
    return item;
  }

  item(mine, text, createdAt) {
    const stamp = createdAt ? h('time', { dateTime: createdAt }, when.format(new Date(createdAt))) : null;
    return h('li', { className: mine ? 'mine' : 'theirs' },
      h('span', { className: 'who' }, mine ? t.me : this.partner.nick),
      h('span', { className: 'text' }, text), stamp);
  }

  end(sentence) {
    this.ending.textContent = sentence;
    this.form.hidden = true;
  }
}
