import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';

// A process's time zone is fixed when it starts (jest's `process.env` is a copy), so each zone
// runs the fields, and TypeORM's own conversion of `date` columns, in a node process of its own.
const PROBE = `
import { DateUtils } from 'typeorm/util/DateUtils.js';
import { GTDateField } from './gt-date-field.format.ts';
import { GTDateTimeField } from './gt-date-time-field.format.ts';

const { days, dateTimes } = JSON.parse(process.env.PROBE_INPUT);
const dateField = new GTDateField({ format: 'dd.MM.yyyy' });
const dateTimeField = new GTDateTimeField({ format: 'dd.MM.yyyy HH:mm', timezone: 'Europe/Berlin' });
console.log(JSON.stringify({
  januaryOffset: new Date(2024, 0, 1).getTimezoneOffset(),
  days: days.map((day) => {
    const value = dateField.toInternalValue(day);
    return {
      typeormWrites: DateUtils.mixedDateToDateString(value),
      represented: dateField.toRepresentation(value),
      typeormReadsBack: dateField.toRepresentation(DateUtils.mixedDateToDateString(value)),
    };
  }),
  dateTimes: dateTimes.map((text) => {
    const value = dateTimeField.toInternalValue(text);
    return { instant: value.toISOString(), represented: dateTimeField.toRepresentation(value) };
  }),
}));
`;

const ZONES: Record<string, number> = {
  UTC: 0,
  'Asia/Tokyo': -540,
  'Pacific/Kiritimati': -840,
  'Pacific/Pago_Pago': 660,
  'America/New_York': 300,
  // Clocks change at midnight: 8 September 2024 has no 00:00, 6 April 2024 has two.
  'America/Santiago': 180,
  'Europe/Berlin': -60,
  'Australia/Lord_Howe': -660,
  'Asia/Kathmandu': -345,
};

const DAYS = [
  '2024-03-05',
  '2024-02-29',
  '2024-03-31',
  '2024-10-27',
  '2024-09-08',
  '2024-04-06',
  '1970-01-01',
  '1900-01-01',
  '1000-01-01',
  '9999-12-31',
];

const DATE_TIMES: Record<string, [string, string]> = {
  '31.03.2024 01:59': ['2024-03-31T00:59:00.000Z', '2024-03-31T01:59:00.000+01:00'],
  '31.03.2024 03:00': ['2024-03-31T01:00:00.000Z', '2024-03-31T03:00:00.000+02:00'],
  '27.10.2024 02:30': ['2024-10-27T00:30:00.000Z', '2024-10-27T02:30:00.000+02:00'],
  '2024-10-27T02:30+01:00': ['2024-10-27T01:30:00.000Z', '2024-10-27T02:30:00.000+01:00'],
  '2024-07-05T14:30:00Z': ['2024-07-05T14:30:00.000Z', '2024-07-05T16:30:00.000+02:00'],
};

interface ProbeResult {
  januaryOffset: number;
  days: { typeormWrites: string; represented: string; typeormReadsBack: string }[];
  dateTimes: { instant: string; represented: string }[];
}

const run = promisify(execFile);
let directory: string;
let probe: string;

beforeAll(async () => {
  const here = dirname(fileURLToPath(import.meta.url));
  const bundle = await build({
    stdin: { contents: PROBE, resolveDir: here, loader: 'ts', sourcefile: 'probe.ts' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    write: false,
    logLevel: 'silent',
  });
  directory = await mkdtemp(join(tmpdir(), 'widgetlib-dates-'));
  probe = join(directory, 'probe.mjs');
  await writeFile(probe, bundle.outputFiles[0]!.text);
});

afterAll(() => rm(directory, { recursive: true, force: true }));

describe.each(Object.keys(ZONES))('in a server process with TZ=%s', (zone) => {
  let result: ProbeResult;

  beforeAll(async () => {
    const input = JSON.stringify({ days: DAYS, dateTimes: Object.keys(DATE_TIMES) });
    const { stdout } = await run(process.execPath, [probe], {
      env: { PATH: process.env.PATH, TZ: zone, PROBE_INPUT: input },
    });
    result = JSON.parse(stdout) as ProbeResult;
  });

  it('runs in that zone', () => {
    expect(result.januaryOffset).toBe(ZONES[zone]);
  });

  it.each(DAYS.map((day, index) => [day, index] as const))(
    'stores %s through TypeORM as that day and writes it back unchanged',
    (day, index) => {
      expect(result.days[index]).toEqual({ typeormWrites: day, represented: day, typeormReadsBack: day });
    },
  );

  it('reads and writes date-times in the configured zone, not the process zone', () => {
    expect(result.dateTimes.map(({ instant, represented }) => [instant, represented])).toEqual(
      Object.values(DATE_TIMES),
    );
  });
});
