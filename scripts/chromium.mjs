// The Chromium that the browser tests and the screenshot script drive through playwright-core:
//   1. WIDGETLIB_CHROMIUM, when it names an executable file (one that does not is reported on stderr
//      and skipped, so that a stale setting never stops the tests);
//   2. Debian's /usr/bin/chromium;
//   3. the Chromium inside the @sparticuz/chromium npm package (a dev dependency), unpacked once per
//      package version into the temporary folder: a machine with only Node.js and npm runs every
//      browser test too.
// Every build runs as one multi-process browser whose contexts are isolated profiles. The npm build
// ships arguments for a single-process browser (--single-process, --no-zygote, software GL), whose
// contexts would share cookies and which would need a browser per context: it gets the same
// arguments as Debian's (the browser tests took about half the time so).
import { execFile } from 'node:child_process';
import { accessSync, constants, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';
/** What this machine's closed network needs (TOOLCHAIN.md). */
const SYSTEM_CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

function isExecutableFile(path) {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** Unpacks the npm package's Chromium into `folder`; concurrent callers (test workers) race safely. */
async function unpackBundled(entry, folder) {
  const staging = mkdtempSync(`${folder}-`);
  // executablePath() unpacks into os.tmpdir(): a child process whose TMPDIR is the staging folder
  // unpacks there, then one rename publishes the whole folder at once.
  const script = `const { default: chromium } = await import(${JSON.stringify(pathToFileURL(entry).href)}); await chromium.executablePath();`;
  await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, TMPDIR: staging },
  });
  // Its fonts.conf names /tmp/fonts; this one names where the fonts are, after the system's own.
  writeFileSync(
    join(staging, 'fonts.conf'),
    [
      '<?xml version="1.0"?>',
      '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
      '<fontconfig>',
      '  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>',
      `  <dir>${join(folder, 'fonts', 'fonts')}</dir>`,
      `  <cachedir>${join(folder, 'fonts-cache')}</cachedir>`,
      '</fontconfig>',
      '',
    ].join('\n'),
  );
  try {
    renameSync(staging, folder);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    if (!isExecutableFile(join(folder, 'chromium'))) throw error;
  }
}

async function bundledChromium() {
  const entry = createRequire(import.meta.url).resolve('@sparticuz/chromium');
  const { version } = JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8'));
  const folder = join(tmpdir(), `widgetlib-chromium-${version}`);
  if (!isExecutableFile(join(folder, 'chromium'))) await unpackBundled(entry, folder);
  return {
    executablePath: join(folder, 'chromium'),
    // Text drawn without hinting, as the package's own arguments have it.
    args: [...SYSTEM_CHROMIUM_ARGS, '--font-render-hinting=none'],
    env: { ...process.env, FONTCONFIG_PATH: folder },
    source: `@sparticuz/chromium ${version}`,
  };
}

async function locateChromium() {
  const configured = process.env.WIDGETLIB_CHROMIUM;
  if (configured) {
    if (isExecutableFile(configured)) {
      return {
        executablePath: configured,
        args: SYSTEM_CHROMIUM_ARGS,
        source: 'WIDGETLIB_CHROMIUM',
      };
    }
    process.stderr.write(`WIDGETLIB_CHROMIUM=${configured} is not an executable file; looking for another Chromium.\n`);
  }
  if (isExecutableFile(DEBIAN_CHROMIUM)) {
    return {
      executablePath: DEBIAN_CHROMIUM,
      args: SYSTEM_CHROMIUM_ARGS,
      source: DEBIAN_CHROMIUM,
    };
  }
  return bundledChromium();
}

let located;

/** Which Chromium this machine uses (looked up once per process). */
export function findChromium() {
  located ??= locateChromium();
  return located;
}

const LAUNCH_ATTEMPTS = 3;

/**
 * Runs a launch again when the browser died while starting (seen in CI on a loaded machine with the
 * npm build), which says nothing of the page under test. Any other launch error, and a third crash
 * in a row, is thrown.
 */
async function launchWithRetry(launch) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await launch();
    } catch (error) {
      const crashed = error instanceof Error && /has been closed|signal=SIG/.test(error.message);
      if (!crashed || attempt === LAUNCH_ATTEMPTS) throw error;
      process.stderr.write(
        `Chromium ended while starting (attempt ${attempt} of ${LAUNCH_ATTEMPTS}); starting it again.\n`,
      );
    }
  }
}

/** Starts Chromium; `newContext(options)` gives isolated contexts, `close()` ends the browser. */
export async function startChromium() {
  const found = await findChromium();
  const browser = await launchWithRetry(() =>
    chromium.launch({ executablePath: found.executablePath, args: found.args, env: found.env, headless: true }),
  );
  return {
    source: found.source,
    newContext: (options = {}) => browser.newContext(options),
    close: () => browser.close(),
  };
}
