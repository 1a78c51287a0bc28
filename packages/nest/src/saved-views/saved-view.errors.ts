import { WidgetLibError } from '../common/errors/index.js';

/** A state a saved view cannot keep: one message per problem, each naming its place in the state. */
export class SavedStateError extends WidgetLibError {
  constructor(readonly problems: string[]) {
    super('invalid', problems);
  }
}

/** A write the saved views refuse: a field missing, or the user's views of the table at their limit. */
export class SavedViewRequestError extends WidgetLibError {
  constructor(message: string) {
    super('invalid', message);
  }
}

/** No view of that id the user may see (another user's private view included). */
export class SavedViewNotFoundError extends WidgetLibError {
  constructor(id: number) {
    super('not-found', `No saved view ${id}`);
  }
}

/** A change to a view another user shares: only its owner changes it. */
export class SavedViewNotOwnedError extends WidgetLibError {
  constructor(id: number, owner: string) {
    super('forbidden', `Saved view ${id} is shared by ${owner}: only its owner changes it`);
  }
}

/** A second view of one name for one user and table (names compare as {@link sameViewName} does). */
export class SavedViewNameTakenError extends WidgetLibError {
  constructor(name: string) {
    super('conflict', `You already have a saved view named ${JSON.stringify(name)}`, { name });
  }
}
