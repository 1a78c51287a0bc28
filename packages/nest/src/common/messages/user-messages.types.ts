import type { TableRequestMessages } from './table-request-messages.types.js';
import type { ValidationMessages } from './validation-messages.types.js';

/**
 * The server's messages that reach a user (a form's 400, a conflict), by their stable `code`: each
 * a template whose `{name}` parts are the message's parameters. A catalogue requires every code, so
 * adding a message is one line per language.
 */
export interface UserMessages extends ValidationMessages, TableRequestMessages {
  'menu.help': string;
  'help.field-not-text': string;
  'help.field-empty': string;
  'help.field-too-long': string;
  'help.language-not-text': string;
  'help.language-invalid': string;
  'help.text-too-deep': string;
  'help.text-too-long-sanitised': string;
  'help.text-too-many-bytes': string;
  'help.duplicate': string;
  'help.duplicate-in-language': string;
  'resource-history.revision-not-found': string;
  'resource-history.not-restorable': string;
  'saved-views.name-required': string;
  'saved-views.state-required': string;
  'saved-views.too-many': string;
  'saved-views.not-found': string;
  'saved-views.not-owned': string;
  'saved-views.name-taken': string;
  'editor.row-not-found': string;
  'editor.outside-scope': string;
  'editor.duplicate': string;
  'editor.too-long': string;
  'editor.row-changed': string;
  'editor.version-invalid': string;
  'table.yes': string;
  'table.no': string;
  'table.totals': string;
  'trash.purge-invalid': string;
  'trash.none': string;
  'trash.no-purge': string;
  'resource.not-found': string;
  'resource.new-out-of-scope': string;
  'resource.changed-out-of-scope': string;
  'resource.duplicate': string;
  'resource.too-long': string;
  'resource.changed': string;
  'resource.unversioned': string;
  'resource.if-match-format': string;
  'resource.body-not-object': string;
  'resource.body-empty': string;
}

export type UserMessageCode = keyof UserMessages;

/**
 * A message's values: texts and numbers as they are, a message written in the reader's language, a
 * host's text per language by BCP 47 tag (`{ en: 'Album', es: 'Álbum' }`: the message's language's, else English's).
 */
export type UserMessageParams = Readonly<
  Record<string, string | number | UserMessage | Readonly<Record<string, string>>>
>;

/** One message: its code, which programs read, and the values its text names. */
export interface UserMessage {
  code: UserMessageCode;
  params?: UserMessageParams;
}
