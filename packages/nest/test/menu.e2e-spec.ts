import { Controller, Get, Header, Injectable, Req } from '@nestjs/common';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import {
  MenuItem,
  MenuService,
  MenuWidgetRegistry,
  PALLETE_WIDGET_URL_NAME,
  UrlResolver,
  ViewName,
  type MenuItemInput,
  type MenuRenderContext,
  type MenuWidget,
} from '../src/index.js';
import { escapeHtml } from '#rules/html-escape.js';
import { HOSTILE_URLS, LEGITIMATE_URLS } from '@widgetlib/test-support/url.corpus.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';
import { asUser, createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';

const HOSTILE_TITLE = `"><script>alert('title')</script><img src=x onerror=alert(1)>`;
const HOSTILE_ICON = `fa" onmouseover="alert('icon')`;
const HOSTILE_HELP_URL = `/help/</script><script>alert('url')</script>\u2028`;
const HOSTILE_VIEW_ID = `evil:</script><script>alert("view")</script><!--&amp;`;

@Injectable()
class Greeting {
  text(): string {
    return 'Hello & welcome';
  }
}

/** A host widget with a dependency, registered by its class. */
@Injectable()
class GreetingWidget implements MenuWidget {
  constructor(private readonly greeting: Greeting) {}

  render(item: MenuItem, context: MenuRenderContext): string {
    return `<p class="greeting" data-item="${item.id}" data-view="${context.viewId}">${this.greeting.text()}</p>`;
  }
}

/** A host widget that is no provider: created with the library's providers injected. */
@Injectable()
class HelpLinkWidget implements MenuWidget {
  constructor(private readonly urls: UrlResolver) {}

  render(): string {
    return `<a class="help-link" href="${this.urls.reverse('help-list')}">Help</a>`;
  }
}

/** A host widget that needs a host provider without being one: it cannot be created. */
@Injectable()
class OrphanWidget implements MenuWidget {
  constructor(private readonly greeting: Greeting) {}

  render(): string {
    return this.greeting.text();
  }
}

@ViewName('pages')
@Controller('pages')
class PagesController {
  constructor(private readonly menus: MenuService) {}

  @Get('menu')
  @Header('content-type', 'text/html; charset=utf-8')
  menu(@Req() req: unknown): Promise<string> {
    return this.menus.renderCategory('sidebarfooter', req);
  }

  @Get('other')
  @Header('content-type', 'text/html; charset=utf-8')
  other(@Req() req: unknown): Promise<string> {
    return this.menus.renderCategory('topbar', req);
  }

  @Get('hostile')
  @ViewName(HOSTILE_VIEW_ID)
  @Header('content-type', 'text/html; charset=utf-8')
  hostile(@Req() req: unknown): Promise<string> {
    return this.menus.renderCategory('sidebarfooter', req);
  }
}

const VIEWER = asUser({ permissions: ['widgetlib.view_help'] });
const EDITOR = asUser({
  groups: [{ permissions: ['widgetlib.view_help', 'widgetlib.add_help'] }],
  permissions: ['widgetlib.change_help'],
});
const ADMIN = asUser({ isSuperuser: true });
const NO_HELP = asUser({ permissions: ['widgetlib.add_help', 'widgetlib.change_help', 'widgetlib.delete_help'] });

interface PanelConfig {
  id_view: string;
  help_url: string;
  permissions: Record<'view' | 'add' | 'change' | 'delete', boolean>;
  usage: boolean;
}

const SCRIPT = /<script type="application\/json" id="([^"]+)">([^<]*)<\/script>/g;

/** The JSON configurations of the help panels in `html`, checked to be the only scripts in it. */
function panelConfigs(html: string): PanelConfig[] {
  const scripts = [...html.matchAll(SCRIPT)];
  expect(html.match(/<script/gi) ?? []).toHaveLength(scripts.length);
  return scripts.map((match) => JSON.parse(match[2]!) as PanelConfig);
}

