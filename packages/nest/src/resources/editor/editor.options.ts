import type { HttpRequest } from '../../common/http-platform.reader.js';
import { userMessageText } from '../../common/messages/index.js';

/**
 * The messages the Editor route puts in its answer's `error`, which Editor shows in its form.
 * `{id}` is replaced by the row's id (`rowNotFound`, `rowChanged`). By default the server catalogue's, in the request's language;
 * field messages are class-validator's, in the request's language too, or the DTO's own `message`.
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
  /**
   * A row to edit that sent its version field (the entity's `@VersionColumn`) while it is stored at
   * another version: someone else changed it since the form read it.
   */
  rowChanged: string;
}

/** The server catalogue's texts in `language` (README, Languages): `editor.row-not-found` and the rest. */
function catalogueTexts(language: string): ResourceEditorTexts {
  return {
    rowNotFound: userMessageText({ code: 'editor.row-not-found', params: { id: '{id}' } }, language),
    outsideScope: userMessageText({ code: 'editor.outside-scope' }, language),
    duplicate: userMessageText({ code: 'editor.duplicate' }, language),
    tooLong: userMessageText({ code: 'editor.too-long' }, language),
    rowChanged: userMessageText({ code: 'editor.row-changed', params: { id: '{id}' } }, language),
  };
}

/** `editor: true`, or its options. */
export interface ResourceEditorOptions {
  /** The messages in the request's language: an object, or a function of the request. */
  texts?:
    | Partial<ResourceEditorTexts>
    | ((request: HttpRequest) => Partial<ResourceEditorTexts> | Promise<Partial<ResourceEditorTexts>>);
}

/** The texts of a request: the declaration's, over the server catalogue's in the request's `language`. */
export async function editorTexts(
  options: true | ResourceEditorOptions,
  request: HttpRequest,
  language: string,
): Promise<ResourceEditorTexts> {
  const texts = options === true ? undefined : options.texts;
  const given = typeof texts === 'function' ? await texts(request) : texts;
  return { ...catalogueTexts(language), ...given };
}
