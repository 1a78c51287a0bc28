export { envelopeProblems, looksLikeEnvelope } from './envelope.checks.js';
export { rowDateFields, serializeRow, type RowDateFields } from './row.writer.js';
