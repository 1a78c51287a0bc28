import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// The sign-in form's CSRF token, kept in no session (a signed double-submit cookie): the same token
// goes out in a cookie and in the form, and a sign-in is taken only when both come back equal and
// the token carries the app's signature and is recent. All hexadecimal, in fixed widths: when it
// was issued (milliseconds), a random part, and an HMAC-SHA256 of both with the app's secret.

const ISSUED_DIGITS = 12;
const RANDOM_BYTES = 16;
const PAYLOAD_DIGITS = ISSUED_DIGITS + RANDOM_BYTES * 2;
const TOKEN = new RegExp(`^[0-9a-f]{${PAYLOAD_DIGITS + 64}}$`);

function signature(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`sign-in-form:${payload}`).digest('hex');
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A new token for the sign-in form, issued at `now`. */
export function issueSignInFormToken(secret: string, now = Date.now()): string {
  const payload = now.toString(16).padStart(ISSUED_DIGITS, '0') + randomBytes(RANDOM_BYTES).toString('hex');
  return payload + signature(secret, payload);
}

/**
 * Whether a sign-in form came back with its token: the cookie's and the form field's are the same
 * text, signed with `secret`, issued no more than `maxAgeMs` before `now` (and not after it).
 */
export function isValidSignInFormToken(
  secret: string,
  cookie: unknown,
  field: unknown,
  maxAgeMs: number,
  now = Date.now(),
): boolean {
  if (typeof cookie !== 'string' || typeof field !== 'string' || !TOKEN.test(cookie)) return false;
  if (!sameText(cookie, field)) return false;
  const payload = cookie.slice(0, PAYLOAD_DIGITS);
  if (!sameText(cookie.slice(PAYLOAD_DIGITS), signature(secret, payload))) return false;
  const issuedAt = Number.parseInt(payload.slice(0, ISSUED_DIGITS), 16);
  return issuedAt <= now && now - issuedAt <= maxAgeMs;
}
