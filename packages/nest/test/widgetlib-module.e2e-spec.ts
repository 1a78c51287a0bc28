import { Module } from '@nestjs/common';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { WidgetLibModule, type WidgetLibConfig } from '../src/index.js';
import { WIDGETLIB_CONFIG } from '../src/widgetlib.config.js';
import { createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';

const SETTINGS = Symbol('SETTINGS');

@Module({ providers: [{ provide: SETTINGS, useValue: { helpRead: 'kb.read' } }], exports: [SETTINGS] })
class SettingsModule {}

describe('WidgetLibModule.forRootAsync', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp('sqlite', {
      imports: [
        WidgetLibModule.forRootAsync({
          imports: [SettingsModule],
          inject: [SETTINGS],
          useFactory: (settings: { helpRead: string }) => ({
            helpPermissions: { view: settings.helpRead },
            timezone: 'Europe/Berlin',
            dataTables: { pageSize: 25 },
          }),
          routePrefix: 'kb',
        }),
      ],
      withoutWidgetLibModule: true,
    });
  });

  afterAll(() => testApp.close());

  it('resolves the options from the factory and applies the defaults', () => {
    const config = testApp.app.get<WidgetLibConfig>(WIDGETLIB_CONFIG);
    expect(config).toMatchObject({
      routePrefix: '/kb',
      helpPermissions: {
        view: 'kb.read',
        add: 'widgetlib.add_help',
        change: 'widgetlib.change_help',
        delete: 'widgetlib.delete_help',
      },
      dateFormat: 'yyyy-MM-dd',
      datetimeFormat: 'yyyy-MM-dd HH:mm',
      timezone: 'Europe/Berlin',
      dataTables: { pageSize: 25, maxPageSize: 100, allowAll: false },
    });
  });

  it('serves the help routes under the async prefix with the factory permissions', async () => {
    const server = testApp.app.getHttpServer() as App;
    await request(server)
      .get('/kb/help/')
      .set('x-test-user', JSON.stringify({ permissions: ['kb.read'] }))
      .expect(200);
    await request(server)
      .get('/kb/help/')
      .set('x-test-user', JSON.stringify({ permissions: ['widgetlib.view_help'] }))
      .expect(403);
  });
});

describe('WidgetLibModule options', () => {
  it.each([
    [{ timezone: 'Mars/Olympus' }, 'WidgetLibModule option timezone "Mars/Olympus" is not an IANA time zone'],
    [{ dataTables: { pageSize: 0 } }, 'WidgetLibModule option dataTables.pageSize must be a positive integer, got 0'],
    [
      { dataTables: { maxPageSize: 2.5 } },
      'WidgetLibModule option dataTables.maxPageSize must be a positive integer, got 2.5',
    ],
    [{ helpUsageRetentionDays: 0 }, 'WidgetLibModule option helpUsageRetentionDays must be a positive integer, got 0'],
    [
      { helpCoverageReporters: 1.5 },
      'WidgetLibModule option helpCoverageReporters must be a positive integer, got 1.5',
    ],
    [
      { dataTables: { pageSize: 50, maxPageSize: 20 } },
      'WidgetLibModule option dataTables.pageSize (50) exceeds maxPageSize (20)',
    ],
    [
      { dataTables: { cursorSecret: 'secret' } },
      'WidgetLibModule option dataTables.cursorSecret must be a text of at least 32 characters',
    ],
    [
      { dataTables: { collationLanguage: 'tlh' as never } },
      'WidgetLibModule option dataTables.collationLanguage must be one of root, es, sv, en, de, fr, it, pt, nl',
    ],
  ])('refuses %j at startup', async (options, message) => {
    await expect(createTestApp('sqlite', { widgetlib: options })).rejects.toThrow(message);
  });
});
