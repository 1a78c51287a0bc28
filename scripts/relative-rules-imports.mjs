#!/usr/bin/env node
// After `tsc`, in the package's dist/ (run from the package): the `#rules/...` specifiers of the
// emitted JavaScript and declarations become relative paths to dist/rules/, the shared rules each
// package carries. Node.js and modern bundlers read package.json "imports" too, but TypeScript's
// node10 and CommonJS-declaration resolutions and older bundlers do not.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const dist = join(process.cwd(), 'dist');
const rules = join(dist, 'rules');

function emitted(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return path === rules ? [] : emitted(path);
    return /\.(js|d\.ts)$/.test(entry.name) ? [path] : [];
  });
}

for (const file of emitted(dist)) {
  const text = readFileSync(file, 'utf8');
  const toRules = relative(dirname(file), rules).split('\\').join('/') || '.';
  const rewritten = text.replace(
    /(['"])#rules\//g,
    (_match, quote) => `${quote}${toRules.startsWith('.') ? toRules : `./${toRules}`}/`,
  );
  if (rewritten !== text) writeFileSync(file, rewritten);
}
