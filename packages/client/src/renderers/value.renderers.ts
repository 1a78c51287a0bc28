import { escapeHtml } from '../escape.js';
import { dataTableTexts } from '../texts/index.js';
import { isDisplay, isMissing, type RenderFunction } from './render.types.js';

/** The empty text (`--` by default), escaped. */
export function emptyHtml(): string {
  return escapeHtml(dataTableTexts().empty);
}

/** `true`, `false`, or `null` when the value is not a boolean (the server may send `1`/`0` or `"true"`). */
export function booleanOf(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === '1' || value === 'true') return true;
  if (value === 0 || value === '0' || value === 'false') return false;
  return null;
}

/** A boolean as a check mark with Yes, or a cross with No; anything else as the empty text. */
export const yesnoprint: RenderFunction = (data, type) => {
  if (!isDisplay(type)) return data;
  const value = booleanOf(data);
  if (value === null) return emptyHtml();
  const texts = dataTableTexts();
  const [state, mark, word] = value ? ['yes', texts.yesMark, texts.yes] : ['no', texts.noMark, texts.no];
  return (
    `<span class="widgetlib-bool widgetlib-bool-${state}">` +
    `<span class="widgetlib-bool-mark" aria-hidden="true">${escapeHtml(mark)}</span> ${escapeHtml(word)}</span>`
  );
};

/** The same as `yesnoprint`. */
export const objShowBool: RenderFunction = yesnoprint;

/** The value as text; `--` for null, undefined and the empty string only (`0` and `false` are values). */
export const emptyprint: RenderFunction = (data, type) => {
  if (!isDisplay(type)) return data;
  return isMissing(data) ? emptyHtml() : escapeHtml(data);
};

/** The `display_name` property of a nested object (a single relation), `--` when there is none. */
export function selectobjprint(config: { display_name: string }): RenderFunction {
  const property = config.display_name;
  return (data, type) => {
    if (!isDisplay(type)) return data;
    const shown = propertyOf(data, property);
    return isMissing(shown) ? emptyHtml() : escapeHtml(shown);
  };
}

/** A list of nested objects (a to-many relation) by their `display_name` property, comma-separated. */
export function gt_print_list_object(display_name: string): RenderFunction {
  return (data, type) => {
    if (!isDisplay(type)) return data;
    const names = (Array.isArray(data) ? data : [])
      .map((item: unknown) => propertyOf(item, display_name))
      .filter((name) => !isMissing(name));
    return names.length === 0 ? emptyHtml() : names.map((name) => escapeHtml(name)).join(', ');
  };
}

/**
 * Text cut to at most `maxChars` characters (the last one an ellipsis) with the full text in a
 * tooltip; shorter text is shown whole.
 */
export function truncateTextRenderer(maxChars: number): RenderFunction {
  checkMaxChars('truncateTextRenderer', maxChars);
  return (data, type) => {
    if (!isDisplay(type)) return data;
    return isMissing(data) ? emptyHtml() : truncatedHtml(String(data), maxChars);
  };
}

/** `text` escaped, cut to `maxChars` characters with an ellipsis and the whole text in a tooltip. */
export function truncatedHtml(text: string, maxChars: number): string {
  const characters = Array.from(text);
  if (characters.length <= maxChars) return escapeHtml(text);
  const shown = `${characters.slice(0, maxChars - 1).join('')}\u2026`;
  return `<span class="widgetlib-truncated" title="${escapeHtml(text)}">${escapeHtml(shown)}</span>`;
}

/** A `RangeError` naming the renderer unless `maxChars` is a positive integer. */
export function checkMaxChars(renderer: string, maxChars: number): void {
  if (!Number.isInteger(maxChars) || maxChars < 1) {
    throw new RangeError(`${renderer}(maxChars): maxChars must be a positive integer, got ${String(maxChars)}`);
  }
}

/** A nested object's property, or a plain value as it is (a relation sent as its id or name). */
function propertyOf(value: unknown, property: string): unknown {
  if (value === null || typeof value !== 'object') return value;
  return Object.hasOwn(value, property) ? (value as Record<string, unknown>)[property] : undefined;
}

/**
 * The value as escaped text, nothing for a missing value: what `createDataTable` gives a column without
 * a render function, since DataTables writes a cell's data into the page as HTML.
 */
export const renderText: RenderFunction = (data, type) => {
  if (!isDisplay(type)) return data;
  return isMissing(data) ? '' : escapeHtml(data);
};
