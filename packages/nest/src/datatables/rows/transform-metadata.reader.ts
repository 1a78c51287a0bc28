import { Exclude } from 'class-transformer';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage.js';

type Constructor = abstract new (...args: never[]) => unknown;

/** The maps in which class-transformer 0.5 keeps each kind of decorator's metadata, by class. */
const METADATA_MAPS = ['_typeMetadatas', '_transformMetadatas', '_exposeMetadatas', '_excludeMetadatas'] as const;

function metadataMaps(): ReadonlyArray<Map<unknown, unknown>> | null {
  const storage = defaultMetadataStorage as unknown as Record<(typeof METADATA_MAPS)[number], unknown>;
  const maps = METADATA_MAPS.map((name) => storage[name]);
  if (!maps.every((map): map is Map<unknown, unknown> => map instanceof Map)) return null;
  // A bundler can resolve `class-transformer` to another build than this deep import: then the
  // decorators write elsewhere, and nothing can be known here.
  class Probe {}
  Exclude()(Probe.prototype, 'probe');
  return defaultMetadataStorage.findExcludeMetadata(Probe, 'probe') ? maps : null;
}

let maps: ReadonlyArray<Map<unknown, unknown>> | null | undefined;
const undecorated = new WeakMap<Constructor, boolean>();

/**
 * Whether no class-transformer decorator (`@Exclude`, `@Expose`, `@Transform`, `@Type`) applies to
 * instances of `target`, on it or on a parent class; false whenever that cannot be known.
 */
export function hasNoTransformMetadata(target: Constructor): boolean {
  let known = undecorated.get(target);
  if (known === undefined) {
    if (maps === undefined) maps = metadataMaps();
    const classes: unknown[] = [];
    for (let each: unknown = target; typeof each === 'function' && each !== Function.prototype;) {
      classes.push(each);
      each = Object.getPrototypeOf(each);
    }
    known = maps !== null && maps.every((map) => classes.every((each) => !map.has(each)));
    undecorated.set(target, known);
  }
  return known;
}
