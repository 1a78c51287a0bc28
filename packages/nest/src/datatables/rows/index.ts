export { envelopeProblems, looksLikeEnvelope } from './envelope.checks.js';
export { serializeRow, type RowDateFields } from './row.writer.js';
