/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';

// Sources are compiled by swc as ES modules (Nest 12 is ESM only); jest runs with
// --experimental-vm-modules, which `npm test` sets.
const swc: [string, Record<string, unknown>] = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'es6' },
    sourceMaps: 'inline',
  },
];

const workspacePackages = {
  '^@widgetlib/nest$': '<rootDir>/packages/nest/src/index.ts',
  '^@widgetlib/client$': '<rootDir>/packages/client/src/index.ts',
  // The shared rules: each package's build compiles them into its own dist/rules (package.json "imports").
  '^#rules/(.*)\\.js$': '<rootDir>/packages/rules/src/$1',
  // What the packages' tests share (never built or published).
  '^@widgetlib/test-support/(.*)\\.js$': '<rootDir>/packages/test-support/src/$1',
};

function project(name: string, extra: Config = {}): Config {
  return {
    displayName: name,
    rootDir: '.',
    roots: [`<rootDir>/${name === 'demo' ? 'examples/demo' : `packages/${name}`}`],
    testMatch: ['**/*.spec.ts', '**/*.e2e-spec.ts', '**/*.browser-spec.ts'],
    testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    extensionsToTreatAsEsm: ['.ts'],
    transform: { '^.+\\.ts$': swc },
    moduleNameMapper: { ...workspacePackages, '^(\\.{1,2}/.*)\\.js$': '$1' },
    testEnvironment: 'node',
    ...extra,
  };
}

const config: Config = {
  projects: [project('rules'), project('test-support'), project('nest'), project('client'), project('demo')],
  testTimeout: 30_000,
  // Every ESM test file leaves modules behind in the process that ran it. With one worker (a 2-core
  // machine) jest would run all files in its own process, which then grows to V8's heap limit; with
  // this limit set it runs them in a worker and replaces the worker once it passes the limit.
  workerIdleMemoryLimit: '1536MB',
};

export default config;
