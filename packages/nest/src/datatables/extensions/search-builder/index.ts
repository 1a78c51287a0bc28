export { SearchBuilderParser } from './search-builder.parser.js';
