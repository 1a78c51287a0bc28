import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, type Repository } from 'typeorm';
import { databaseDialect } from '../../dialect/index.js';
import { UrlResolver } from '../../views/url-resolver.service.js';
import { InjectWidgetLibConfig, type WidgetLibConfig } from '../../widgetlib.config.js';
import { incrementHelpUsageCounter, type HelpUsageCounterKey } from './help-usage-counter.query.js';
import { HelpUsageCounter } from './help-usage-counter.entity.js';
import {
  firstKeptUsageDay,
  HELP_USAGE_PRUNE_INTERVAL_MS,
  MAX_USAGE_FIELDS_PER_VIEW,
  summariseHelpUsage,
  usageDay,
  type HelpUsageCount,
  type HelpUsageReport,
  type HelpUsageSummary,
} from './help-usage.checks.js';
import { Help } from '../help.entity.js';

/**
 * Counts readers' events (only with the `helpUsage` option) per view, entry or field, kind and day,
 * and summarises them per view. Counters older than `helpUsageRetentionDays` are removed on a write,
 * at most once per {@link HELP_USAGE_PRUNE_INTERVAL_MS} in each process.
 */
@Injectable()
export class HelpUsageService {
  private nextPruneAt = 0;

  constructor(
    @InjectRepository(Help) private readonly helps: Repository<Help>,
    @InjectRepository(HelpUsageCounter) private readonly counters: Repository<HelpUsageCounter>,
    private readonly urls: UrlResolver,
    @InjectWidgetLibConfig() private readonly config: WidgetLibConfig,
  ) {}

  get enabled(): boolean {
    return this.config.helpUsage;
  }

  /**
   * Counts one event; 404 when recording is off, or for an entry that does not exist. A field's
   * event is taken only for a view of the app, and only while the view's counters carry at most
   * {@link MAX_USAGE_FIELDS_PER_VIEW} field names (a 400 names either).
   */
  async record(report: HelpUsageReport): Promise<void> {
    this.assertEnabled();
    let place: Pick<HelpUsageCounterKey, 'id_view' | 'question_name' | 'help_id'>;
    if ('help_id' in report) {
      const help = await this.helps.findOneBy({ id: report.help_id });
      if (!help) throw new NotFoundException(`Help entry ${report.help_id} does not exist`);
      place = { id_view: help.id_view, question_name: help.question_name, help_id: help.id };
    } else {
      if (!this.urls.viewNames().includes(report.id_view)) {
        throw new BadRequestException([`id_view ${JSON.stringify(report.id_view)} is not a view of this app`]);
      }
      await this.assertRoomForField(report.id_view, report.question_name);
      place = { id_view: report.id_view, question_name: report.question_name, help_id: 0 };
    }
    const now = Date.now();
    await this.pruneOldCounters(now);
    const dataSource = this.counters.manager.connection;
    const { sql, parameters } = incrementHelpUsageCounter(
      await databaseDialect(dataSource),
      (name) => dataSource.driver.escape(name),
      { ...place, kind: report.kind, day: usageDay(now) },
    );
    await dataSource.query(sql, parameters);
  }

  /** The summary of one view's counters; 404 when recording is off. */
  async summary(idView: string): Promise<HelpUsageSummary> {
    this.assertEnabled();
    const rows = await this.counters
      .createQueryBuilder('counter')
      .select('counter.kind', 'kind')
      .addSelect('counter.help_id', 'help_id')
      .addSelect('counter.question_name', 'question_name')
      .addSelect('SUM(counter.count)', 'count')
      .where({ id_view: idView })
      .groupBy('counter.kind')
      .addGroupBy('counter.help_id')
      .addGroupBy('counter.question_name')
      .getRawMany<{
        kind: HelpUsageCount['kind'];
        help_id: number | string;
        question_name: string;
        count: number | string;
      }>();
    // PostgreSQL and MySQL answer sums (and on some drivers ids) as strings.
    const counts = rows.map((row) => ({
      ...row,
      help_id: Number(row.help_id) === 0 ? null : Number(row.help_id),
      count: Number(row.count),
    }));
    return summariseHelpUsage(idView, counts);
  }

  /** A field name the view's counters already carry is always taken; a new one while there is room. */
  private async assertRoomForField(idView: string, questionName: string): Promise<void> {
    const fieldCounters = { id_view: idView, help_id: 0 };
    if (await this.counters.existsBy({ ...fieldCounters, question_name: questionName })) return;
    const known = await this.counters
      .createQueryBuilder('counter')
      .select('COUNT(DISTINCT counter.question_name)', 'names')
      .where(fieldCounters)
      .getRawOne<{ names: number | string }>();
    if (Number(known?.names ?? 0) >= MAX_USAGE_FIELDS_PER_VIEW) {
      throw new BadRequestException([
        `view ${idView} would have usage of more than ${MAX_USAGE_FIELDS_PER_VIEW} fields`,
      ]);
    }
  }

  private async pruneOldCounters(now: number): Promise<void> {
    if (now < this.nextPruneAt) return;
    // Set before the statement, so that the requests meanwhile do not prune as well.
    this.nextPruneAt = now + HELP_USAGE_PRUNE_INTERVAL_MS;
    await this.counters.delete({ day: LessThan(firstKeptUsageDay(now, this.config.helpUsageRetentionDays)) });
  }

  private assertEnabled(): void {
    if (!this.config.helpUsage) throw new NotFoundException('Help usage is not recorded: the helpUsage option is off');
  }
}
