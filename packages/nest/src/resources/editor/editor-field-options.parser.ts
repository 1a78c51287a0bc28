import type { EntityMetadata, ObjectLiteral, Repository, SelectQueryBuilder } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata.js';
import type { HttpRequest } from '../../common/http-platform.reader.js';
import { resolveFieldPath } from '../../datatables/internal.js';
import type { DataTableChoice, DataTableChoices } from '../../datatables/index.js';
import type { ResourceEditorFieldOptions } from './editor.options.js';

/** The options one form field is answered when none is declared, and the most it may declare. */
export const DEFAULT_EDITOR_OPTIONS_LIMIT = 1000;
export const MAX_EDITOR_OPTIONS_LIMIT = 10_000;

/** The related rows of a field's options: their entity, primary key and label column. */
export interface EditorRelationOptions {
  target: EntityMetadata;
  key: ColumnMetadata;
  label: ColumnMetadata;
  query?(repository: Repository<ObjectLiteral>, request: HttpRequest): SelectQueryBuilder<ObjectLiteral>;
}

/** One form field whose options the answers carry, checked against the entity. */
export interface EditorFieldOptionsSource {
  /** Editor's name of the field (`publisher.id`). */
  field: string;
  limit: number;
  /** Whether its labels are HTML-escaped (every field type but `select`, which writes them as text). */
  escape: boolean;
  /** The declared `choices` of its path (labels per language where declared so), or the rows of the relation it crosses. */
  from: { choices: readonly DataTableChoice[] } | EditorRelationOptions;
}

function sourceOf(
  name: string,
  declared: ResourceEditorFieldOptions,
  choices: DataTableChoices | undefined,
  metadata: EntityMetadata,
): EditorFieldOptionsSource | string {
  const given = typeof declared === 'string' ? { path: declared } : declared;
  if (typeof given !== 'object' || given === null || typeof given.path !== 'string') {
    return `editor.options.${name} must be a path or { path, limit?, type?, query? }`;
  }
  const { path, limit = DEFAULT_EDITOR_OPTIONS_LIMIT, type, query } = given;
  if (!(Number.isSafeInteger(limit) && limit >= 1 && limit <= MAX_EDITOR_OPTIONS_LIMIT)) {
    return `editor.options.${name}.limit must be an integer from 1 to ${MAX_EDITOR_OPTIONS_LIMIT}`;
  }
  if (type !== undefined && !['select', 'radio', 'checkbox'].includes(type)) {
    return `editor.options.${name}.type must be select, radio or checkbox`;
  }
  const field = { field: name, limit, escape: type !== 'select' };
  const declaredChoices = choices?.[path];
  if (declaredChoices) {
    if (query) return `editor.options.${name}: ${path} has declared choices, which a query does not read`;
    return { ...field, from: { choices: declaredChoices } };
  }
  let resolved;
  try {
    resolved = resolveFieldPath(metadata, path);
  } catch (error) {
    return `editor.options.${name}: ${(error as Error).message}`;
  }
  const [relation, ...further] = resolved.relations;
  if (!relation || further.length > 0 || resolved.toMany) {
    return `editor.options.${name}: ${path} needs choices declared in dataTable, or to cross one to-one relation to the column labelling its rows`;
  }
  if (resolved.hidden) return `editor.options.${name}: ${path} reaches a hidden column`;
  const target = relation.inverseEntityMetadata;
  const key = target.primaryColumns[0]!;
  return { ...field, from: { target, key, label: resolved.column, ...(query ? { query } : {}) } };
}

/**
 * The form fields of `editor.options` with where their options come from, or the mistakes in
 * them: a path with neither declared choices nor one to-one relation crossed, a hidden label, a
 * limit out of range, an unknown field type.
 */
export function parseEditorFieldOptions(
  declared: Record<string, ResourceEditorFieldOptions> | undefined,
  choices: DataTableChoices | undefined,
  metadata: EntityMetadata,
): { fields: EditorFieldOptionsSource[]; problems: string[] } {
  if (declared === undefined) return { fields: [], problems: [] };
  if (typeof declared !== 'object' || declared === null || Array.isArray(declared)) {
    return { fields: [], problems: ['editor.options must be an object { <field>: <path> | { path, ... } }'] };
  }
  const fields: EditorFieldOptionsSource[] = [];
  const problems: string[] = [];
  for (const [name, field] of Object.entries(declared)) {
    const source = sourceOf(name, field, choices, metadata);
    if (typeof source === 'string') problems.push(source);
    else fields.push(source);
  }
  return { fields, problems };
}
