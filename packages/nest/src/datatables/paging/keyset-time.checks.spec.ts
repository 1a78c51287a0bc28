import { isKeyTimeText } from './keyset-time.checks.js';

describe('isKeyTimeText', () => {
  it.each([
    ' 10:00:00',
    'T10:00:00.123456',
    ' 23:59:59.999999999Z',
    ' 10:00:00+01',
    ' 10:00:00+05:30',
    ' 10:00:00-15:59:59',
    ' 10:00:00+15:59',
    ' 10:00:00+00:09:21',
  ])('takes %j, as a database writes it', (rest) => expect(isKeyTimeText(rest)).toBe(true));

  it.each([
    // PostgreSQL answers each of these with "time zone displacement out of range".
    ' 10:00:00-23:59:59',
    ' 10:00:00+99:99',
    ' 10:00:00+16:00',
    ' 10:00:00+16',
    ' 10:00:00+10:99',
    ' 10:00:00+00:00:60',
    // Forms no database writes, some of which PostgreSQL cannot read.
    ' 10:00:00+1559',
    ' 10:00:00+155959',
    ' 10:00:00+15:5959',
    // Not a time of day.
    ' 24:00:00',
    ' 10:60:00',
    ' 10:00:60',
    ' 10:00',
    '',
  ])('refuses %j', (rest) => expect(isKeyTimeText(rest)).toBe(false));
});
