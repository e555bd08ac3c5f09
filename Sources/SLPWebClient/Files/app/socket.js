// A small Engine.IO 4 / Socket.IO 5 client for the hub at /socket.io/: WebSocket first, long
// polling when WebSocket fails, reconnection with backoff. A browser cannot put headers on a
// WebSocket, so the token rides in the CONNECT packet (auth), as socket.io v3+ clients do;
// polling requests carry the idtoken header as well, as the apps' do.
const separator = '\x1e';

export class RealtimeSocket {
  /**
   * handlers: event(name, data), connected(reconnected, transport), disconnected(),
   * refused(error) when the hub will not take the token or ends the session saying why.
   */
  constructor(token, handlers) {
    this.token = token;
    this.handlers = handlers;
    this.attempt = 0;
    this.everConnected = false;
    this.preferPolling = false;
    this.stopped = false;
    this.transport = null;
  }

  start() {
    this.stopped = false;
    // The browser knows before any timer does when the network goes and comes back.
    window.addEventListener('offline', () => { if (this.transport) this.lost(this.transport); });
    window.addEventListener('online', () => {
      if (this.transport || this.stopped) return;
      clearTimeout(this.retryTimer);
      this.attempt = 0;
      this.open();
    });
    this.open();
  }

  /** Connects again with a fresh `token` after the hub refused or ended the session. */
  resume(token) {
    this.token = token;
    this.stopped = false;
    this.attempt = 0;
    this.open();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    this.closeTransport();
  }

  open() {
    this.connected = false;
    this.opened = false;
    const transport = this.preferPolling ? new PollingTransport(this) : new WebSocketTransport(this);
    this.transport = transport;
    transport.open();
    this.armPingWatch(45000);
  }

  // A transport's packets, whichever carried them.
  packet(transport, text) {
    if (transport !== this.transport) return;
    const type = text[0];
    if (type === '0') {
      const open = JSON.parse(text.slice(1));
      this.opened = true;
      this.pingDeadline = open.pingInterval + open.pingTimeout;
      this.armPingWatch(this.pingDeadline);
      transport.send('40' + JSON.stringify({ idtoken: this.token }));
    } else if (type === '2') {
      this.armPingWatch(this.pingDeadline || 45000);
      transport.send('3');
    } else if (type === '1') {
      this.lost(transport);
    } else if (type === '4') {
      this.message(transport, text.slice(1));
    }
  }

  message(transport, text) {
    const type = text[0];
    if (type === '0') {
      const reconnected = this.everConnected;
      this.connected = true;
      this.everConnected = true;
      this.attempt = 0;
      document.documentElement.dataset.transport = transport.name;
      this.handlers.connected(reconnected, transport.name);
    } else if (type === '4') {
      let error = {};
      try { error = JSON.parse(text.slice(1)); } catch { /* a refusal without a body is still one */ }
      this.stopped = true;
      this.closeTransport();
      this.handlers.refused(error);
    } else if (type === '2') {
      const [name, data] = JSON.parse(text.slice(1));
      // The hub ends this session saying why (the token expired, a newer session took its
      // place): no reconnecting into the same end.
      if (name === 'closing') {
        this.stopped = true;
        this.closeTransport();
        this.handlers.refused({ data });
        return;
      }
      this.handlers.event(name, data);
    } else if (type === '1') {
      this.lost(transport);
    }
  }

  // The transport ended: a WebSocket that never opened means polling next, at once.
  lost(transport) {
    if (transport !== this.transport) return;
    const wasConnected = this.connected;
    const websocketNeverOpened = transport.name === 'websocket' && !this.opened;
    this.closeTransport();
    if (wasConnected) this.handlers.disconnected();
    if (this.stopped) return;
    if (websocketNeverOpened && !this.preferPolling) {
      this.preferPolling = true;
      this.open();
      return;
    }
    // Next round tries WebSocket again unless it has never worked here.
    if (transport.name === 'polling' && this.everConnected) this.preferPolling = false;
    const delay = Math.min(10000, 500 * 2 ** this.attempt) * (0.5 + Math.random() / 2);
    this.attempt += 1;
    this.retryTimer = setTimeout(() => this.open(), delay);
  }

  armPingWatch(milliseconds) {
    clearTimeout(this.pingTimer);
    const transport = this.transport;
    this.pingTimer = setTimeout(() => this.lost(transport), milliseconds);
  }

  closeTransport() {
    clearTimeout(this.pingTimer);
    const transport = this.transport;
    this.transport = null;
    if (transport) transport.close();
    this.connected = false;
  }
}

class WebSocketTransport {
  constructor(owner) {
    this.owner = owner;
    this.name = 'websocket';
  }

  open() {
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    let socket;
    try {
      socket = new WebSocket(`${scheme}//${location.host}/socket.io/?EIO=4&transport=websocket`);
    } catch {
      this.socket = null;
      setTimeout(() => this.owner.lost(this), 0);
      return;
    }
    this.socket = socket;
    socket.onmessage = (event) => { if (typeof event.data === 'string') this.owner.packet(this, event.data); };
    socket.onclose = () => this.owner.lost(this);
    socket.onerror = () => {};
  }

  send(text) {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) this.socket.send(text);
  }

  close() {
    const socket = this.socket;
    if (!socket) return;
    socket.onmessage = socket.onclose = null;
    socket.close();
  }
}

class PollingTransport {
  constructor(owner) {
    this.owner = owner;
    this.name = 'polling';
    this.closed = false;
    this.outbox = [];
    this.posting = false;
  }

  url() {
    return `/socket.io/?EIO=4&transport=polling${this.sid ? '&sid=' + encodeURIComponent(this.sid) : ''}&t=${Date.now().toString(36)}`;
  }

  async open() {
    this.controller = new AbortController();
    try {
      while (!this.closed) {
        const response = await fetch(this.url(), {
          headers: { idtoken: this.owner.token }, cache: 'no-store', signal: this.controller.signal,
        });
        if (!response.ok) throw new Error(String(response.status));
        const text = await response.text();
        for (const packet of text.split(separator)) {
          if (this.closed) return;
          if (!this.sid && packet[0] === '0') this.sid = JSON.parse(packet.slice(1)).sid;
          if (packet === '6') continue;
          this.owner.packet(this, packet);
        }
      }
    } catch {
      if (!this.closed) this.owner.lost(this);
    }
  }

  send(text) {
    this.outbox.push(text);
    this.flush();
  }

  async flush() {
    if (this.posting || !this.outbox.length || this.closed) return;
    this.posting = true;
    const body = this.outbox.splice(0).join(separator);
    try {
      const response = await fetch(this.url(), {
        method: 'POST', body, cache: 'no-store',
        headers: { idtoken: this.owner.token, 'Content-Type': 'text/plain;charset=UTF-8' },
      });
      if (!response.ok) throw new Error(String(response.status));
    } catch {
      this.posting = false;
      if (!this.closed) this.owner.lost(this);
      return;
    }
    this.posting = false;
    this.flush();
  }

  close() {
    this.closed = true;
    if (this.controller) this.controller.abort();
  }
}
