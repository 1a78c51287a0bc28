import { LRUCache } from 'lru-cache';
import type { DataSource, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { queryShape } from './query-shape.reader.js';

/** The most statement texts kept per data source; the least recently used goes first. */
export const STATEMENT_TEXTS_KEPT = 500;

/**
 * SQL texts of the list statements by {@link queryShape}, per data source. A request of a shape
 * seen before skips TypeORM's writing of the text (most of a list request's own work on a fast
 * database). The text keeps its named parameters: each request's values are bound to it by TypeORM,
 * never written into it.
 */
export class StatementTextCache {
  private readonly texts: LRUCache<string, string>;

  constructor(capacity = STATEMENT_TEXTS_KEPT) {
    this.texts = new LRUCache({ max: capacity });
  }

  get size(): number {
    return this.texts.size;
  }

  /** The texts kept, least recently used first. */
  keptTexts(): string[] {
    return [...this.texts.rvalues()].filter((text) => text !== undefined);
  }

  /** The text of `shape`, written by `write` when it is not kept. */
  text(shape: string, write: () => string): string {
    let text = this.texts.get(shape);
    if (text === undefined) this.texts.set(shape, (text = write()));
    return text;
  }
}

const caches = new WeakMap<DataSource, StatementTextCache>();
/**
 * Where a builder whose text is the cache's already keeps its shape: a property of its own rather
 * than a WeakMap entry, which the garbage collector would have to visit for each of the builders
 * every list request makes.
 */
const SHAPE = Symbol('widgetlib statement shape');
type Shaped = { [SHAPE]?: string };

/** The cache of `dataSource`'s statement texts. */
export function statementTexts(dataSource: DataSource): StatementTextCache {
  let cache = caches.get(dataSource);
  if (!cache) caches.set(dataSource, (cache = new StatementTextCache()));
  return cache;
}

/**
 * `query`, whose SQL text comes from the cache of its data source from now on: call it once the
 * builder is complete, just before it runs (a builder changed afterwards would keep the old text).
 * A builder whose shape cannot be told ({@link queryShape} null) writes its text as usual.
 */
export function withCachedText<Q extends SelectQueryBuilder<ObjectLiteral>>(query: Q): Q {
  if ((query as Shaped)[SHAPE] !== undefined) return query;
  const shape = queryShape(query);
  if (shape === null) return query;
  const text = statementTexts(query.connection).text(shape, () => query.getQuery());
  query.getQuery = () => text;
  (query as Shaped)[SHAPE] = shape;
  return query;
}

/** The shape of a builder {@link withCachedText} gave a kept text, or undefined (what follows from it may be kept too). */
export function keptShape(query: SelectQueryBuilder<ObjectLiteral>): string | undefined {
  return (query as Shaped)[SHAPE];
}
