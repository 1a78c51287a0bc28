import { execFileSync } from 'node:child_process';
import { libraryFingerprint } from './library.fingerprint.js';

/** The commit measured, and whether the library's server sources differed from it (read at the start). */
export function measuredCode(repositoryRoot: string): string {
  const git = (...gitArgs: string[]) => execFileSync('git', gitArgs, { cwd: repositoryRoot, encoding: 'utf8' }).trim();
  const commit = git('log', '-1', '--format=%h %s');
  const changed = git('status', '--porcelain', '--', 'packages/nest/src');
  const source = changed
    ? `with uncommitted changes in packages/nest/src: ${changed
        .split('\n')
        .map((line) => line.trim())
        .join('; ')}`
    : 'packages/nest/src as committed';
  return `commit ${commit} (${source}); @widgetlib/nest build ${libraryFingerprint()}`;
}
