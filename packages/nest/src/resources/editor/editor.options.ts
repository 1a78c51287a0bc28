import type { ObjectLiteral, Repository, SelectQueryBuilder } from 'typeorm';
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

/**
 * Where the choices of one form field come from (`ResourceEditorOptions.options`): `path`, a path
 * of the list (`format`, `publisher__name`) that either has `choices` declared in the list's
 * `dataTable` (its values and labels, in their declared order) or crosses one to-one relation to a
 * column of the related entity: every row of that entity (or of `query`), its primary key as the
 * value and that column as the label, ordered by the label. A string is the path alone.
 */
export type ResourceEditorFieldOptions =
  | string
  | {
      path: string;
      /** The most options answered (default 1000, at most 10 000): the first ones in order. */
      limit?: number;
      /**
       * The Editor field type that shows them: `select` writes its labels as text, so they are
       * answered as they are; any other (`radio`, `checkbox`, which write them as HTML, and the
       * default) gets them HTML-escaped, as SearchPanes' labels are.
       */
      type?: 'select' | 'radio' | 'checkbox';
      /** A relation's rows to offer (default: all of them), e.g. those of the user's tenant. */
      query?(repository: Repository<ObjectLiteral>, request: HttpRequest): SelectQueryBuilder<ObjectLiteral>;
    };

/** `editor: true`, or its options. */
export interface ResourceEditorOptions {
  /**
   * The choices of the form's select, radio and checkbox fields, by Editor's field name
   * (`format`, `publisher.id`): answered as `options: { <field>: [{ label, value }] }` in the
   * answers of create, edit and remove and in the list's answer, from which Editor updates its
   * fields; only to a user who may create or update, and only for the fields named here.
   */
  options?: Record<string, ResourceEditorFieldOptions>;
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
