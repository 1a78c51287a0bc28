import { isValidSignInFormToken, issueSignInFormToken } from '../src/auth/sign-in-form.token.js';

const SECRET = 'a secret of the app';
const MAX_AGE_MS = 15 * 60_000;
const NOW = Date.UTC(2026, 0, 2, 3, 4, 5);

describe('the sign-in form token (a signed double-submit cookie)', () => {
  const token = issueSignInFormToken(SECRET, NOW);

  it('is hexadecimal, new each time, and taken back when the cookie and the field both carry it', () => {
    expect(token).toMatch(/^[0-9a-f]{108}$/);
    expect(issueSignInFormToken(SECRET, NOW)).not.toBe(token);
    expect(isValidSignInFormToken(SECRET, token, token, MAX_AGE_MS, NOW)).toBe(true);
    expect(isValidSignInFormToken(SECRET, token, token, MAX_AGE_MS, NOW + MAX_AGE_MS)).toBe(true);
  });

  it('refuses a missing or different half, and a token signed with another secret', () => {
    const other = issueSignInFormToken(SECRET, NOW);
    for (const [cookie, field] of [
      [undefined, token],
      [token, undefined],
      ['', ''],
      [token, other],
      [token, [token]],
      [token, token.toUpperCase()],
      [`${token}0`, `${token}0`],
    ] as Array<[unknown, unknown]>) {
      expect(isValidSignInFormToken(SECRET, cookie, field, MAX_AGE_MS, NOW)).toBe(false);
    }
    const foreign = issueSignInFormToken('another secret', NOW);
    expect(isValidSignInFormToken(SECRET, foreign, foreign, MAX_AGE_MS, NOW)).toBe(false);
  });

  it('refuses every one-character alteration, in the time, the random part or the signature', () => {
    const accepted: number[] = [];
    for (let position = 0; position < token.length; position++) {
      const digit = token[position] === 'f' ? '0' : (parseInt(token[position]!, 16) + 1).toString(16);
      const altered = token.slice(0, position) + digit + token.slice(position + 1);
      if (isValidSignInFormToken(SECRET, altered, altered, MAX_AGE_MS, NOW)) accepted.push(position);
    }
    expect(accepted).toEqual([]);
  });

  it('refuses a token older than its lifetime, or issued in the future', () => {
    expect(isValidSignInFormToken(SECRET, token, token, MAX_AGE_MS, NOW + MAX_AGE_MS + 1)).toBe(false);
    expect(isValidSignInFormToken(SECRET, token, token, MAX_AGE_MS, NOW - 1)).toBe(false);
  });
});
