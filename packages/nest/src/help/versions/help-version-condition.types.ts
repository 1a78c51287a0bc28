import type { VersionCondition } from '../../common/versions/index.js';

/** What an `If-Match` header asks of a help entry's version (the common `VersionCondition`). */
export type HelpVersionCondition = VersionCondition;
