// The idtoken: taken from the link's fragment once, kept for this tab only, never logged.
const key = 'slp.idtoken';

export function takeToken() {
  const match = /(?:^#|&)token=([^&]+)/.exec(location.hash);
  if (match) {
    sessionStorage.setItem(key, decodeURIComponent(match[1]));
    history.replaceState(null, '', location.pathname + location.search);
  }
  return sessionStorage.getItem(key);
}

/** A token this page got itself (Firebase's), kept as a link's is. */
export function keepToken(token) {
  sessionStorage.setItem(key, token);
}

export function forgetToken() {
  sessionStorage.removeItem(key);
}

/** The token's claims (uid, phone); the server checks the signature, the page only reads them. */
export function tokenClaims(token) {
  try {
    const part = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
    return JSON.parse(atob(part));
  } catch {
    return {};
  }
}
