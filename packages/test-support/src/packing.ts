// Packing the workspace's packages as npm would publish them, for the tests that look at the tarballs.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

export const packagesDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs a command; a failure carries what the command printed, so the test says why. */
export async function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): Promise<{ stdout: string }> {
  try {
    return await execFileAsync(command, args, { ...options, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed:\n${stdout}\n${stderr}`, { cause: error });
  }
}

export interface PackResult {
  filename: string;
  files: Array<{ path: string }>;
}

/** `npm pack` of packages/<name> (built first: `npm test` does) into `destination`. */
export async function pack(name: 'nest' | 'client', destination: string): Promise<PackResult> {
  const directory = join(packagesDir, name);
  if (!existsSync(join(directory, 'dist/index.js'))) {
    throw new Error(`packages/${name}/dist is missing: build the packages first (npm test does)`);
  }
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', destination], { cwd: directory });
  return (JSON.parse(stdout) as PackResult[])[0]!;
}
