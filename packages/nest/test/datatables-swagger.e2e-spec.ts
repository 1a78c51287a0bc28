import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { ALBUM_ENTITIES } from './fixtures/album.entities.js';
import { ALBUM_TABLE, AlbumsController } from './fixtures/albums.controller.js';
import { createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';

interface QueryParameter {
  name: string;
  in: string;
  required: boolean;
  description: string;
  schema: { type: string };
}

describe('@DataTable documentation with @nestjs/swagger', () => {
  let testApp: TestApp;
  let document: OpenAPIObject;

  beforeAll(async () => {
    testApp = await createTestApp('sqlite', { entities: ALBUM_ENTITIES, controllers: [AlbumsController] });
    document = SwaggerModule.createDocument(testApp.app, new DocumentBuilder().setTitle('test').build());
  });

  afterAll(() => testApp.close());

  function parameters(path: string): QueryParameter[] {
    return document.paths[path]!.get!.parameters as QueryParameter[];
  }

  it('documents paging, draw, search, ordering and every allowed filter as optional query parameters', () => {
    const documented = parameters('/albums');
    const filterNames = Object.entries(ALBUM_TABLE.filters!).flatMap(([path, lookups]) =>
      lookups.map((lookup) => (lookup === 'exact' ? path : `${path}__${lookup}`)),
    );
    expect(documented.map((parameter) => parameter.name).sort()).toEqual(
      [
        'limit',
        'offset',
        'cursor',
        'page',
        'page_size',
        'draw',
        'search',
        'ordering',
        'searchBuilder',
        ...filterNames,
        ...ALBUM_TABLE.panes!.map((path) => `searchPanes[${path.replaceAll('__', '.')}][<i>]`),
        'searchPanes_options[viewTotal]',
      ].sort(),
    );
    expect(documented.every((parameter) => parameter.in === 'query' && parameter.required === false)).toBe(true);
    const byName = new Map(documented.map((parameter) => [parameter.name, parameter]));
    expect(byName.get('limit')!.schema.type).toBe('integer');
    expect(byName.get('ordering')!.description).toContain('artist__name');
    expect(byName.get('search')!.description).toContain('genres__name');
    expect(byName.get('recorded_at__range')!.description).toContain('<from>,<to>');
    expect(byName.get('genres__id__in')!.description).toContain('comma-separated');
    expect(byName.get('searchPanes[genres.name][<i>]')!.description).toContain('genres__name pane');
  });

  it('leaves out search and ordering when the endpoint has none', () => {
    expect(parameters('/own-envelope/{shape}').map((parameter) => parameter.name)).not.toContain('search');
  });

  it('documents the envelope and the 400', () => {
    const responses = document.paths['/albums']!.get!.responses as Record<
      string,
      { content?: Record<string, { schema: { required: string[]; properties: Record<string, { type: string }> } }> }
    >;
    const schema = responses['200']!.content!['application/json']!.schema;
    expect(schema.required).toEqual(['data', 'recordsTotal', 'recordsFiltered', 'draw']);
    expect(
      Object.fromEntries(Object.entries(schema.properties).map(([name, property]) => [name, property.type])),
    ).toEqual({
      data: 'array',
      recordsTotal: 'integer',
      recordsFiltered: 'integer',
      draw: 'integer',
      counts: 'object',
      searchPanes: 'object',
      next: 'string',
    });
    expect(responses['400']).toBeDefined();
  });
});
