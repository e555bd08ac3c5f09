// A stand-in for the Firebase JS SDK's two modules, firebase-app.js and firebase-auth.js
// (WebClientBrowserCLITests, served by browser_story.py on a loopback port of its own): the same
// names and signatures the page uses (modular API, v10+), answering as Firebase does, without
// reCAPTCHA or SMS. The code it accepts and the ID tokens it hands out (signed with the test's
// keys, FirebaseTestIssuer) are the test's, in standin_tokens.js: confirm() gives a person their
// first token, getIdToken(true) the next (as Firebase renews an hour-old one).
import { code as sentCode, tokens } from './standin_tokens.js';

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

class User {
  constructor(saved) {
    Object.assign(this, { uid: saved.uid, phoneNumber: saved.phone, providerId: 'firebase' });
    this.saved = saved;
  }

  async getIdToken(forceRefresh = false) {
    const list = tokens[this.saved.phone];
    if (forceRefresh && this.saved.issued < list.length - 1) {
      this.saved.issued += 1;
      sessionStorage.setItem(savedUser, JSON.stringify(this.saved));
    }
    return list[this.saved.issued];
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

/** Firebase sends any valid number a code; this one knows the numbers the test made tokens for. */
export async function signInWithPhoneNumber(auth, phoneNumber, verifier) {
  if (!(auth instanceof Auth) || verifier.type !== 'recaptcha') throw failure('auth/argument-error');
  await verifier.verify();
  if (!/^\+[1-9]\d{7,14}$/.test(phoneNumber) || !tokens[phoneNumber]) throw failure('auth/invalid-phone-number');
  return {
    verificationId: 'standin-verification',
    async confirm(code) {
      if (code !== sentCode) throw failure('auth/invalid-verification-code');
      const saved = { uid: JSON.parse(atob(tokens[phoneNumber][0].split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))).sub, phone: phoneNumber, issued: 0 };
      sessionStorage.setItem(savedUser, JSON.stringify(saved));
      return { user: new User(saved), providerId: 'phone', operationType: 'signIn' };
    },
  };
}
