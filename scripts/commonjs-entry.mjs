#!/usr/bin/env node
// The CommonJS face of an ES-module package, written after `tsc` into dist/cjs/ (run from the package):
//   dist/cjs/index.js       `module.exports = require('../index.js')`: Node.js 20.19+ require()s the
//                           ES module graph, so CommonJS and ES-module hosts share one instance;
//   dist/cjs/**/*.d.ts      the declarations again, read as CommonJS (dist/cjs/package.json says so),
//                           so that TypeScript hosts compiling to CommonJS under `module: node16`
//                           accept `import { … } from '<package>'` (they refuse ES-module declarations).
// The package's `exports` map points its `require` condition here.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const dist = join(process.cwd(), 'dist');
const cjs = join(dist, 'cjs');

function declarations(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return path === cjs ? [] : declarations(path);
    return entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

rmSync(cjs, { recursive: true, force: true });
for (const source of declarations(dist)) {
  const target = join(cjs, relative(dist, source));
  mkdirSync(dirname(target), { recursive: true });
  // The declaration maps stay with the ES-module declarations.
  writeFileSync(target, readFileSync(source, 'utf8').replace(/\n\/\/# sourceMappingURL=.*\s*$/, '\n'));
}
writeFileSync(join(cjs, 'package.json'), `${JSON.stringify({ type: 'commonjs' }, null, 2)}\n`);
writeFileSync(
  join(cjs, 'index.js'),
  "'use strict';\n// require() of the ES module build (Node.js 20.19+): one instance for CommonJS and ES-module code.\nmodule.exports = require('../index.js');\n",
);
