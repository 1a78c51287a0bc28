import fc from 'fast-check';
import { jsonForScript } from './script-json.writer.js';

describe('jsonForScript', () => {
  it('writes <, >, &, U+2028 and U+2029 as JSON escapes', () => {
    expect(jsonForScript({ a: '</script><!--&\u2028\u2029' })).toBe(
      '{"a":"\\u003c/script\\u003e\\u003c!--\\u0026\\u2028\\u2029"}',
    );
  });

  it('gives back every value through JSON.parse and never contains <, > or &', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const json = jsonForScript(value);
        expect(json).not.toMatch(/[<>&\u2028\u2029]/);
        expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });
});
