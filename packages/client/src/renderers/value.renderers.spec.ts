import { resetDataTableTexts, setDataTableTexts } from '../texts/index.js';
import {
  emptyprint,
  gt_print_list_object,
  objShowBool,
  renderText,
  selectobjprint,
  truncateTextRenderer,
  yesnoprint,
} from './value.renderers.js';

const YES =
  '<span class="widgetlib-bool widgetlib-bool-yes"><span class="widgetlib-bool-mark" aria-hidden="true">\u2714</span> Yes</span>';
const NO =
  '<span class="widgetlib-bool widgetlib-bool-no"><span class="widgetlib-bool-mark" aria-hidden="true">\u2718</span> No</span>';
const PAYLOAD = '<img src=x onerror="window.pwned=1">';
const ESCAPED_PAYLOAD = '&lt;img src=x onerror=&quot;window.pwned=1&quot;&gt;';

afterEach(() => resetDataTableTexts());

describe('yesnoprint / objShowBool', () => {
  it.each([true, 'true', 1, '1'])('shows %j as a check mark with Yes', (value) => {
    expect(yesnoprint(value, 'display')).toBe(YES);
  });

  it.each([false, 'false', 0, '0'])('shows %j as a cross with No', (value) => {
    expect(yesnoprint(value, 'display')).toBe(NO);
  });

  it.each([null, undefined, '', 'maybe'])('shows %j as the empty text', (value) => {
    expect(yesnoprint(value, 'display')).toBe('--');
  });

  it('gives DataTables the raw value for sorting, searching and typing', () => {
    expect(yesnoprint(true, 'sort')).toBe(true);
    expect(yesnoprint(false, 'filter')).toBe(false);
    expect(yesnoprint(true, 'type')).toBe(true);
  });

  it('is the same function as objShowBool', () => {
    expect(objShowBool).toBe(yesnoprint);
  });

  it('uses the host’s words and marks, escaped', () => {
    setDataTableTexts({ yes: 'Sí <b>', yesMark: '✓' });
    expect(yesnoprint(true, 'display')).toBe(
      '<span class="widgetlib-bool widgetlib-bool-yes"><span class="widgetlib-bool-mark" aria-hidden="true">✓</span> Sí &lt;b&gt;</span>',
    );
  });
});

describe('emptyprint', () => {
  it.each([null, undefined, ''])('shows %j as --', (value) => {
    expect(emptyprint(value, 'display')).toBe('--');
  });

  it('shows 0, false and white space as values', () => {
    expect(emptyprint(0, 'display')).toBe('0');
    expect(emptyprint(false, 'display')).toBe('false');
    expect(emptyprint(' ', 'display')).toBe(' ');
  });

  it('escapes the value', () => {
    expect(emptyprint(PAYLOAD, 'display')).toBe(ESCAPED_PAYLOAD);
  });

  it('uses the host’s empty text, escaped', () => {
    setDataTableTexts({ empty: '<none>' });
    expect(emptyprint(null, 'display')).toBe('&lt;none&gt;');
  });

  it('is also the display form when called without a type', () => {
    expect(emptyprint(null)).toBe('--');
  });
});

describe('renderText', () => {
  it('escapes the value and shows nothing for a missing one', () => {
    expect(renderText(PAYLOAD, 'display')).toBe(ESCAPED_PAYLOAD);
    expect(renderText(null, 'display')).toBe('');
    expect(renderText(0, 'display')).toBe('0');
  });
});

describe('selectobjprint', () => {
  const render = selectobjprint({ display_name: 'name' });

  it("shows the nested object's display property, escaped", () => {
    expect(render({ id: 1, name: 'Miles & Co' }, 'display')).toBe('Miles &amp; Co');
    expect(render({ id: 2, name: PAYLOAD }, 'display')).toBe(ESCAPED_PAYLOAD);
  });

  it('shows -- for a missing relation or property, and a plain value as it is', () => {
    expect(render(null, 'display')).toBe('--');
    expect(render({ id: 1 }, 'display')).toBe('--');
    expect(render({ id: 1, name: '' }, 'display')).toBe('--');
    expect(render(7, 'display')).toBe('7');
  });

  it('reads only own properties', () => {
    expect(selectobjprint({ display_name: 'constructor' })({ id: 1 }, 'display')).toBe('--');
  });
});

describe('gt_print_list_object', () => {
  const render = gt_print_list_object('name');

  it('lists the objects by their display property, comma-separated and escaped', () => {
    expect(render([{ name: 'Jazz' }, { name: '<b>Blues</b>' }], 'display')).toBe('Jazz, &lt;b&gt;Blues&lt;/b&gt;');
  });

  it('skips items without the property and shows -- for an empty or missing list', () => {
    expect(render([{ id: 1 }, { name: 'Soul' }], 'display')).toBe('Soul');
    expect(render([], 'display')).toBe('--');
    expect(render(null, 'display')).toBe('--');
  });
});

describe('truncateTextRenderer', () => {
  it('shows short text whole', () => {
    expect(truncateTextRenderer(5)('abcde', 'display')).toBe('abcde');
  });

  it('cuts long text to maxChars characters (ellipsis included) with the full text in the tooltip', () => {
    expect(truncateTextRenderer(5)('abcdefgh', 'display')).toBe(
      '<span class="widgetlib-truncated" title="abcdefgh">abcd\u2026</span>',
    );
  });

  it('escapes both the shown part and the tooltip', () => {
    expect(truncateTextRenderer(6)('"><script>x()</script>', 'display')).toBe(
      '<span class="widgetlib-truncated" title="&quot;&gt;&lt;script&gt;x()&lt;/script&gt;">&quot;&gt;&lt;sc\u2026</span>',
    );
  });

  it('counts characters, not UTF-16 units, so no emoji is cut in half', () => {
    expect(truncateTextRenderer(3)('😀😀😀😀', 'display')).toBe(
      '<span class="widgetlib-truncated" title="😀😀😀😀">😀😀\u2026</span>',
    );
  });

  it('shows -- for a missing value and gives the raw value to sorting', () => {
    expect(truncateTextRenderer(3)(null, 'display')).toBe('--');
    expect(truncateTextRenderer(3)('abcdef', 'sort')).toBe('abcdef');
  });

  it('refuses a maxChars that is not a positive integer', () => {
    expect(() => truncateTextRenderer(0)).toThrow(RangeError);
    expect(() => truncateTextRenderer(2.5)).toThrow(RangeError);
  });
});
