/** Whether a handler's result looks like an envelope it built itself (rather than a base query). */
export function looksLikeEnvelope(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    ['data', 'recordsTotal', 'recordsFiltered', 'draw'].some((member) => member in value)
  );
}

function isCount(value: unknown): boolean {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/**
 * What is wrong with an envelope a handler built itself (the spec's list serializer rule: `data`,
 * `recordsTotal`, `recordsFiltered` and `draw` must all be present and well typed); empty when nothing.
 */
export function envelopeProblems(envelope: Record<string, unknown>): string[] {
  const problems: string[] = [];
  if (!Array.isArray(envelope.data)) problems.push(`data must be an array, got ${describe(envelope.data)}`);
  else if (!envelope.data.every((row) => typeof row === 'object' && row !== null && !Array.isArray(row))) {
    problems.push('data must hold row objects');
  }
  for (const member of ['recordsTotal', 'recordsFiltered', 'draw'] as const) {
    if (!isCount(envelope[member]))
      problems.push(`${member} must be an integer >= 0, got ${describe(envelope[member])}`);
  }
  return problems;
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return typeof value === 'string'
    ? `the string ${JSON.stringify(value.slice(0, 40))}`
    : `${typeof value} ${String(value)}`;
}
