import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DataSource } from 'typeorm';

/** Where the host's data source is looked for without `-d`, as a TypeORM CLI project keeps it. */
export const DEFAULT_DATA_SOURCE_PATHS = [
  'data-source.js',
  'data-source.mjs',
  'data-source.cjs',
  'data-source.ts',
  'src/data-source.ts',
  'src/data-source.js',
  'dist/data-source.js',
];

function isDataSource(value: unknown): value is DataSource {
  const candidate = value as Partial<DataSource> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.initialize === 'function' &&
    typeof candidate.getRepository === 'function' &&
    typeof candidate.options === 'object'
  );
}

/**
 * The DataSource a module exports, as TypeORM's CLI reads `-d`: the default export or any named
 * one. A `.ts` file needs a TypeScript loader in Node.js (`NODE_OPTIONS="--import tsx"`).
 */
export async function loadDataSource(path: string | undefined, cwd: string): Promise<DataSource> {
  const file = path
    ? resolve(cwd, path)
    : DEFAULT_DATA_SOURCE_PATHS.map((candidate) => resolve(cwd, candidate)).find((candidate) => existsSync(candidate));
  if (!file) {
    throw new Error(
      `No data source: pass -d path/to/data-source.(js|ts), or keep one at ${DEFAULT_DATA_SOURCE_PATHS.join(', ')}`,
    );
  }
  if (!existsSync(file)) throw new Error(`The data source file ${file} does not exist`);
  let module: Record<string, unknown>;
  try {
    module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (error) {
    const { code } = error as { code?: string };
    if (code === 'ERR_UNKNOWN_FILE_EXTENSION') {
      throw new Error(`${file} is TypeScript: run with a loader, e.g. NODE_OPTIONS="--import tsx" npx widgetlib ...`, {
        cause: error,
      });
    }
    throw error;
  }
  const exported = [module.default, ...Object.values(module)].find(isDataSource);
  if (!exported) throw new Error(`${file} exports no TypeORM DataSource`);
  return exported;
}
