import { WidgetLibError } from '../../common/errors/index.js';
import type { LanguageTexts } from '../../common/messages/index.js';

/** A `purge` query parameter that is neither `true` nor `false`. */
export class TrashPurgeValueError extends WidgetLibError {
  constructor() {
    super('invalid', { code: 'trash.purge-invalid' });
  }
}

/**
 * A trash route of a resource that has none (its entity has no `@DeleteDateColumn`), or a purge
 * its declaration does not serve (`permissions.purge` not named).
 */
export class TrashNotServedError extends WidgetLibError {
  constructor(what: 'trash' | 'purge', entity: LanguageTexts) {
    super('not-found', { code: what === 'trash' ? 'trash.none' : 'trash.no-purge', params: { entity } });
  }
}
