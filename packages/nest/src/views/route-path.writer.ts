/** A value for a route parameter; an array fills a wildcard (`*path`) segment by segment. */
export type RouteParamValue = string | number | ReadonlyArray<string | number>;
export type RouteParams = Readonly<Record<string, RouteParamValue>>;

type Token =
  | { kind: 'text'; value: string }
  | { kind: 'param'; name: string }
  | { kind: 'wildcard'; name: string }
  | { kind: 'group'; tokens: Token[] };

const NAME = /^(?:[A-Za-z_$][\w$]*|"(?:[^"\\]|\\.)+")/;

/**
 * Joins route path fragments the way Nest does: one `/` between fragments, a leading `/`, no
 * trailing `/` except for the root. Empty fragments are skipped.
 */
/** A route prefix as `/segment/...` without a trailing slash, or `''` for none. */
export function normaliseRoutePrefix(prefix: string): string {
  const trimmed = prefix.trim().replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}` : '';
}

export function joinRoutePath(...fragments: ReadonlyArray<string | undefined>): string {
  const joined = fragments
    .filter((fragment): fragment is string => Boolean(fragment))
    .reduce((path, fragment) => path.replace(/\/+$/, '') + (fragment.startsWith('/') ? fragment : `/${fragment}`), '');
  const withLeading = joined.startsWith('/') ? joined : `/${joined}`;
  return withLeading === '/' ? withLeading : withLeading.replace(/\/+$/, '') || '/';
}

function parse(pattern: string): Token[] {
  let index = 0;
  const readTokens = (insideGroup: boolean): Token[] => {
    const tokens: Token[] = [];
    let text = '';
    const flush = () => {
      if (text) tokens.push({ kind: 'text', value: text });
      text = '';
    };
    while (index < pattern.length) {
      const character = pattern[index]!;
      if (character === '\\' && index + 1 < pattern.length) {
        text += pattern[index + 1];
        index += 2;
      } else if (character === ':' || character === '*') {
        const match = NAME.exec(pattern.slice(index + 1));
        if (!match) throw new Error(`route path "${pattern}" has a "${character}" without a parameter name`);
        flush();
        const name = match[0].startsWith('"') ? match[0].slice(1, -1).replace(/\\(.)/g, '$1') : match[0];
        tokens.push({ kind: character === ':' ? 'param' : 'wildcard', name });
        index += 1 + match[0].length;
      } else if (character === '{') {
        flush();
        index += 1;
        tokens.push({ kind: 'group', tokens: readTokens(true) });
      } else if (character === '}') {
        if (!insideGroup) throw new Error(`route path "${pattern}" has an unmatched "}"`);
        flush();
        index += 1;
        return tokens;
      } else if ('()[]?+!'.includes(character)) {
        throw new Error(`route path "${pattern}" uses "${character}", which reverse() does not support`);
      } else {
        text += character;
        index += 1;
      }
    }
    if (insideGroup) throw new Error(`route path "${pattern}" has an unclosed "{"`);
    flush();
    return tokens;
  };
  return readTokens(false);
}

class MissingParam extends Error {}

function encodeSegment(name: string, value: string | number): string {
  const text = String(value);
  if (text === '') throw new Error(`route parameter "${name}" must not be empty`);
  return encodeURIComponent(text);
}

function render(tokens: Token[], params: RouteParams, used: Set<string>): string {
  return tokens
    .map((token) => {
      switch (token.kind) {
        case 'text':
          return token.value;
        case 'group': {
          const usedInGroup = new Set<string>();
          try {
            const rendered = render(token.tokens, params, usedInGroup);
            usedInGroup.forEach((name) => used.add(name));
            return rendered;
          } catch (error) {
            if (error instanceof MissingParam) return '';
            throw error;
          }
        }
        case 'param':
        case 'wildcard': {
          const value = params[token.name];
          if (value === undefined) throw new MissingParam(token.name);
          used.add(token.name);
          if (token.kind === 'param') {
            if (typeof value === 'object')
              throw new Error(`route parameter "${token.name}" takes one value, not a list`);
            return encodeSegment(token.name, value);
          }
          const segments = typeof value === 'object' ? value : String(value).split('/');
          if (segments.length === 0) throw new Error(`route parameter "${token.name}" must not be empty`);
          return segments.map((segment) => encodeSegment(token.name, segment)).join('/');
        }
      }
    })
    .join('');
}

/**
 * Fills a Nest (path-to-regexp 8) route path with parameters: `:name` and `*name` are replaced by
 * their URL-encoded values, an optional `{...}` part is kept only when all its parameters are given.
 * A missing required parameter, an empty value, or a parameter the path does not have is an error.
 */
export function fillRoutePath(pattern: string, params: RouteParams = {}): string {
  const used = new Set<string>();
  let path: string;
  try {
    path = render(parse(pattern), params, used);
  } catch (error) {
    if (error instanceof MissingParam) {
      throw new Error(`route path "${pattern}" needs the parameter "${error.message}"`, { cause: error });
    }
    throw error;
  }
  const unknown = Object.keys(params).filter((name) => !used.has(name) && !hasParam(pattern, name));
  if (unknown.length > 0) {
    throw new Error(`route path "${pattern}" has no parameter${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}`);
  }
  return path;
}

function hasParam(pattern: string, name: string): boolean {
  const search = (tokens: Token[]): boolean =>
    tokens.some((token) =>
      token.kind === 'group' ? search(token.tokens) : token.kind !== 'text' && token.name === name,
    );
  return search(parse(pattern));
}
