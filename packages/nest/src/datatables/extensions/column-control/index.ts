export { ColumnControlParser } from './column-control.parser.js';
