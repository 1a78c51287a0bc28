import type { EditorFieldError } from './editor-field-errors.writer.js';
import type { EditorOptions } from './editor-field-options.query.js';

/** The answer of Editor's protocol: the rows as they now are (as the list shows them), or what stopped the submission. */
export interface EditorAnswer {
  data: Array<Record<string, unknown>>;
  fieldErrors?: EditorFieldError[];
  error?: string;
  /** The choices of the form's declared fields (`editor.options`), for a user who may create or update. */
  options?: EditorOptions;
}
