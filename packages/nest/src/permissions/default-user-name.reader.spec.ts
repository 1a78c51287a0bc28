import { defaultGetUserName } from './default-user-name.reader.js';

describe('defaultGetUserName', () => {
  it.each([
    [{}, null],
    [{ user: null }, null],
    [{ user: { username: 'ana', name: 'Ana', id: 1 } }, 'ana'],
    [{ user: { name: 'Ana', email: 'a@x.test' } }, 'Ana'],
    [{ user: { email: 'a@x.test', id: 7 } }, 'a@x.test'],
    [{ user: { id: 7 } }, '7'],
    [{ user: { username: '', id: 'u-7' } }, 'u-7'],
    [{ user: { username: { nested: true } } }, null],
    [{ raw: { user: { name: 'on Fastify' } } }, 'on Fastify'],
  ])('names the user of %j %j', (request, name) => {
    expect(defaultGetUserName(request)).toBe(name);
  });
});
