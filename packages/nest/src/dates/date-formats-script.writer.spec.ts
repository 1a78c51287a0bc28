/**
 * @jest-environment jsdom
 */
import { jsonForScript } from '../common/script-json.writer.js';
import { renderDateFormatsScript } from './date-formats-script.writer.js';

const HOSTILE = [
  '</script><script>alert(1)</script>',
  '</SCRIPT >',
  '<!--<script>',
  '"; alert(1); "',
  "'; alert(2); //",
  '\\"; alert(3); //',
  'dd\u2028MM\u2029yyyy',
  '&lt;/script&gt; & <b>',
  '${alert(4)}`',
];

/** Parses the snippet as a browser does and runs its script against a page object of its own. */
function loadSnippet(html: string): { scripts: number; date_format?: unknown; datetime_format?: unknown } {
  const container = document.createElement('div');
  container.innerHTML = html;
  const scripts = container.querySelectorAll('script');
  const page: { date_format?: unknown; datetime_format?: unknown } = {};
  for (const script of scripts) new Function('document', script.textContent ?? '')(page);
  return { scripts: scripts.length, ...page };
}

describe('renderDateFormatsScript', () => {
  it('sets document.date_format and document.datetime_format', () => {
    const html = renderDateFormatsScript({ dateFormat: 'dd.MM.yyyy', datetimeFormat: 'dd.MM.yyyy HH:mm' });
    expect(html).toBe(
      '<script>document.date_format = "dd.MM.yyyy";document.datetime_format = "dd.MM.yyyy HH:mm";</script>',
    );
    expect(loadSnippet(html)).toEqual({ scripts: 1, date_format: 'dd.MM.yyyy', datetime_format: 'dd.MM.yyyy HH:mm' });
  });

  it.each(HOSTILE)('keeps the hostile format %j inside its string', (format) => {
    const html = renderDateFormatsScript({ dateFormat: format, datetimeFormat: `${format} HH:mm` });
    expect(html.startsWith('<script>') && html.endsWith('</script>')).toBe(true);
    expect(html.slice('<script>'.length, -'</script>'.length)).not.toMatch(/[<>&\u2028\u2029]/);
    expect(loadSnippet(`${html}<p id="after">after</p>`)).toEqual({
      scripts: 1,
      date_format: format,
      datetime_format: `${format} HH:mm`,
    });
  });

  it('puts a CSP nonce on the element and refuses one that could leave the attribute', () => {
    expect(renderDateFormatsScript({ dateFormat: 'a', datetimeFormat: 'b' }, { nonce: 'r4nd0m+/_-==' })).toMatch(
      /^<script nonce="r4nd0m\+\/_-==">/,
    );
    for (const nonce of ['', 'x" onload="alert(1)', 'a b', 'a>']) {
      expect(() => renderDateFormatsScript({ dateFormat: 'a', datetimeFormat: 'b' }, { nonce })).toThrow(
        'the nonce must be base64 or base64url',
      );
    }
  });
});

describe('jsonForScript', () => {
  it('escapes <, >, &, U+2028 and U+2029 and stays JSON', () => {
    const value = { text: '</script> & <!-- \u2028\u2029', list: [1, '>'] };
    const json = jsonForScript(value);
    expect(json).toBe('{"text":"\\u003c/script\\u003e \\u0026 \\u003c!-- \\u2028\\u2029","list":[1,"\\u003e"]}');
    expect(JSON.parse(json)).toEqual(value);
  });

  it('refuses a value without a JSON form', () => {
    expect(() => jsonForScript(undefined)).toThrow(TypeError);
  });
});
