import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The names a package's `src/index.ts` exports, values and types, as TypeScript sees them. */
function exportsOf(entry: string): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  )!;
  const program = ts.createProgram([entry], { ...config.options, noEmit: true });
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(entry)!)!;
  return checker
    .getExportsOfModule(module)
    .map((symbol) => symbol.getName())
    .sort();
}

/**
 * The names the reference lists for one package: the leading identifier of each backticked name in
 * the first column of its tables, and in the text of a subsection written as a list of names.
 */
function documented(section: string, listedInText: string[] = []): string[] {
  const reference = readFileSync(join(root, 'docs/reference.md'), 'utf8');
  const start = reference.indexOf(`## \`${section}\``);
  const end = reference.indexOf('\n## ', start + 1);
  const names = new Set<string>();
  let subsection = '';
  for (const line of reference.slice(start, end === -1 ? undefined : end).split('\n')) {
    if (line.startsWith('### ')) subsection = line.slice(4).trim();
    const listed = line.startsWith('| `') ? line.split(' | ')[0]! : listedInText.includes(subsection) ? line : '';
    for (const [, name] of listed.matchAll(/`([A-Za-z_$][\w$]*)/g)) names.add(name!);
  }
  return [...names].sort();
}

describe('the public API', () => {
  it('of @widgetlib/nest is exactly what docs/reference.md lists', () => {
    expect(documented('@widgetlib/nest')).toEqual(exportsOf(join(root, 'packages/nest/src/index.ts')));
  }, 60_000);

  it('of @widgetlib/client is exactly what docs/reference.md lists', () => {
    expect(documented('@widgetlib/client', ['Render functions'])).toEqual(
      exportsOf(join(root, 'packages/client/src/index.ts')),
    );
  }, 60_000);
});
