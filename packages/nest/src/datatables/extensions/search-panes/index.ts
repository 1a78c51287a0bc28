export { PaneOptionsQuery, type PaneOptions, type RawOption } from './search-panes.query.js';
export { optionValue, searchPanesAnswer } from './search-panes.writer.js';
export { parseSearchPanes } from './search-panes.parser.js';
