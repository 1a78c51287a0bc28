import { HELP_TEXT_MAX_DEPTH, HELP_TEXT_MAX_LENGTH } from '#rules/help-limits.js';
import type { MeasuredHelpHtml } from './help-html.sanitizer.js';

/**
 * Why sanitised `help_text` may not be stored, or `null`. The length is checked again after
 * sanitising because sanitising can grow the text (it closes every open element, writes `<br />` for
 * `<br>`), and the depth is bounded because deep trees cost every parser that reads them.
 */
export function helpTextLimitProblem({ html, depth }: MeasuredHelpHtml): string | null {
  if (depth > HELP_TEXT_MAX_DEPTH) {
    return `help_text must not nest elements more than ${HELP_TEXT_MAX_DEPTH} deep (it nests ${depth})`;
  }
  if (html.length > HELP_TEXT_MAX_LENGTH) {
    return `help_text must be shorter than or equal to ${HELP_TEXT_MAX_LENGTH} characters after sanitising (it has ${html.length})`;
  }
  return null;
}
