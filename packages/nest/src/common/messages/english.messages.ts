import { ENGLISH_TABLE_REQUEST_MESSAGES } from './english-table-request.messages.js';
import { ENGLISH_VALIDATION_MESSAGES } from './english-validation.messages.js';
import { IF_MATCH_FORMAT } from '../versions/version-condition.parser.js';
import type { UserMessages } from './user-messages.types.js';

export const ENGLISH_MESSAGES: UserMessages = {
  ...ENGLISH_TABLE_REQUEST_MESSAGES,
  ...ENGLISH_VALIDATION_MESSAGES,
  'menu.help': 'Help',
  'help.field-not-text': '{field} must be a string',
  'help.field-empty': '{field} should not be empty',
  'help.field-too-long': '{field} must be shorter than or equal to {max} characters',
  'help.language-not-text': 'language must be a string or null',
  'help.language-invalid':
    'language must be null or a BCP 47 language tag such as "es" or "es-CR", at most {max} characters',
  'help.text-too-deep': 'help_text must not nest elements more than {max} deep (it nests {depth})',
  'help.text-too-long-sanitised':
    'help_text must be shorter than or equal to {max} characters after sanitising (it has {length})',
  'help.text-too-many-bytes': 'help_text is too long: this database stores at most {max} bytes of UTF-8',
  'help.duplicate': 'A help entry for id_view "{view}" and question_name "{field}" already exists',
  'help.duplicate-in-language':
    'A help entry for id_view "{view}" and question_name "{field}" in language "{language}" already exists',
  'resource-history.revision-not-found': 'Revision {revision} is not in the history of {entity} {id}',
  'resource-history.not-restorable': 'Revision {revision} cannot be restored: {problems}',
  'saved-views.name-required': 'name is required',
  'saved-views.state-required': 'state is required',
  'saved-views.too-many': 'at most {max} saved views per table and user',
  'saved-views.not-found': 'No saved view {id}',
  'saved-views.not-owned': 'Saved view {id} is shared by {owner}: only its owner changes it',
  'saved-views.name-taken': 'You already have a saved view named {name}',
  'editor.row-not-found': 'Row {id} does not exist, or is not one you may change',
  'editor.outside-scope': 'The row would be outside the rows you may change',
  'editor.duplicate': 'This row would duplicate an existing one',
  'editor.too-long': 'A value is too long for its column',
  'editor.row-changed': 'Row {id} was changed by someone else; reload it',
  'editor.version-invalid': "{field} must be the row's version, a whole number",
  'table.yes': 'Yes',
  'table.no': 'No',
  'table.totals': 'Totals',
  'trash.purge-invalid': 'purge must be true or false',
  'trash.none': '{entity} has no trash: its records are deleted for good',
  'trash.no-purge': 'This resource does not delete {entity} records for good',
  'resource.not-found': '{entity} {id} does not exist',
  'resource.new-out-of-scope': 'The new {entity} would be outside the records this resource gives you',
  'resource.changed-out-of-scope': 'The changed {entity} would be outside the records this resource gives you',
  'resource.duplicate': 'This {entity} would duplicate an existing one',
  'resource.too-long': 'A value is too long for its column',
  'resource.changed': '{entity} {id} has changed: it is at version {version} now',
  'resource.unversioned': 'If-Match names versions, but {entity} has no version column: send If-Match: * or none',
  'resource.if-match-format': IF_MATCH_FORMAT,
  'resource.body-not-object': 'The body must be a JSON object of the fields to change',
  'resource.body-empty': 'The body names no field to change',
};
