// Where signing in sends a user: back to the page they asked for, with the fragment the sign-in page
// added to `next` (`/albums#view=3`), and never to another site, whatever `next` says.
import { startDemo, type DemoServer } from './support/demo-server.js';

describe("the sign-in form's next", () => {
  let demo: DemoServer;

  beforeAll(async () => {
    demo = await startDemo('sqlite');
  });

  afterAll(() => demo?.close());

  async function signInWith(next: string): Promise<string | null> {
    const client = demo.client();
    const response = await client.postForm('/sign-in', {
      _csrf: await client.formToken('/sign-in'),
      username: 'viewer',
      password: 'viewer',
      next,
    });
    expect(response.status).toBe(303);
    return response.headers.get('location');
  }

  it('sends the user back to the page and fragment they asked for', async () => {
    expect(await signInWith('/albums#view=3')).toBe('/albums#view=3');
    expect(await signInWith('/albums?view=3')).toBe('/albums?view=3');
  });

  it('keeps every address off this site out, fragment or not', async () => {
    for (const next of [
      '//evil.example/#view=1',
      '/\\evil.example#view=1',
      'https://evil.example/albums#view=1',
      '#view=1',
    ]) {
      expect(await signInWith(next)).toBe('/');
    }
  });

  it('serves the sign-in page the script that carries the fragment, from the site itself', async () => {
    const html = await (await demo.client().get('/sign-in?next=%2Falbums', { accept: 'text/html' })).text();
    expect(html).toContain('<script src="/assets/sign-in.js"></script>');
    const script = await demo.client().get('/assets/sign-in.js');
    expect(script.status).toBe(200);
  });
});
