import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AssetVersions } from './static-assets.middleware.js';

describe('AssetVersions', () => {
  let root: string;
  let versions: AssetVersions;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'demo-assets-'));
    mkdirSync(join(root, 'own'));
    mkdirSync(join(root, 'package'));
    writeFileSync(join(root, 'own', 'demo.css'), 'body { color: red }');
    writeFileSync(join(root, 'package', 'table.js'), 'table()');
    versions = new AssetVersions([
      { prefix: '/assets/', directory: join(root, 'own') },
      { prefix: '/assets/lib/', directory: join(root, 'package') },
    ]);
  });

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('versions a URL by the content of the file served there, from whichever folder has it', () => {
    expect(versions.url('/assets/demo.css')).toMatch(/^\/assets\/demo\.css\?v=[0-9a-f]{16}$/);
    expect(versions.url('/assets/lib/table.js')).toMatch(/^\/assets\/lib\/table\.js\?v=[0-9a-f]{16}$/);
  });

  it('gives a changed file a new version', () => {
    const before = versions.url('/assets/demo.css');
    writeFileSync(join(root, 'own', 'demo.css'), 'body { color: blue; }');
    utimesSync(join(root, 'own', 'demo.css'), new Date(), new Date(Date.now() + 5000));
    expect(versions.url('/assets/demo.css')).not.toBe(before);
  });

  it('refuses a path that names no served file, or one outside the folders', () => {
    expect(() => versions.url('/assets/missing.css')).toThrow('No static asset is served at /assets/missing.css');
    expect(() => versions.url('/assets/../package/table.js')).toThrow('No static asset');
    expect(() => versions.url('/other/demo.css')).toThrow('No static asset');
  });
});
