import { Body, Controller, Get, Header, Param, ParseIntPipe, Post, ValidationPipe } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { Column, DataSource, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { DateFormatsService, GTDate, GTDateTime, GTDateTimeField, type GTDateField } from '../src/index.js';
import {
  describeEachDatabase,
  pendingSchemaChanges,
  type DatabaseKind,
} from '@widgetlib/test-support/test-databases.js';
import { createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';

const WIDGETLIB_DATES = { dateFormat: 'dd.MM.yyyy', datetimeFormat: 'dd.MM.yyyy HH:mm', timezone: 'Europe/Berlin' };

/**
 * The column types that hold a date and a date-time on SQLite, PostgreSQL and MySQL/MariaDB alike:
 * `date`, and TypeORM's `Date` type (PostgreSQL `timestamp`, MySQL/MariaDB and SQLite `datetime`)
 * with precision 3 so that milliseconds survive on MySQL/MariaDB.
 */
@Entity('widgetlib_test_concert')
class Concert {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'date', nullable: true })
  played_on!: Date | string | null;

  @Column({ type: Date, precision: 3, nullable: true })
  starts_at!: Date | null;
}

class CreateConcertDto {
  @GTDate({ format: WIDGETLIB_DATES.dateFormat })
  played_on?: Date | null;

  @GTDateTime({ format: WIDGETLIB_DATES.datetimeFormat, timezone: WIDGETLIB_DATES.timezone })
  starts_at?: Date | null;
}

@Controller('concerts')
class ConcertsController {
  private readonly playedOn: GTDateField;
  private readonly startsAt: GTDateTimeField;

  constructor(
    private readonly dataSource: DataSource,
    formats: DateFormatsService,
  ) {
    this.playedOn = formats.dateField();
    this.startsAt = formats.dateTimeField();
  }

  @Post()
  async create(
    @Body(new ValidationPipe({ transform: true, whitelist: true, forbidNonWhitelisted: true })) body: CreateConcertDto,
  ) {
    const concerts = this.dataSource.getRepository(Concert);
    const saved = await concerts.save(
      concerts.create({ played_on: body.played_on ?? null, starts_at: body.starts_at ?? null }),
    );
    return this.represent(saved);
  }

  @Get(':id')
  async read(@Param('id', ParseIntPipe) id: number) {
    return this.represent(await this.dataSource.getRepository(Concert).findOneByOrFail({ id }));
  }

  private represent(concert: Concert) {
    return {
      id: concert.id,
      played_on: this.playedOn.toRepresentation(concert.played_on),
      starts_at: this.startsAt.toRepresentation(concert.starts_at),
    };
  }
}

@Controller('dates-page')
class DatesPageController {
  constructor(private readonly formats: DateFormatsService) {}

  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  page(): string {
    return `<!doctype html><head>${this.formats.dateFormatsScript()}</head><body></body>`;
  }

  @Get('formats')
  formatsOfPage() {
    return { date: this.formats.getDateFormat(), datetime: this.formats.getDatetimeFormat() };
  }
}

/** The stored `date` as the database writes it as text. */
function storedDateSql(kind: DatabaseKind): string {
  switch (kind) {
    case 'sqlite':
      return 'concert.played_on';
    case 'postgres':
      return 'CAST(concert.played_on AS TEXT)';
    case 'mariadb':
    case 'mysql':
      return 'CAST(concert.played_on AS CHAR)';
  }
}

type RequestBody = Record<string, unknown>;

const HOUR_MS = 3_600_000;
const BERLIN = new GTDateTimeField({ timezone: 'Europe/Berlin' });

/**
 * The instant that PostgreSQL `timestamp` and MySQL/MariaDB `datetime` give back for `iso`. Their
 * drivers write a Date as the server process's local wall time and read it back as the first
 * instant showing that wall time, so an instant in an hour that the process's own time zone
 * repeats (clocks turned back) comes back one clock change earlier. With the process in UTC (or
 * any zone without such changes) every instant comes back unchanged; SQLite keeps UTC.
 */
