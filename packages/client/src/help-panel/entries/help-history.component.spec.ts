import { changedFields } from './help-history.component.js';
import { DEFAULT_HELP_PANEL_TEXTS } from '../core/index.js';

const STATE = {
  id_view: 'albums:edit',
  question_name: 'year',
  language: null,
  help_title: 'Year',
  help_text: '<p>Four digits.</p>',
  version: 1,
};

describe('changedFields', () => {
  it('names the fields whose values differ, by their form labels', () => {
    const after = { ...STATE, help_title: 'Release year', language: 'es', version: 2 };
    expect(changedFields(STATE, after, DEFAULT_HELP_PANEL_TEXTS)).toEqual(['Title', 'Language']);
  });

  it('names none for a creation, a deletion or a write that changed nothing but the version', () => {
    expect(changedFields(null, STATE, DEFAULT_HELP_PANEL_TEXTS)).toEqual([]);
    expect(changedFields(STATE, null, DEFAULT_HELP_PANEL_TEXTS)).toEqual([]);
    expect(changedFields(STATE, { ...STATE, version: 2 }, DEFAULT_HELP_PANEL_TEXTS)).toEqual([]);
  });
});
