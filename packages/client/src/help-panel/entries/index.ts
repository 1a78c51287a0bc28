export { askToDelete } from './delete-confirmation.component.js';
export { buildHelpEntryFooter } from './help-entry-footer.component.js';
export { HelpEntryForm } from './help-entry-form.component.js';
export { entryLanguageBadge, formLanguages } from './help-entry-language.checks.js';
export { HelpEntryList } from './help-entry-list.component.js';
export { toggleHelpHistory } from './help-history.component.js';
export { DeletedEntries } from './deleted-entries.component.js';
