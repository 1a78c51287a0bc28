// better-sqlite3 compiles from source here (about 80 s of one core per install) because its
// prebuilt binaries cannot be downloaded. The first host that installs a version keeps its build
// as a prebuild-install tarball in npm's cache folder; the next installs of that version (this run's
// and later runs') unpack it through prebuild-install's documented "local prebuilds" setting.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

export const PREBUILDS_DIR = join(process.env.npm_config_cache ?? join(homedir(), '.npm'), '_widgetlib_prebuilds');

/** The environment that points prebuild-install at the kept builds. */
export const prebuildsEnv = { npm_config_better_sqlite3_local_prebuilds: PREBUILDS_DIR };

/** prebuild-install's file name for a version of better-sqlite3 on this Node.js, platform and CPU. */
function tarballName(version) {
  return `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
}

/** Keeps the better-sqlite3 build of the host at `host` unless one of its version is kept already. */
export async function keepBetterSqliteBuild(host) {
  const packageDir = join(host, 'node_modules/better-sqlite3');
  const binary = join(packageDir, 'build/Release/better_sqlite3.node');
  if (!existsSync(binary)) return;
  const { version } = JSON.parse(await readFile(join(packageDir, 'package.json'), 'utf8'));
  const target = join(PREBUILDS_DIR, tarballName(version));
  if (existsSync(target)) return;
  await mkdir(PREBUILDS_DIR, { recursive: true });
  const partial = `${target}.${process.pid}.partial`;
  await execFileAsync('tar', ['-czf', partial, '-C', packageDir, 'build/Release/better_sqlite3.node']);
  await rename(partial, target);
}
