import { escapeHtml, safeUrl } from '../escape.js';
import { dataTableTexts } from '../texts/index.js';
import { isDisplay, isMissing, type RenderFunction } from './render.types.js';
import { emptyHtml } from './value.renderers.js';

/** A link object as `objshowlink` reads it. */
export interface LinkObject {
  /** The target; `href` is read when `url` is absent. Only http, https, mailto and relative URLs are linked. */
  url?: string;
  href?: string;
  /** The visible text; `text` is read when absent; the `show` text when both are absent. */
  display_name?: string | number;
  text?: string | number;
  /** `_blank` opens a new tab (with `rel="noopener noreferrer"`); other values are ignored. */
  target?: string;
  /** Offers the target as a download (`true`, or the suggested file name). */
  download?: boolean | string;
}

function linkHtml(url: string, label: string, classes: string, extra = ''): string {
  return `<a class="${classes}" href="${escapeHtml(url)}"${extra}>${escapeHtml(label)}</a>`;
}

/** A URL as a link button labelled with the `show` text; an unsafe or missing URL as the empty text. */
export const showlink: RenderFunction = (data, type) => {
  if (!isDisplay(type)) return data;
  const url = safeUrl(data);
  return url === null ? emptyHtml() : linkHtml(url, dataTableTexts().show, 'widgetlib-link-button');
};

/** A URL as a download button labelled with the `download` text; an unsafe or missing URL as the empty text. */
export const downloadlink: RenderFunction = (data, type) => {
  if (!isDisplay(type)) return data;
  const url = safeUrl(data);
  return url === null
    ? emptyHtml()
    : linkHtml(url, dataTableTexts().download, 'widgetlib-link-button widgetlib-download', ' download');
};

/**
 * A link object (`{ url, display_name, target, download }`) as a link. An unsafe URL gives its text
 * without a link; a missing object the empty text.
 */
export const objshowlink: RenderFunction = (data, type) => {
  if (!isDisplay(type)) return data;
  if (data === null || typeof data !== 'object' || Array.isArray(data))
    return isMissing(data) ? emptyHtml() : escapeHtml(data);
  const link = data as LinkObject;
  const label = firstPresent(link.display_name, link.text);
  const url = safeUrl(link.url ?? link.href);
  if (url === null) return label === null ? emptyHtml() : escapeHtml(label);
  let extra = '';
  if (link.target === '_blank') extra += ' target="_blank" rel="noopener noreferrer"';
  if (link.download === true) extra += ' download';
  else if (typeof link.download === 'string' && link.download !== '')
    extra += ` download="${escapeHtml(link.download)}"`;
  return linkHtml(url, label ?? dataTableTexts().show, 'widgetlib-link', extra);
};

function firstPresent(...values: unknown[]): string | null {
  const value = values.find(
    (candidate) => !isMissing(candidate) && (typeof candidate === 'string' || typeof candidate === 'number'),
  );
  return value === undefined ? null : String(value);
}
