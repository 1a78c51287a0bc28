/**
 * A write of help entries by criteria (`update()` or `delete()` of a repository, an entity manager
 * or a query builder): TypeORM does not tell which entries it changes, so it could be neither
 * checked nor recorded, and it is refused before it runs. A mistake of the code that makes it.
 */
export class HelpCriteriaWriteError extends Error {
  constructor(operation: 'update' | 'delete') {
    super(
      `widgetlib refuses to ${operation} help entries by criteria: load them and ${operation === 'update' ? 'save()' : 'remove()'} ` +
        'each entity (or use HelpService), so that every write is checked against the help limits and the ' +
        "entry's version and recorded in its history",
    );
    this.name = 'HelpCriteriaWriteError';
  }
}
