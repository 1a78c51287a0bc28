import type { EditorFieldError } from './editor-field-errors.writer.js';

/** The answer of Editor's protocol: the rows as they now are (as the list shows them), or what stopped the submission. */
export interface EditorAnswer {
  data: Array<Record<string, unknown>>;
  fieldErrors?: EditorFieldError[];
  error?: string;
}