function instantReadBack(kind: DatabaseKind, iso: string): number {
  const instant = new Date(iso).getTime();
  if (kind === 'sqlite') return instant;
  const wall = (at: number) => {
    const date = new Date(at);
    return [
      date.getFullYear(),
      date.getMonth(),
      date.getDate(),
      date.getHours(),
      date.getMinutes(),
      date.getSeconds(),
    ].join();
  };
  const earlier = [2 * HOUR_MS, HOUR_MS, HOUR_MS / 2]
    .map((shift) => instant - shift)
    .find((at) => wall(at) === wall(instant));
  return earlier ?? instant;
}

const ROUND_TRIPS: [string, RequestBody, { played_on: string | null; starts_at: string | null }][] = [
  [
    'ISO 8601 with Z',
    { played_on: '2024-03-05', starts_at: '2024-03-05T14:30:15.123Z' },
    { played_on: '2024-03-05', starts_at: '2024-03-05T15:30:15.123+01:00' },
  ],
  [
    'ISO 8601 with an offset',
    { played_on: '2024-07-05', starts_at: '2024-07-05T14:30:00-04:00' },
    { played_on: '2024-07-05', starts_at: '2024-07-05T20:30:00.000+02:00' },
  ],
  [
    'ISO 8601 without an offset (Berlin time)',
    { played_on: '2024-02-29', starts_at: '2024-07-05T14:30' },
    { played_on: '2024-02-29', starts_at: '2024-07-05T14:30:00.000+02:00' },
  ],
  [
    'the configured formats',
    { played_on: '05.03.2024', starts_at: '05.03.2024 14:30' },
    { played_on: '2024-03-05', starts_at: '2024-03-05T14:30:00.000+01:00' },
  ],
  [
    'the first Berlin minute of summer time',
    { played_on: '31.03.2024', starts_at: '31.03.2024 03:00' },
    { played_on: '2024-03-31', starts_at: '2024-03-31T03:00:00.000+02:00' },
  ],
  [
    'the earlier 02:30 of the repeated autumn hour',
    { played_on: '27.10.2024', starts_at: '27.10.2024 02:30' },
    { played_on: '2024-10-27', starts_at: '2024-10-27T02:30:00.000+02:00' },
  ],
  [
    'the later 02:30, named by its offset',
    { played_on: '2024-10-27', starts_at: '2024-10-27T02:30:00+01:00' },
    { played_on: '2024-10-27', starts_at: '2024-10-27T02:30:00.000+01:00' },
  ],
  ['the first day', { played_on: '1000-01-01' }, { played_on: '1000-01-01', starts_at: null }],
  ['the last day', { played_on: '31.12.9999' }, { played_on: '9999-12-31', starts_at: null }],
  ['empty strings', { played_on: '', starts_at: '' }, { played_on: null, starts_at: null }],
  ['nulls', { played_on: null, starts_at: null }, { played_on: null, starts_at: null }],
  ['nothing', {}, { played_on: null, starts_at: null }],
];

const REFUSED: [string, RequestBody, string][] = [
  [
    'garbage date',
    { played_on: 'tomorrow' },
    'played_on must be a date in the format dd.MM.yyyy or ISO 8601 (yyyy-MM-dd)',
  ],
  [
    'impossible date',
    { played_on: '30.02.2024' },
    'played_on must be a date in the format dd.MM.yyyy or ISO 8601 (yyyy-MM-dd)',
  ],
  [
    'date-time for a date',
    { played_on: '2024-03-05T10:00Z' },
    'played_on must be a date in the format dd.MM.yyyy or ISO 8601 (yyyy-MM-dd)',
  ],
  [
    'number for a date',
    { played_on: 20240305 },
    'played_on must be a date in the format dd.MM.yyyy or ISO 8601 (yyyy-MM-dd)',
  ],
  [
    'garbage date-time',
    { starts_at: '05.03.2024 25:00' },
    'starts_at must be a date-time in the format dd.MM.yyyy HH:mm or ISO 8601 (e.g. 2024-03-05T14:30:00+01:00)',
  ],
  [
    'object for a date-time',
    { starts_at: { $gt: '' } },
    'starts_at must be a date-time in the format dd.MM.yyyy HH:mm or ISO 8601 (e.g. 2024-03-05T14:30:00+01:00)',
  ],
  [
    'date-time in the year 10000 in UTC (MySQL/MariaDB refuse it)',
    { starts_at: '9999-12-31T23:00:00-05:00' },
    'starts_at must be a date-time in the format dd.MM.yyyy HH:mm or ISO 8601 (e.g. 2024-03-05T14:30:00+01:00), ' +
      'with a year from 1000 to 9999',
  ],
  [
    'date-time with an offset past 15:59',
    { starts_at: '2024-03-05T10:00:00+99:99' },
    'starts_at must be a date-time in the format dd.MM.yyyy HH:mm or ISO 8601 (e.g. 2024-03-05T14:30:00+01:00), ' +
      'with an offset from -15:59 to +15:59',
  ],
  [
    'skipped Berlin time',
    { starts_at: '31.03.2024 02:30' },
    'starts_at must be a date-time that exists in the time zone Europe/Berlin; 2024-03-31 02:30 is skipped there by a clock change',
  ],
  [
    'year before 1000',
    { played_on: '0001-01-01' },
    'played_on must be a date in the format dd.MM.yyyy or ISO 8601 (yyyy-MM-dd), with a year from 1000 to 9999',
  ],
];

