/** Most entries one import file may have, unless the module (`helpImport.maxEntries`) or the command says otherwise. */
export const DEFAULT_HELP_IMPORT_MAX_ENTRIES = 2_000;

/** Entries an import checks and sanitises between two turns of the event loop. */
export const HELP_IMPORT_CHUNK_SIZE = 25;
