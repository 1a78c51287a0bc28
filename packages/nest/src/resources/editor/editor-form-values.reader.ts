type Fields = Record<string, unknown>;

const SCALARS = new Set<unknown>([String, Number, Boolean, Date, Object, Array]);

function designType(dto: object, property: string): unknown {
  const reflect = Reflect as unknown as { getMetadata?(key: string, target: object, property: string): unknown };
  return reflect.getMetadata?.('design:type', dto, property);
}

/** A form's text as the value of a property declared `type`; a text it cannot read stays as sent. */
function typedText(text: string, type: unknown): unknown {
  if (type === Number) {
    if (text.trim() === '') return null;
    const number = Number(text);
    return Number.isFinite(number) ? number : text;
  }
  if (type === Boolean) {
    if (text === '') return null;
    if (text === 'true' || text === '1') return true;
    if (text === 'false' || text === '0') return false;
  }
  return text;
}

/**
 * A row's fields as a form sends them (every value a text) with the texts of number and boolean
 * properties of the DTO read as such (`''`: null, the empty input), nested DTO classes followed;
 * the DTO's validation then judges them as it judges JSON. Other values stay as sent.
 */
export function typedFormValues(dto: abstract new (...args: never[]) => unknown, values: Fields): Fields {
  const out: Fields = {};
  for (const [name, value] of Object.entries(values)) {
    const type = designType(dto.prototype as object, name);
    if (typeof value === 'string') out[name] = typedText(value, type);
    else if (
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      typeof type === 'function' &&
      !SCALARS.has(type)
    ) {
      out[name] = typedFormValues(type as abstract new () => unknown, value as Fields);
    } else out[name] = value;
  }
  return out;
}
