import { WidgetLibError } from '../common/errors/index.js';
import type { UserMessage } from '../common/messages/index.js';

/** A state a saved view cannot keep: one message per problem, each naming its place in the state. */
export class SavedStateError extends WidgetLibError {
  constructor(readonly problems: string[]) {
    super('invalid', problems);
  }
}

/** A write the saved views refuse: a field missing, or the user's views of the table at their limit. */
export class SavedViewRequestError extends WidgetLibError {
  constructor(message: string | UserMessage) {
    super('invalid', message);
  }
}

/** No view of that id the user may see (another user's private view included). */
export class SavedViewNotFoundError extends WidgetLibError {
  constructor(id: number) {
    super('not-found', { code: 'saved-views.not-found', params: { id } });
  }
}

/** A change to a view another user shares: only its owner changes it. */
export class SavedViewNotOwnedError extends WidgetLibError {
  constructor(id: number, owner: string) {
    super('forbidden', { code: 'saved-views.not-owned', params: { id, owner } });
  }
}

/** A second view of one name for one user and table (names compare as {@link sameViewName} does). */
export class SavedViewNameTakenError extends WidgetLibError {
  constructor(name: string) {
    super('conflict', { code: 'saved-views.name-taken', params: { name: JSON.stringify(name) } }, { name });
  }
}
