import type { DataSource, ObjectLiteral } from 'typeorm';
import { escapeHtml } from '#rules/html-escape.js';
import type { HttpRequest } from '../../common/http-platform.reader.js';
import { languageText } from '../../common/messages/index.js';
import type { EditorFieldOptionsSource, EditorRelationOptions } from './editor-field-options.parser.js';

/** One choice of a form field as Editor reads it (`fields.options`, an object per choice). */
export interface EditorOption {
  label: string;
  value: string | number | boolean;
}

/** The answer's `options`: the choices of each declared form field, by Editor's field name. */
export type EditorOptions = Record<string, EditorOption[]>;

type RawOption = { wl_v: string | number; wl_l: unknown };

/**
 * Reads the choices of the form fields a resource declares (`editor.options`): a path's declared
 * `choices` in the reader's language, a relation's rows (all of them, or those of the field's `query`) by their
 * label, each list cut at its limit; labels HTML-escaped unless the field is a `select`.
 */
export class EditorFieldOptionsQuery {
  constructor(
    private readonly fields: readonly EditorFieldOptionsSource[],
    private readonly dataSource: DataSource,
  ) {}

  /** Whether any field is declared (else the answers carry no `options`). */
  get declared(): boolean {
    return this.fields.length > 0;
  }

  /** The choices for a reader of `languages` (best first): declared labels in the reader's language. */
  async read(request: HttpRequest, languages: readonly string[]): Promise<EditorOptions> {
    const lists = await Promise.all(
      this.fields.map(async ({ field, limit, escape, from }) => {
        const choices =
          'choices' in from
            ? from.choices.slice(0, limit).map(([value, label]) => ({ label: languageText(label, languages), value }))
            : await this.relationRows(from, limit, request);
        const options = choices.map(({ label, value }) => ({ label: escape ? escapeHtml(label) : label, value }));
        return [field, options] as const;
      }),
    );
    return Object.fromEntries(lists);
  }

  /** The first `limit` rows of the relation, by label then key: each key with its label as text. */
  private async relationRows(
    from: EditorRelationOptions,
    limit: number,
    request: HttpRequest,
  ): Promise<EditorOption[]> {
    const repository = this.dataSource.getRepository<ObjectLiteral>(from.target.target);
    const query = from.query ? from.query(repository, request) : repository.createQueryBuilder('wl_o');
    const column = (name: string) => `${query.escape(query.alias)}.${query.escape(name)}`;
    const [key, label] = [column(from.key.databaseName), column(from.label.databaseName)];
    const rows = await query
      .select(key, 'wl_v')
      .addSelect(label, 'wl_l')
      .distinct(true)
      .orderBy(label)
      .addOrderBy(key)
      .limit(limit)
      .getRawMany<RawOption>();
    return rows.map((row) => ({
      label: row.wl_l === null ? '' : String(row.wl_l as string | number),
      value: row.wl_v,
    }));
  }
}
