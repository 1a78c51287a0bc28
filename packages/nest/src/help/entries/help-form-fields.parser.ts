/** What the original help form (djgentelella's `helper_widget.js`) does with a body: create or edit an entry. */
export type HelpFormAction = 'add' | 'edit';

/** The fields of the original help form that are not the entry's: its action and the entry's id. */
export const HELP_FORM_FIELDS = ['ftype', 'pk'] as const;

function asText(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/**
 * The body without the original help form's own fields (`ftype`, `pk`), and the problems with them:
 * `ftype` must name the action of the route (`add` for a create, `edit` for an edit), and `pk` on
 * an edit must be the id of the path (on a create it is ignored, as the form may leave it filled in);
 * an empty `pk` counts as absent. A body that is not an object is left to the validation.
 */
export function withoutHelpFormFields(
  body: unknown,
  action: HelpFormAction,
  pathId: string | undefined,
): { body: unknown; problems: string[] } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { body, problems: [] };
  const { ftype, pk, ...fields } = body as Record<string, unknown>;
  const problems: string[] = [];
  if (ftype !== undefined && asText(ftype) !== action) {
    problems.push(`ftype must be ${action} for this request, got ${JSON.stringify(ftype)}`);
  }
  const pkText = asText(pk);
  if (pk !== undefined && pkText === undefined) {
    problems.push('pk must be a text or a number');
  } else if (action === 'edit' && pkText && pkText !== pathId) {
    problems.push(`pk must equal the id in the path (${String(pathId)}), got ${JSON.stringify(pk)}`);
  }
  return { body: fields, problems };
}
