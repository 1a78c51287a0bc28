import type { HttpRequest } from '../../common/http-platform.reader.js';

/**
 * The messages the Editor route puts in its answer's `error`, which Editor shows in its form.
 * `{id}` is replaced by the row's id. Field messages are the DTO's own (class-validator's `message`).
 */
export interface ResourceEditorTexts {
  /** A row to edit, remove or refresh that does not exist or is outside the resource's scope. */
  rowNotFound: string;
  /** A create or an edit that would leave its row outside the resource's scope. */
  outsideScope: string;
  /** A write that would break a unique constraint. */
  duplicate: string;
  /** A value longer than its column holds. */
  tooLong: string;
}

export const DEFAULT_EDITOR_TEXTS: ResourceEditorTexts = {
  rowNotFound: 'Row {id} does not exist, or is not one you may change',
  outsideScope: 'The row would be outside the rows you may change',
  duplicate: 'This row would duplicate an existing one',
  tooLong: 'A value is too long for its column',
};

/** `editor: true`, or its options. */
export interface ResourceEditorOptions {
  /** The messages in the request's language: an object, or a function of the request. */
  texts?:
    | Partial<ResourceEditorTexts>
    | ((request: HttpRequest) => Partial<ResourceEditorTexts> | Promise<Partial<ResourceEditorTexts>>);
}

/** The texts of a request: the declaration's, over the English defaults. */
export async function editorTexts(
  options: true | ResourceEditorOptions,
  request: HttpRequest,
): Promise<ResourceEditorTexts> {
  const texts = options === true ? undefined : options.texts;
  const given = typeof texts === 'function' ? await texts(request) : texts;
  return { ...DEFAULT_EDITOR_TEXTS, ...given };
}
