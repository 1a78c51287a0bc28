export { ColumnControlParser } from './column-control.parser.js';
export { readColumnControlLists } from './column-control-lists.parser.js';
export { readColumnControlOptions, type ColumnControlOptions } from './column-control-options.query.js';
export { columnControlAnswer } from './column-control-options.writer.js';
