/** @jest-environment jsdom */
import { defaultExportUrl, dispositionFileName, exportParams, exportRequest } from './export-request.writer.js';

const BASE = 'http://localhost/albums/page';

describe('defaultExportUrl', () => {
  it.each([
    ['/api/albums/', '/api/albums/export'],
    ['/api/albums?scope=live#top', '/api/albums/export?scope=live'],
  ])('%s -> %s', (url, expected) => {
    expect(defaultExportUrl(url, BASE)).toBe(new URL(expected, BASE).toString());
  });
});

describe('exportParams', () => {
  it("keeps the list's search, filters and ordering, drops paging, adds the choice as export[...]", () => {
    const params = { draw: 3, offset: 20, limit: 10, search: 'blue', ordering: '-year', format: 'LP' };
    expect(exportParams(params, { format: 'xlsx', fields: ['title', 'artist.name'], bom: true })).toEqual({
      search: 'blue',
      ordering: '-year',
      format: 'LP',
      'export[format]': 'xlsx',
      'export[fields]': 'title,artist.name',
      'export[bom]': '1',
    });
  });

  it('sends how the page shows values unless the choice is raw values, and the chosen time zone', () => {
    const display = { dateFormat: 'dd/MM/yyyy', datetimeFormat: 'dd/MM/yyyy HH:mm', yes: 'Sí', no: 'No' };
    expect(exportParams({ search: 'blue' }, { format: 'csv', timeZone: 'Europe/Madrid' }, display)).toEqual({
      search: 'blue',
      'export[format]': 'csv',
      'export[date_format]': 'dd/MM/yyyy',
      'export[datetime_format]': 'dd/MM/yyyy HH:mm',
      'export[yes]': 'Sí',
      'export[no]': 'No',
      'export[timezone]': 'Europe/Madrid',
    });
    expect(exportParams({}, { format: 'xlsx', values: 'raw' }, display)).toEqual({
      'export[format]': 'xlsx',
      'export[values]': 'raw',
    });
  });

  it('sends totals as export[totals], with the totals row word when asked for', () => {
    const display = { dateFormat: 'd/M/yyyy', datetimeFormat: 'd/M/yyyy H:mm', yes: 'Sí', no: 'No', totals: 'Totales' };
    expect(exportParams({}, { format: 'csv', values: 'raw', totals: true }, display)).toEqual({
      'export[format]': 'csv',
      'export[values]': 'raw',
      'export[totals]': '1',
      'export[totals_label]': 'Totales',
    });
    expect(exportParams({}, { format: 'xlsx', values: 'raw', totals: false }, display)).toEqual({
      'export[format]': 'xlsx',
      'export[values]': 'raw',
      'export[totals]': '0',
    });
  });
});

describe('exportRequest', () => {
  afterEach(() => document.head.replaceChildren());

  it('is a GET while the URL is short, a POST with the CSRF token to the same route past it', () => {
    const meta = document.createElement('meta');
    meta.name = 'csrf-token';
    meta.content = 'secret';
    document.head.append(meta);
    const url = 'http://localhost/albums/export';
    const get = exportRequest(url, { search: 'blue' }, { format: 'csv' });
    expect(get.method).toBe('GET');
    expect(get.url).toBe('http://localhost/albums/export?search=blue&export%5Bformat%5D=csv');
    const post = exportRequest(url, { search: 'x'.repeat(3000) }, { format: 'csv' });
    expect(post).toMatchObject({ method: 'POST', url: 'http://localhost/albums/export' });
    expect(post.headers['X-CSRF-Token']).toBe('secret');
    expect(JSON.parse(post.body!)).toEqual({ search: 'x'.repeat(3000), 'export[format]': 'csv' });
  });
});

describe('dispositionFileName', () => {
  it.each([
    [`attachment; filename="Albums.csv"; filename*=UTF-8''Alb%C3%BCms.csv`, 'Albüms.csv'],
    ['attachment; filename="say \\"hi\\".csv"', 'say "hi".csv'],
    ['attachment; filename=plain.xlsx', 'plain.xlsx'],
    ['attachment', null],
    [null, null],
  ])('%s -> %s', (header, expected) => {
    expect(dispositionFileName(header)).toBe(expected);
  });
});
