import type { ColumnChoice } from '../core/index.js';
import type { DataTableTexts } from '../../texts/index.js';

export interface RemoteSelectOptions {
  /** Where the choices matching the typed text come from (`?term=`); none: only `choices`. */
  url: string | undefined;
  choices: ReadonlyArray<ColumnChoice>;
  texts: Readonly<DataTableTexts>;
  /** The selection changed (by the user). */
  changed(): void;
}

/** The select2 column's control, as the filter row uses it. */
export interface RemoteSelect {
  values(): string[];
  /** Empties the control without announcing a change. */
  clear(): void;
  /** Shows `values` without announcing a change. */
  set(values: string[]): void;
  destroy(): void;
}

/** What the remote select's module (Tom Select) provides. */
export interface RemoteSelectModule {
  createRemoteSelect(select: HTMLSelectElement, options: RemoteSelectOptions): RemoteSelect;
}