describeEachDatabase('menu', (kind) => {
  let testApp: TestApp;
  let server: App;
  let menus: MenuService;

  async function resetMenu(items: MenuItemInput[]): Promise<MenuItem[]> {
    await testApp.dataSource.getRepository(MenuItem).clear();
    const created: MenuItem[] = [];
    for (const item of items) created.push(await menus.create(item));
    return created;
  }

  async function page(path: string, headers: Record<string, string>): Promise<string> {
    const response = await request(server).get(path).set(headers).expect(200);
    return response.text;
  }

  function helpPanel(extra: Partial<MenuItemInput> = {}): MenuItemInput {
    return {
      category: 'sidebarfooter',
      url_name: PALLETE_WIDGET_URL_NAME,
      is_widget: true,
      icon: 'fa fa-question-circle',
      only_icon: true,
      reversed_args: '/help/',
      ...extra,
    };
  }

  beforeAll(async () => {
    testApp = await createTestApp(kind, { controllers: [PagesController], providers: [Greeting, GreetingWidget] });
    server = testApp.app.getHttpServer() as App;
    menus = testApp.app.get(MenuService);
    testApp.app.get(MenuWidgetRegistry).register('host.widgets.Greeting', GreetingWidget);
    testApp.app.get(MenuWidgetRegistry).register('host.widgets.Static', { render: () => '<hr class="static">' });
    testApp.app.get(MenuWidgetRegistry).register('host.widgets.HelpLink', HelpLinkWidget);
    testApp.app.get(MenuWidgetRegistry).register('host.widgets.Orphan', OrphanWidget);
  });

  afterAll(() => testApp.close());

  it('renders a category in position order, items without a position last, then by id', async () => {
    await resetMenu([
      { category: 'sidebarfooter', url_name: '/third', title: 'Third', position: 30 },
      { category: 'sidebarfooter', url_name: 'host.widgets.Static', is_widget: true },
      {
        category: 'sidebarfooter',
        url_name: 'https://example.com/first',
        title: 'First',
        icon: 'fa fa-home',
        position: -5,
      },
      { category: 'topbar', url_name: '/elsewhere', title: 'Elsewhere', position: 1 },
      { category: 'sidebarfooter', url_name: 'pages:menu', is_reversed: true, title: 'Menu', position: 20 },
      helpPanel({ position: 10 }),
      { category: 'sidebarfooter', url_name: 'host.widgets.Greeting', is_widget: true },
      { category: 'sidebarfooter', url_name: 'host.widgets.HelpLink', is_widget: true },
    ]);
    const html = await page('/pages/menu', VIEWER);
    const parts = html.split('\n');
    expect(parts).toHaveLength(7);
    expect(parts[0]).toBe(
      '<a class="widgetlib-menu-link" href="https://example.com/first"><span class="fa fa-home" aria-hidden="true"></span>' +
        '<span class="widgetlib-menu-label">First</span></a>',
    );
    expect(parts[1]).toMatch(/^<div class="widgetlib-palette-widget">/);
    expect(parts[2]).toBe(
      '<a class="widgetlib-menu-link" href="/pages/menu"><span class="widgetlib-menu-label">Menu</span></a>',
    );
    expect(parts[3]).toBe(
      '<a class="widgetlib-menu-link" href="/third"><span class="widgetlib-menu-label">Third</span></a>',
    );
    expect(parts[4]).toBe('<hr class="static">');
    expect(parts[5]).toMatch(/^<p class="greeting" data-item="\d+" data-view="pages:menu">Hello & welcome<\/p>$/);
    expect(parts[6]).toBe('<a class="help-link" href="/help/">Help</a>');
    expect(html).not.toContain('Elsewhere');
  });

  it('lists a category through the service in the same order', async () => {
    const [a, b, c] = await resetMenu([
      { category: 'c', url_name: '/a' },
      { category: 'c', url_name: '/b', position: 2 },
      { category: 'c', url_name: '/c', position: 1 },
    ]);
    expect((await menus.listCategory('c')).map((item) => item.id)).toEqual([c!.id, b!.id, a!.id]);
    expect(await menus.listCategory('C')).toEqual([]);
  });

  it('leaves out unsafe links, unknown routes and unknown widgets', async () => {
    await resetMenu([
      { category: 'topbar', url_name: 'javascript:alert(1)', title: 'Bad', position: 1 },
      { category: 'topbar', url_name: '//evil.example/', title: 'Bad too', position: 2 },
      { category: 'topbar', url_name: 'nowhere:at-all', is_reversed: true, title: 'Unknown route', position: 3 },
      { category: 'topbar', url_name: 'help-detail', is_reversed: true, title: 'Route needing an id', position: 3 },
      { category: 'topbar', url_name: 'host.widgets.Missing', is_widget: true, position: 4 },
      { category: 'topbar', url_name: '/ok', title: 'Ok', only_icon: true, icon: 'fa fa-check', position: 5 },
    ]);
    expect(await page('/pages/other', VIEWER)).toBe(
      '<a class="widgetlib-menu-link" href="/ok" aria-label="Ok" title="Ok"><span class="fa fa-check" aria-hidden="true"></span></a>',
    );
  });

  it('links only what the shared URL rule accepts: no backslash, protocol-relative or script URL', async () => {
    await resetMenu([
      ...HOSTILE_URLS.map((url, index) => ({
        category: 'topbar',
        url_name: url,
        title: `Hostile ${index}`,
        position: index,
      })),
      ...LEGITIMATE_URLS.map((url, index) => ({
        category: 'topbar',
        url_name: url,
        title: `Fine ${index}`,
        position: 100 + index,
      })),
    ]);
    const html = await page('/pages/other', VIEWER);
    expect(html).not.toContain('Hostile');
    expect([...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1])).toEqual(LEGITIMATE_URLS.map(escapeHtml));
  });

  describe('the help panel', () => {
    it('renders the panel markup with the view, the help URL and the label', async () => {
      const [item] = await resetMenu([helpPanel()]);
      const html = await page('/pages/menu', VIEWER);
      const id = item!.id;
      expect(html).toContain(
        `<button type="button" class="widgetlib-palette-toggle" aria-controls="widgetlib-palette-${id}" ` +
          'aria-expanded="false" aria-label="Help" title="Help"><span class="fa fa-question-circle" aria-hidden="true"></span></button>',
      );
      expect(html).toContain(
        `<div id="widgetlib-palette-${id}" class="widgetlib-palette" data-widgetlib-palette="widgetlib-palette-config-${id}" ` +
          'role="dialog" aria-label="Help" hidden></div>',
      );
      expect(html).toContain(`<script type="application/json" id="widgetlib-palette-config-${id}">`);
      expect(panelConfigs(html)).toEqual([
        {
          id_view: 'pages:menu',
          help_url: '/help/',
          permissions: { view: true, add: false, change: false, delete: false },
          usage: false,
        },
      ]);
    });

    it.each([
      ['a viewer', VIEWER, { view: true, add: false, change: false, delete: false }],
      ['an editor (own and group permissions)', EDITOR, { view: true, add: true, change: true, delete: false }],
      ['a superuser', ADMIN, { view: true, add: true, change: true, delete: true }],
    ])('gives %s the permissions they hold', async (_, user, permissions) => {
      await resetMenu([helpPanel({ title: 'Aide' })]);
      const html = await page('/pages/menu', user);
      expect(html).toContain('aria-label="Aide" title="Aide"');
      expect(panelConfigs(html).map((config) => config.permissions)).toEqual([permissions]);
    });

    it.each([
      ['without a user', {}],
      ['for a user who may not view help', NO_HELP],
    ])('is not rendered %s', async (_, user) => {
      await resetMenu([helpPanel(), { category: 'sidebarfooter', url_name: '/after', title: 'After', position: 99 }]);
      expect(await page('/pages/menu', user)).toBe(
        '<a class="widgetlib-menu-link" href="/after"><span class="widgetlib-menu-label">After</span></a>',
      );
    });

    it('uses the permissions listed in reversed_kwargs instead of the configured ones', async () => {
      await resetMenu([helpPanel({ reversed_kwargs: ' docs.view_page,docs.add_page , docs.delete_page ' })]);
      const docsEditor = asUser({ permissions: ['docs.view_page', 'docs.add_page', 'widgetlib.change_help'] });
      expect(panelConfigs(await page('/pages/menu', docsEditor)).map((config) => config.permissions)).toEqual([
        { view: true, add: true, change: false, delete: false },
      ]);
      const helpEditor = asUser({
        permissions: ['widgetlib.view_help', 'widgetlib.add_help', 'widgetlib.delete_help'],
      });
      expect(await page('/pages/menu', helpEditor)).toBe('');
      expect(panelConfigs(await page('/pages/menu', ADMIN)).map((config) => config.permissions)).toEqual([
        { view: true, add: true, change: false, delete: true },
      ]);
    });

    it('escapes hostile titles, icons, help URLs and view ids', async () => {
      await resetMenu([
        helpPanel({ title: HOSTILE_TITLE, icon: HOSTILE_ICON, reversed_args: HOSTILE_HELP_URL }),
        { category: 'sidebarfooter', url_name: '/x', title: HOSTILE_TITLE, icon: HOSTILE_ICON, position: 1 },
      ]);
      const html = await page('/pages/hostile', ADMIN);
      const [config] = panelConfigs(html);
      expect(config).toEqual({
        id_view: HOSTILE_VIEW_ID,
        help_url: HOSTILE_HELP_URL,
        permissions: { view: true, add: true, change: true, delete: true },
        usage: false,
      });
      const outsideJson = html.replace(SCRIPT, '');
      const tags = new Set([...outsideJson.matchAll(/<\/?([a-z0-9]+)/gi)].map((match) => match[1]!.toLowerCase()));
      expect([...tags].sort()).toEqual(['a', 'button', 'div', 'span']);
      expect(outsideJson).not.toMatch(/<!--|" onmouseover/);
      expect(outsideJson).toContain('aria-label="&quot;&gt;&lt;script&gt;alert(&#39;title&#39;)&lt;/script&gt;');
      expect(outsideJson).toContain('class="fa&quot; onmouseover=&quot;alert(&#39;icon&#39;)"');
      expect(html.match(SCRIPT)![0]).not.toMatch(/[\u2028\u2029]/);
    });
  });

  describe('registerHelpPanel', () => {
    it('creates the spec item once, however often it is called', async () => {
      await resetMenu([]);
      const first = await menus.registerHelpPanel();
      const second = await menus.registerHelpPanel({ title: 'Ignored once created' });
      const rows = await testApp.dataSource.getRepository(MenuItem).find();
      expect(rows).toHaveLength(1);
      expect(second.id).toBe(first.id);
      expect(rows[0]).toEqual({
        id: first.id,
        title: '',
        url_name: 'widgetlib.menu_widgets.palette.PalleteWidget',
        category: 'sidebarfooter',
        is_reversed: false,
        reversed_kwargs: null,
        reversed_args: testApp.app.get(UrlResolver).reverse('help-list'),
        is_widget: true,
        icon: 'fa fa-question-circle',
        only_icon: true,
        position: null,
      });
      expect(rows[0]!.reversed_args).toBe('/help/');
    });

    it('takes the host choices on creation and keeps them afterwards, refreshing only the help URL', async () => {
      await resetMenu([]);
      await menus.registerHelpPanel({ title: 'Help me', position: 3, reversedKwargs: 'docs.view_page' });
      const repository = testApp.dataSource.getRepository(MenuItem);
      await repository.update({ category: 'sidebarfooter' }, { reversed_args: '/old/help/', icon: 'fa fa-life-ring' });
      await menus.registerHelpPanel();
      const rows = await repository.find();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        title: 'Help me',
        position: 3,
        reversed_kwargs: 'docs.view_page',
        icon: 'fa fa-life-ring',
        reversed_args: '/help/',
      });
    });

    it('renders for a page once registered', async () => {
      await resetMenu([]);
      await menus.registerHelpPanel();
      expect(panelConfigs(await page('/pages/menu', VIEWER))).toEqual([
        {
          id_view: 'pages:menu',
          help_url: '/help/',
          permissions: { view: true, add: false, change: false, delete: false },
          usage: false,
        },
      ]);
    });
  });

  describe('MenuWidgetRegistry', () => {
    it('refuses a name that is not a dotted identifier', () => {
      const registry = testApp.app.get(MenuWidgetRegistry);
      expect(() => registry.register('not a name', { render: () => '' })).toThrow('dotted identifier');
      expect(() => registry.register('trailing.', { render: () => '' })).toThrow('dotted identifier');
    });

    it('says how to fix a widget class it cannot create', async () => {
      await expect(testApp.app.get(MenuWidgetRegistry).resolve('host.widgets.Orphan')).rejects.toThrow(
        /Menu widget OrphanWidget could not be created .*declare it as a provider of your module/,
      );
    });

    it('knows the library widget and the host ones', () => {
      const registry = testApp.app.get(MenuWidgetRegistry);
      expect(registry.has(PALLETE_WIDGET_URL_NAME)).toBe(true);
      expect(registry.has('host.widgets.Greeting')).toBe(true);
      expect(registry.has('host.widgets.Unknown')).toBe(false);
    });
  });
});
