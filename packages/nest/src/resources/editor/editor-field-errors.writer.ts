import type { ValidationError } from 'class-validator';
import { userMessageText, validationMessage } from '../../common/messages/index.js';

/** One entry of Editor's `fieldErrors`: the field's name as the form names it, and what is wrong. */
export interface EditorFieldError {
  name: string;
  status: string;
  /** The key the row was sent under (its id for an edit, Editor's index for a create). */
  id: string;
}

/** `publisher` + `id` -> `publisher.id`; the items of a list as Editor names them, `tags[].id`. */
function childName(parent: string, property: string): string {
  if (/^[0-9]+$/.test(property)) return `${parent}[]`;
  return parent === '' ? property : `${parent}.${property}`;
}

/**
 * class-validator's errors of one row as Editor's `fieldErrors`: each failing field once, by the
 * path of its property (nested objects joined with dots, list items as `[]`, as Editor names the
 * fields of a relation: `publisher.id`, `tags[].id`), with the first message of its constraints.
 * `only` keeps the fields whose top-level property it lists (an edit that sent some fields).
 */
export function editorFieldErrors(
  errors: readonly ValidationError[],
  rowKey: string,
  only?: ReadonlySet<string>,
  language = 'en',
): EditorFieldError[] {
  const out = new Map<string, EditorFieldError>();
  const visit = (error: ValidationError, parent: string): void => {
    const name = childName(parent, error.property);
    const [constraint, text] = Object.entries(error.constraints ?? {})[0] ?? [];
    if (constraint !== undefined && text !== undefined && !out.has(name)) {
      const message = validationMessage(constraint, text);
      const status = typeof message === 'string' ? message : userMessageText(message, language);
      out.set(name, { name, status, id: rowKey });
    }
    for (const child of error.children ?? []) visit(child, name);
  };
  for (const error of errors) {
    if (!only || only.has(error.property)) visit(error, '');
  }
  return [...out.values()];
}
