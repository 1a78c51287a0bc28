import type { MigrationInterface, QueryRunner } from 'typeorm';
import { databaseDialect, exactCollation } from '../dialect/index.js';
import { CreateHelpUsage1764115200000 } from './1764115200000-create-help-usage.js';

const EVENT_COLUMNS = ['kind', 'id_view', 'question_name', 'help_id', 'created_at'];
/** Events a revert writes per statement. */
const REVERT_BATCH = 500;

/**
 * Replaces `widgetlib_help_usage`, one row per reader event, with `widgetlib_help_usage_counter`,
 * one row per view, entry or field, kind and day with the number of events: every existing event
 * is added to the counter of its day. Reverting writes each counted event back as a row of its
 * day, without the reader's name (counters do not keep it).
 */
export class AggregateHelpUsage1764374400000 implements MigrationInterface {
  name = 'AggregateHelpUsage1764374400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { server } = await databaseDialect(queryRunner.connection);
    let day: string;
    switch (server) {
      case 'postgres':
        await queryRunner.query(`CREATE TABLE "widgetlib_help_usage_counter" (
          "id" SERIAL NOT NULL,
          "kind" character varying(12) NOT NULL,
          "id_view" character varying(255) NOT NULL,
          "question_name" character varying(255) NOT NULL,
          "help_id" integer NOT NULL,
          "day" date NOT NULL,
          "count" integer NOT NULL,
          CONSTRAINT "UQ_widgetlib_help_usage_counter_key" UNIQUE ("id_view", "question_name", "help_id", "kind", "day"),
          CONSTRAINT "PK_widgetlib_help_usage_counter" PRIMARY KEY ("id"))`);
        day = 'CAST("created_at" AS date)';
        break;
      case 'mysql':
      case 'mariadb': {
        // Views and fields compare exactly, as in widgetlib_help.
        const exact = exactCollation(server);
        await queryRunner.query(`CREATE TABLE \`widgetlib_help_usage_counter\` (
          \`id\` int NOT NULL AUTO_INCREMENT,
          \`kind\` varchar(12) NOT NULL,
          \`id_view\` varchar(255) CHARACTER SET utf8mb4 COLLATE ${exact} NOT NULL,
          \`question_name\` varchar(255) CHARACTER SET utf8mb4 COLLATE ${exact} NOT NULL,
          \`help_id\` int NOT NULL,
          \`day\` date NOT NULL,
          \`count\` int NOT NULL,
          UNIQUE INDEX \`UQ_widgetlib_help_usage_counter_key\` (\`id_view\`, \`question_name\`, \`help_id\`, \`kind\`, \`day\`),
          PRIMARY KEY (\`id\`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4`);
        day = 'DATE(`created_at`)';
        break;
      }
      case 'sqlite':
        await queryRunner.query(`CREATE TABLE "widgetlib_help_usage_counter" (
          "id" integer PRIMARY KEY AUTOINCREMENT NOT NULL,
          "kind" varchar(12) NOT NULL,
          "id_view" varchar(255) NOT NULL,
          "question_name" varchar(255) NOT NULL,
          "help_id" integer NOT NULL,
          "day" date NOT NULL,
          "count" integer NOT NULL,
          CONSTRAINT "UQ_widgetlib_help_usage_counter_key" UNIQUE ("id_view", "question_name", "help_id", "kind", "day"))`);
        day = 'date("created_at")';
        break;
    }
    const escape = (name: string) => queryRunner.connection.driver.escape(name);
    await queryRunner.query(
      `CREATE INDEX ${escape('IDX_widgetlib_help_usage_counter_day')} ON ${escape('widgetlib_help_usage_counter')} (${escape('day')})`,
    );
    const [kind, idView, questionName, helpId] = ['kind', 'id_view', 'question_name', 'help_id'].map(escape);
    const entry = `COALESCE(${helpId}, 0)`;
    await queryRunner.query(
      `INSERT INTO ${escape('widgetlib_help_usage_counter')} ` +
        `(${kind}, ${idView}, ${questionName}, ${helpId}, ${escape('day')}, ${escape('count')}) ` +
        `SELECT ${kind}, ${idView}, ${questionName}, ${entry}, ${day}, COUNT(*) FROM ${escape('widgetlib_help_usage')} ` +
        `GROUP BY ${kind}, ${idView}, ${questionName}, ${entry}, ${day}`,
    );
    await queryRunner.query(`DROP TABLE ${escape('widgetlib_help_usage')}`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await new CreateHelpUsage1764115200000().up(queryRunner);
    const escape = (name: string) => queryRunner.connection.driver.escape(name);
    const columns = ['kind', 'id_view', 'question_name', 'help_id', 'day', 'count'];
    const counters = (await queryRunner.query(
      `SELECT ${columns.map(escape).join(', ')} FROM ${escape('widgetlib_help_usage_counter')} ORDER BY ${escape('id')}`,
    )) as Array<{
      kind: string;
      id_view: string;
      question_name: string;
      help_id: number;
      day: string | Date;
      count: number;
    }>;
    const events: Array<Record<string, string | number | null>> = [];
    const flush = async () => {
      if (events.length === 0) return;
      await queryRunner.manager
        .createQueryBuilder()
        .insert()
        .into('widgetlib_help_usage', EVENT_COLUMNS)
        .values(events.splice(0))
        .execute();
    };
    for (const counter of counters) {
      const helpId = Number(counter.help_id);
      const event = {
        kind: counter.kind,
        id_view: counter.id_view,
        question_name: counter.question_name,
        help_id: helpId === 0 ? null : helpId,
        created_at: `${dayText(counter.day)} 00:00:00`,
      };
      for (let i = 0; i < Number(counter.count); i++) {
        events.push(event);
        if (events.length >= REVERT_BATCH) await flush();
      }
    }
    await flush();
    await queryRunner.query(`DROP TABLE ${escape('widgetlib_help_usage_counter')}`);
  }
}

/** A `date` column's value as `YYYY-MM-DD`: drivers answer text, or a `Date` at local midnight. */
function dayText(day: string | Date): string {
  if (typeof day === 'string') return day.slice(0, 10);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}
