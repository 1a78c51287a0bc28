const SCRIPT_JSON_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON safe inside a `<script>` element (`type="application/json"` or JavaScript): `<`, `>`, `&`,
 * U+2028 and U+2029 are written as `\u` escapes, so no `</script>`, `<!--` or line terminator can
 * end the element or a statement early, and `JSON.parse` gives the value back.
 */
export function jsonForScript(value: unknown): string {
  const json = JSON.stringify(value);
  if (json === undefined) throw new TypeError('jsonForScript: the value has no JSON form');
  return json.replace(/[<>&\u2028\u2029]/g, (character) => SCRIPT_JSON_ESCAPES[character]!);
}
