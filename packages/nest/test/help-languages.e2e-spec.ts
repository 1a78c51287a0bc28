// Languages of help entries: one entry per (id_view, question_name, language), null for every
// language; the list chooses per request along the tag's fallbacks (es-CR, es, null).
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { Help } from '../src/index.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';
import { asUser, createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';

const admin = asUser({ isSuperuser: true });
const BASE = { id_view: 'albums:edit', help_text: '' };
const SEED: Array<Partial<Help>> = [
  { ...BASE, question_name: 'name', help_title: 'Name', language: null },
  { ...BASE, question_name: 'name', help_title: 'Nombre', language: 'es' },
  { ...BASE, question_name: 'name', help_title: 'Nombre (CR)', language: 'es-CR' },
  { ...BASE, question_name: 'year', help_title: 'Year', language: null },
  { ...BASE, question_name: 'genre', help_title: 'Genre', language: 'en' },
];
const LANGUAGE_FORMAT = 'a BCP 47 language tag such as "es" or "es-CR", at most 35 characters';

describeEachDatabase('Help languages', (kind) => {
  let testApp: TestApp;
  let server: App;

  beforeAll(async () => {
    testApp = await createTestApp(kind);
    server = testApp.app.getHttpServer() as App;
  });

  afterAll(() => testApp.close());

  beforeEach(async () => {
    const repository = testApp.dataSource.getRepository(Help);
    await repository.clear();
    await repository.save(SEED.map((entry) => repository.create(entry)));
  });

  const titles = (body: Help[]) => body.map((entry) => `${entry.help_title}:${entry.language}`);
  const stored = () => testApp.dataSource.getRepository(Help).find({ order: { id: 'ASC' } });

  describe('the list, per request', () => {
    it.each([
      ['es-CR', ['Nombre (CR):es-CR', 'Year:null']],
      ['es-MX', ['Nombre:es', 'Year:null']],
      ['es', ['Nombre:es', 'Year:null']],
      ['fr', ['Name:null', 'Year:null']],
      ['en-GB', ['Genre:en', 'Name:null', 'Year:null']],
      ['ES-cr', ['Nombre (CR):es-CR', 'Year:null']],
    ])('language=%s falls back along the tag to the entry for every language', async (language, expected) => {
      const response = await request(server).get('/help/').query({ language }).set(admin).expect(200);
      expect(titles(response.body)).toEqual(expected);
    });

    it('follows Accept-Language without the parameter, and only the entries for every language without either', async () => {
      const accepted = await request(server)
        .get('/help/')
        .set(admin)
        .set('Accept-Language', 'fr;q=0.9, es-CR, en;q=0.5')
        .expect(200);
      expect(titles(accepted.body)).toEqual(['Genre:en', 'Nombre (CR):es-CR', 'Year:null']);
      expect(accepted.headers.vary).toMatch(/Accept-Language/i);
      const none = await request(server).get('/help/').set(admin).expect(200);
      expect(titles(none.body)).toEqual(['Name:null', 'Year:null']);
      // The parameter wins over the header.
      const explicit = await request(server)
        .get('/help/')
        .query({ language: 'es' })
        .set(admin)
        .set('Accept-Language', 'en')
        .expect(200);
      expect(titles(explicit.body)).toEqual(['Nombre:es', 'Year:null']);
    });

    it('lists every entry in any language with language=*, and filters still apply', async () => {
      const all = await request(server).get('/help/').query({ language: '*' }).set(admin).expect(200);
      expect(all.body).toHaveLength(SEED.length);
      const name = await request(server)
        .get('/help/')
        .query({ language: '*', question_name: 'name' })
        .set(admin)
        .expect(200);
      expect(titles(name.body)).toEqual(['Name:null', 'Nombre:es', 'Nombre (CR):es-CR']);
    });

    it.each(['', 'es_CR', 'not a language', '**'])('refuses language=%j with 400', async (language) => {
      const response = await request(server).get('/help/').query({ language }).set(admin).expect(400);
      expect(response.body.message).toEqual([`language must be * or ${LANGUAGE_FORMAT}`]);
    });
  });

  describe('writes', () => {
    const entry = { id_view: 'albums:edit', question_name: 'rank', help_title: 'Rank' };

    it('stores the canonical tag and answers it; without one, null', async () => {
      const spanish = await request(server)
        .post('/help/')
        .set(admin)
        .send({ ...entry, language: 'es-cr' })
        .expect(201);
      expect(spanish.body).toEqual({ ...entry, id: spanish.body.id, help_text: '', language: 'es-CR', version: 1 });
      const everyLanguage = await request(server).post('/help/').set(admin).send(entry).expect(201);
      expect(everyLanguage.body.language).toBeNull();
    });

    it('is unique per language, null included', async () => {
      const before = await stored();
      const sameNull = await request(server)
        .post('/help/')
        .set(admin)
        .send({ ...BASE, question_name: 'name', help_title: 'x' })
        .expect(409);
      expect(sameNull.body.message).toBe(
        'A help entry for id_view "albums:edit" and question_name "name" already exists',
      );
      const sameSpanish = await request(server)
        .post('/help/')
        .set(admin)
        .send({ ...BASE, question_name: 'name', help_title: 'x', language: 'ES' })
        .expect(409);
      expect(sameSpanish.body.message).toBe(
        'A help entry for id_view "albums:edit" and question_name "name" in language "es" already exists',
      );
      const yearRow = before.find((row) => row.question_name === 'year')!;
      await request(server).patch(`/help/${yearRow.id}/`).set(admin).send({ question_name: 'name' }).expect(409);
      expect(await stored()).toEqual(before);
      await request(server)
        .post('/help/')
        .set(admin)
        .send({ ...BASE, question_name: 'year', help_title: 'Año', language: 'es' })
        .expect(201);
    });

    it('changes the language with PATCH (null: every language) and keeps it on a PUT without one', async () => {
      const [, spanish] = await stored();
      const put = await request(server)
        .put(`/help/${spanish!.id}/`)
        .set(admin)
        .send({ ...BASE, question_name: 'name', help_title: 'Nombre nuevo' })
        .expect(200);
      expect(put.body.language).toBe('es');
      const toPortuguese = await request(server)
        .patch(`/help/${spanish!.id}/`)
        .set(admin)
        .send({ language: 'pt-BR' })
        .expect(200);
      expect(toPortuguese.body).toMatchObject({ language: 'pt-BR', help_title: 'Nombre nuevo' });
      // The entry for every language exists already.
      await request(server).patch(`/help/${spanish!.id}/`).set(admin).send({ language: null }).expect(409);
      const year = (await stored()).find((row) => row.question_name === 'year')!;
      await request(server).patch(`/help/${year.id}/`).set(admin).send({ language: 'fr' }).expect(200);
      const putNull = await request(server)
        .put(`/help/${year.id}/`)
        .set(admin)
        .send({ ...BASE, question_name: 'year', help_title: 'Year', language: null })
        .expect(200);
      expect(putNull.body.language).toBeNull();
    });

    it.each([
      ['es_CR', `language must be null or ${LANGUAGE_FORMAT}`],
      [5, `language must be null or ${LANGUAGE_FORMAT}`],
      ['', `language must be null or ${LANGUAGE_FORMAT}`],
      [`en-${'a'.repeat(40)}`, `language must be null or ${LANGUAGE_FORMAT}`],
    ])('refuses the language %j with 400', async (language, message) => {
      const before = await stored();
      const response = await request(server)
        .post('/help/')
        .set(admin)
        .send({ ...entry, language })
        .expect(400);
      expect(response.body.message).toEqual([message]);
      await request(server).patch(`/help/${before[0]!.id}/`).set(admin).send({ language }).expect(400);
      expect(await stored()).toEqual(before);
    });
  });
});

describeEachDatabase("Help languages from the host's resolver", (kind) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(kind, {
      widgetlib: {
        // The user's profile, say: here a header; tags that are none are left out.
        getLanguage: (req) => [
          'not a tag',
          String((req as { headers: Record<string, string | undefined> }).headers['x-language'] ?? ''),
        ],
      },
    });
    const repository = testApp.dataSource.getRepository(Help);
    await repository.save(SEED.map((entry) => repository.create(entry)));
  });

  afterAll(() => testApp.close());

  it("chooses by the host's languages, not Accept-Language", async () => {
    const server = testApp.app.getHttpServer() as App;
    const response = await request(server)
      .get('/help/')
      .set(admin)
      .set('x-language', 'es-CR')
      .set('Accept-Language', 'en')
      .expect(200);
    expect(response.body.map((entry: Help) => entry.help_title)).toEqual(['Nombre (CR)', 'Year']);
  });
});
