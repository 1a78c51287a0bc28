import type { ObjectLiteral } from 'typeorm';
import type { ResolvedPath, TableSql } from '../sql/index.js';
import { keysetKeys, type KeysetComparison, type KeysetKey, type KeysetPlan } from './keyset-plan.writer.js';
import type { OrderKey } from '../model/index.js';

/** Writes the SQL of keyset walks: the keys of an ordering, what a cursor reads, the rows after a position. */
export class KeysetWriter<T extends ObjectLiteral> {
  constructor(private readonly sql: TableSql<T>) {}

  /** The keys of a walk over `ordering`, the primary key last (see {@link keysetKeys}). */
  keys(ordering: readonly OrderKey[]): KeysetKey[] {
    return keysetKeys(ordering, (path) => {
      const resolved = this.sql.resolved(path);
      return { nullable: resolved.nullable, text: this.sql.isText(resolved) };
    });
  }

  /**
   * What a statement selects for the key of `resolved` at `column`, so that the value binds back
   * exactly: dates and date-times as the database's own text.
   */
  selected(column: string, resolved: ResolvedPath): string {
    const { kind } = resolved.field;
    return kind === 'date' || kind === 'datetime' ? this.sql.dialect.temporalText(column) : column;
  }

  /**
   * The condition of `plan` over `ordering`, `columns[i]` being the column of key i (the primary
   * key last), values bound.
   */
  after(plan: KeysetPlan, columns: readonly string[], ordering: readonly OrderKey[]): string {
    // Each key's value is bound once, however many comparisons read it.
    const placeholders = new Map<number, string>();
    const placeholder = (key: number, value: unknown) => {
      let bound = placeholders.get(key);
      if (bound === undefined) placeholders.set(key, (bound = this.sql.parameter(value)));
      return bound;
    };
    const write = (comparison: KeysetComparison) => this.comparison(comparison, columns, ordering, placeholder);
    const any = plan.branches.map((branch) => `(${branch.map(write).join(' AND ')})`).join(' OR ');
    return plan.bound ? `(${write(plan.bound)} AND (${any}))` : `(${any})`;
  }

  private comparison(
    comparison: KeysetComparison,
    columns: readonly string[],
    ordering: readonly OrderKey[],
    placeholder: (key: number, value: unknown) => string,
  ): string {
    const column = columns[comparison.key];
    if (column === undefined) throw new Error(`keyset comparison on key ${comparison.key}, which has no column`);
    if ('test' in comparison) return `${column} ${comparison.test === 'isNull' ? 'IS NULL' : 'IS NOT NULL'}`;
    const { dialect } = this.sql;
    const value = placeholder(comparison.key, comparison.value);
    switch (comparison.form) {
      case 'value':
        return `${column} ${comparison.operator} ${value}`;
      case 'collated': {
        // The ordering's first text key (TableSql.textKeys) of the column and of the value alike.
        const path = ordering[comparison.key]?.path;
        if (path === undefined)
          throw new Error(`keyset text comparison on key ${comparison.key}, which is no ordering path`);
        const resolved = this.sql.resolved(path);
        return `${this.sql.textKeys(column, resolved)[0]} ${comparison.operator} ${this.sql.textKeys(value, resolved)[0]}`;
      }
      case 'exact':
        return `${dialect.binary(column)} ${comparison.operator} ${value}`;
    }
  }
}
