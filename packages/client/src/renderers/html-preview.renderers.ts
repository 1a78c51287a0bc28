import { checkMaxChars, emptyHtml, truncatedHtml } from './value.renderers.js';
import { isDisplay, isMissing, type RenderFunction } from './render.types.js';

/** Elements after which the words of the next one start a new word, not glued to the last one. */
const WORD_BREAKING =
  'address,article,blockquote,br,dd,div,dt,figcaption,h1,h2,h3,h4,h5,h6,hr,li,p,pre,section,td,th,tr';

/**
 * The words of an HTML fragment as plain text, white space collapsed. The fragment is parsed into an
 * inert document (`DOMParser`: no script runs, no image or other resource is fetched) and only its
 * text is read, so markup never reaches the page.
 */
export function htmlToPlainText(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  for (const element of body.querySelectorAll(WORD_BREAKING)) element.after(' ');
  return (body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * Rich text (HTML, such as a help entry's `help_text`) as a short plain-text preview: its words
 * only, escaped, cut to `maxChars` characters with an ellipsis and the whole text in a tooltip.
 * Searching and sorting see the same plain text.
 */
export function htmlPreviewRenderer(maxChars: number): RenderFunction {
  checkMaxChars('htmlPreviewRenderer', maxChars);
  return (data, type) => {
    if (isMissing(data)) return isDisplay(type) ? emptyHtml() : '';
    const text = htmlToPlainText(String(data));
    if (!isDisplay(type)) return text;
    return text === '' ? emptyHtml() : truncatedHtml(text, maxChars);
  };
}
