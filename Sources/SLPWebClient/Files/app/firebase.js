// Firebase phone sign-in, as the apps sign in, where the operator configured it (SPEC §8): the
// page's <meta name="slp-firebase"> holds the Firebase web app's config and where the SDK's
// modules are; they are loaded only when needed.
const meta = document.querySelector('meta[name="slp-firebase"]');
export const firebaseConfig = meta ? JSON.parse(meta.content) : null;

let loading = null;
let verifier = null;

/** The SDK's auth module and this page's Auth, signed in for this tab only (as a link's token is). */
function firebase() {
  if (!loading) {
    loading = Promise.all([import(firebaseConfig.sdk.app), import(firebaseConfig.sdk.auth)]).then(([appSDK, sdk]) => {
      const { apiKey, authDomain, projectId, appId } = firebaseConfig;
      const app = appSDK.initializeApp({ apiKey, authDomain, projectId, appId });
      return { sdk, auth: sdk.initializeAuth(app, { persistence: sdk.browserSessionPersistence }) };
    });
    loading.catch(() => { loading = null; });
  }
  return loading;
}

/**
 * A Korean mobile number in E.164 (+821012345678), as the apps send it: 010-1234-5678,
 * 01012345678 or +82 10…, with spaces, dots or dashes; null when it is none.
 */
export function e164(raw) {
  let digits = raw.trim().replace(/[ .-]/g, '');
  if (digits.startsWith('+82')) digits = '0' + digits.slice(3).replace(/^0/, '');
  if (!/^01[016789]\d{7,8}$/.test(digits) || (digits[2] === '0' && digits.length !== 11)) return null;
  return '+82' + digits.slice(1);
}

/** Whether `claims` are of a Firebase ID token (which Firebase can renew). */
export function isFirebaseToken(claims) {
  return typeof claims.iss === 'string' && claims.iss.startsWith('https://securetoken.google.com/');
}

/**
 * Sends a code by SMS to `phone` (E.164), after an invisible reCAPTCHA in `container` (a fresh
 * empty element); the confirmation that takes the code.
 */
export async function sendCode(phone, container) {
  const { sdk, auth } = await firebase();
  if (verifier) verifier.clear();
  verifier = new sdk.RecaptchaVerifier(auth, container, { size: 'invisible' });
  return sdk.signInWithPhoneNumber(auth, phone, verifier);
}

/** The ID token, once `code` is the one sent. */
export async function confirmCode(confirmation, code) {
  const credential = await confirmation.confirm(code);
  return credential.user.getIdToken();
}

/** A fresh ID token while Firebase has this tab signed in; null when it has not. */
export async function freshToken() {
  try {
    const { auth } = await firebase();
    await auth.authStateReady();
    return auth.currentUser ? await auth.currentUser.getIdToken(true) : null;
  } catch {
    return null;
  }
}

/** Firebase's error `code` (auth/…) as the page says it: the key of its sentence. */
export function phoneProblem(error) {
  switch (error && error.code) {
    case 'auth/invalid-verification-code': case 'auth/missing-verification-code': return 'wrongCode';
    case 'auth/code-expired': return 'codeExpired';
    case 'auth/invalid-phone-number': case 'auth/missing-phone-number': return 'badNumber';
    case 'auth/too-many-requests': case 'auth/quota-exceeded': return 'tooManyTries';
    default: return 'phoneFailed';
  }
}
