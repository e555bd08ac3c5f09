// SLP's REST API as the apps call it: form-encoded parameters, the idtoken header.
export class APIError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

export class API {
  /** renew(): a fresh token when this one is refused as expired, or null (then the 401 stands). */
  constructor(token, renew = async () => null) {
    this.token = token;
    this.renew = renew;
  }

  async call(method, path, parameters = {}, renewed = false) {
    const form = new URLSearchParams();
    for (const [name, value] of Object.entries(parameters)) {
      for (const item of Array.isArray(value) ? value : [value]) form.append(name, String(item));
    }
    const query = method === 'GET' || method === 'DELETE';
    const url = '/v1' + path + (query && [...form].length ? '?' + form : '');
    const response = await fetch(url, {
      method,
      headers: { idtoken: this.token, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: query ? undefined : form.toString(),
      cache: 'no-store',
    });
    if (response.status === 401 && !renewed && (await this.renew())) return this.call(method, path, parameters, true);
    const text = await response.text();
    const body = text ? JSON.parse(text) : null;
    if (response.status >= 400) {
      const error = body && body.error ? body.error : { code: 'http', message: String(response.status) };
      throw new APIError(response.status, error.code, error.message);
    }
    return { status: response.status, body };
  }

  me() { return this.call('GET', '/user'); }
  register(fields) { return this.call('POST', '/user', { FCMtoken: '', ...fields }); }
  saveMyPage(fields) { return this.call('PUT', '/user/mypage', fields); }
  queue(lat, long, studylist) { return this.call('POST', '/queue', { lat, long, studylist }); }
  leave() { return this.call('DELETE', '/queue'); }
  search(lat, long) { return this.call('POST', '/queue/search', { lat, long }); }
  state() { return this.call('GET', '/queue/myQueueState'); }
  request(otheruid) { return this.call('POST', '/queue/studyrequest', { otheruid }); }
  accept(otheruid) { return this.call('POST', '/queue/studyaccept', { otheruid }); }
  dodge(otheruid) { return this.call('POST', '/queue/dodge', { otheruid }); }
  rate(otheruid, reputation, comment) {
    return this.call('POST', `/queue/rate/${encodeURIComponent(otheruid)}`, { otheruid, reputation, comment });
  }
  report(otheruid, reportedReputation, comment) {
    return this.call('POST', '/user/report', { otheruid, reportedReputation, comment });
  }
  sendChat(uid, chat) { return this.call('POST', `/chat/${encodeURIComponent(uid)}`, { chat }); }
  chats(uid, lastchatDate) {
    return this.call('GET', `/chat/${encodeURIComponent(uid)}`, lastchatDate ? { lastchatDate } : {});
  }
}
