// A stand-in for the Firebase JS SDK's two modules, firebase-app.js and firebase-auth.js
// (WebClientBrowserCLITests, served by browser_story.py on a loopback port of its own): the same
// names and signatures the page uses (modular API, v10+), answering as Firebase does, without
// reCAPTCHA or SMS. What it takes from the test is in standin_issuer.js: the code it accepts,
// the uid of each phone it knows, and the test's Firebase key (FirebaseTestIssuer), with which it
// signs ID tokens as securetoken does. The first token, confirm()'s, is an hour old (expired),
// as a tab's is after an hour; getIdToken(true) signs a fresh one that lasts `lifetime` seconds.
import { code as sentCode, uids, issuer } from './standin_issuer.js';

/** A FirebaseError: its `code` is what the page tells people apart by. */
function failure(code) {
  const error = new Error(`Firebase: Error (${code}).`);
  error.name = 'FirebaseError';
  error.code = code;
  return error;
}

const apps = [];
export function initializeApp(options, name = '[DEFAULT]') {
  for (const field of ['apiKey', 'authDomain', 'projectId']) if (!options[field]) throw failure('app/invalid-app-options');
  const app = { name, options, automaticDataCollectionEnabled: false };
  apps.push(app);
  return app;
}

export const browserSessionPersistence = { type: 'SESSION' };
export const browserLocalPersistence = { type: 'LOCAL' };
const savedUser = 'firebase-standin.user';
// How many tokens were signed, for the test to see a renewal.
window.__standinSigned = 0;

const base64url = (bytes) => btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const json = (object) => base64url(new TextEncoder().encode(JSON.stringify(object)));
let signingKey = null;

/** An ID token for `user`, RS256 with the test's key, as securetoken issues them. */
async function sign(user, expired) {
  signingKey ||= await crypto.subtle.importKey(
    'pkcs8', Uint8Array.from(atob(issuer.key), (c) => c.charCodeAt(0)), { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['sign']);
  const now = Math.floor(Date.now() / 1000) - (expired ? 7200 : 0);
  const claims = {
    iss: `https://securetoken.google.com/${issuer.project}`, aud: issuer.project, auth_time: now, user_id: user.uid, sub: user.uid,
    iat: now, exp: now + (expired ? 3600 : issuer.lifetime), phone_number: user.phone,
    firebase: { identities: { phone: [user.phone] }, sign_in_provider: 'phone' },
  };
  const input = json({ alg: 'RS256', kid: issuer.keyID, typ: 'JWT' }) + '.' + json(claims);
  const signature = await crypto.subtle.sign('RSASSA-PKCS1-v1_5', signingKey, new TextEncoder().encode(input));
  window.__standinSigned += 1;
  return input + '.' + base64url(signature);
}

class User {
  constructor(saved) {
    Object.assign(this, { uid: saved.uid, phoneNumber: saved.phone, providerId: 'firebase' });
    this.saved = saved;
  }

  async getIdToken(forceRefresh = false) {
    if (forceRefresh || !this.saved.token) {
      this.saved.token = await sign(this.saved, !this.saved.token);
      sessionStorage.setItem(savedUser, JSON.stringify(this.saved));
    }
    return this.saved.token;
  }
}

class Auth {
  constructor(app, persistence) {
    if (!apps.includes(app)) throw failure('auth/invalid-api-key');
    this.app = app;
    this.persistence = persistence;
  }

  get currentUser() {
    const saved = sessionStorage.getItem(savedUser);
    return saved ? new User(JSON.parse(saved)) : null;
  }

  async authStateReady() {}
}

export function initializeAuth(app, dependencies = {}) {
  return new Auth(app, dependencies.persistence || browserSessionPersistence);
}

export function getAuth(app = apps[0]) {
  return new Auth(app, browserLocalPersistence);
}

export class RecaptchaVerifier {
  constructor(auth, containerOrId, parameters = {}) {
    if (!(auth instanceof Auth)) throw failure('auth/argument-error');
    const container = typeof containerOrId === 'string' ? document.getElementById(containerOrId) : containerOrId;
    if (!(container instanceof Element) || !container.isConnected || container.hasChildNodes()) throw failure('auth/argument-error');
    this.type = 'recaptcha';
    this.parameters = parameters;
    this.cleared = false;
  }

  async render() { return 0; }

  async verify() {
    if (this.cleared) throw failure('auth/internal-error');
    return 'standin-recaptcha-response';
  }

  clear() { this.cleared = true; }
}

/** Firebase sends any valid number a code; this one knows the numbers the test gave uids. */
export async function signInWithPhoneNumber(auth, phoneNumber, verifier) {
  if (!(auth instanceof Auth) || verifier.type !== 'recaptcha') throw failure('auth/argument-error');
  await verifier.verify();
  if (!/^\+[1-9]\d{7,14}$/.test(phoneNumber) || !uids[phoneNumber]) throw failure('auth/invalid-phone-number');
  return {
    verificationId: 'standin-verification',
    async confirm(code) {
      if (code !== sentCode) throw failure('auth/invalid-verification-code');
      const user = new User({ uid: uids[phoneNumber], phone: phoneNumber, token: null });
      await user.getIdToken();
      return { user, providerId: 'phone', operationType: 'signIn' };
    },
  };
}
