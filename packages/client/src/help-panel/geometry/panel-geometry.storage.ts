import { parseStoredGeometry, type PanelGeometry } from './panel-geometry.checks.js';

/** Remembers the panel's geometry; storage that is absent or refuses (private mode, quota) is ignored. */
export class PanelGeometryStore {
  constructor(
    private readonly storage: Storage | null,
    private readonly key: string,
  ) {}

  load(): PanelGeometry | null {
    try {
      return parseStoredGeometry(this.storage?.getItem(this.key) ?? null);
    } catch {
      return null;
    }
  }

  save(geometry: PanelGeometry): void {
    try {
      this.storage?.setItem(this.key, JSON.stringify(geometry));
    } catch {
      // Remembering the position is a convenience; the panel works without it.
    }
  }
}

/** `localStorage`, or `null` where reading it throws (sandboxed frames, disabled storage). */
export function defaultStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
