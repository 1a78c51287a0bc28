import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { datatablesFromGlobal } from './datatables-global.plugin.mjs';
import { partsFromScript } from './script-parts.plugin.mjs';
const [entry, ...external] = process.argv.slice(2);
const isFile = entry.endsWith('.ts');
const r = await build({ bundle: true, format: 'iife', platform: 'browser', target: 'es2022', minify: true, write: false, legalComments: 'eof',
  absWorkingDir: process.cwd(), ...(isFile ? { entryPoints: [entry] } : { stdin: { contents: entry, resolveDir: process.cwd(), loader: 'ts' } }), outfile: '/tmp/out.js', external, plugins: [datatablesFromGlobal, partsFromScript] });
const t = r.outputFiles[0].contents;
console.log(entry.slice(0,60), external.join(','), t.length, gzipSync(t, { level: 9 }).length);