describeEachDatabase('Dates through ValidationPipe and TypeORM', (kind) => {
  let testApp: TestApp;
  let server: App;

  beforeAll(async () => {
    testApp = await createTestApp(kind, {
      widgetlib: WIDGETLIB_DATES,
      entities: [Concert],
      controllers: [ConcertsController, DatesPageController],
    });
    server = testApp.app.getHttpServer() as App;
  });

  afterAll(() => testApp.close());

  it('has date and date-time columns that the database keeps as declared', async () => {
    expect(await pendingSchemaChanges(testApp.dataSource)).toEqual([]);
  });

  it.each(ROUND_TRIPS)('round-trips %s', async (_title, body, expected) => {
    const created = await request(server).post('/concerts').send(body).expect(201);
    expect(created.body).toEqual({ id: expect.any(Number), ...expected });

    const read = await request(server).get(`/concerts/${created.body.id}`).expect(200);
    const startsAtReadBack = expected.starts_at && new Date(instantReadBack(kind, expected.starts_at));
    expect(read.body).toEqual({ ...created.body, starts_at: BERLIN.toRepresentation(startsAtReadBack) });

    const stored = await testApp.dataSource
      .createQueryBuilder()
      .select(storedDateSql(kind), 'played_on')
      .from(Concert, 'concert')
      .where('concert.id = :id', { id: created.body.id })
      .getRawOne<{ played_on: string | null }>();
    expect(stored?.played_on).toBe(expected.played_on);
  });

  it.each(REFUSED)('answers a %s with a 400 naming the field and its format', async (_title, body, message) => {
    const before = await testApp.dataSource.getRepository(Concert).count();
    const response = await request(server).post('/concerts').send(body).expect(400);
    expect(response.body).toEqual({ statusCode: 400, error: 'Bad Request', message: [message] });
    expect(await testApp.dataSource.getRepository(Concert).count()).toBe(before);
  });

  it('documents the date properties of the DTO', () => {
    const document = SwaggerModule.createDocument(testApp.app, new DocumentBuilder().setTitle('test').build());
    const schema = document.components?.schemas?.['CreateConcertDto'] as { properties: Record<string, object> };
    expect(schema.properties['played_on']).toMatchObject({
      type: 'string',
      format: 'date',
      nullable: true,
      description: 'a date in the format dd.MM.yyyy or ISO 8601 (yyyy-MM-dd); an empty string means none',
    });
    expect(schema.properties['starts_at']).toMatchObject({ type: 'string', format: 'date-time', nullable: true });
  });

  it('gives the page the configured formats', async () => {
    const formats = await request(server).get('/dates-page/formats').expect(200);
    expect(formats.body).toEqual({ date: 'dd.MM.yyyy', datetime: 'dd.MM.yyyy HH:mm' });
    const page = await request(server).get('/dates-page').expect(200);
    expect(page.text).toContain(
      '<script>document.date_format = "dd.MM.yyyy";document.datetime_format = "dd.MM.yyyy HH:mm";</script>',
    );
  });
});
