import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { InjectWidgetLibConfig, type WidgetLibConfig } from '../widgetlib.config.js';
import { HelpUsageEvent } from './help-usage.entity.js';
import { summariseHelpUsage, type HelpUsageCount, type HelpUsageReport, type HelpUsageSummary } from './help-usage.js';
import { Help } from './help.entity.js';

/** Records readers' events (only with the `helpUsage` option) and summarises them per view. */
@Injectable()
export class HelpUsageService {
  constructor(
    @InjectRepository(Help) private readonly helps: Repository<Help>,
    @InjectRepository(HelpUsageEvent) private readonly events: Repository<HelpUsageEvent>,
    @InjectWidgetLibConfig() private readonly config: WidgetLibConfig,
  ) {}

  get enabled(): boolean {
    return this.config.helpUsage;
  }

  /** Stores one event; 404 when recording is off, or for an entry that does not exist. */
  async record(report: HelpUsageReport, user: string | null): Promise<void> {
    this.assertEnabled();
    let place: { id_view: string; question_name: string; help_id: number | null };
    if ('help_id' in report) {
      const help = await this.helps.findOneBy({ id: report.help_id });
      if (!help) throw new NotFoundException(`Help entry ${report.help_id} does not exist`);
      place = { id_view: help.id_view, question_name: help.question_name, help_id: help.id };
    } else {
      place = { id_view: report.id_view, question_name: report.question_name, help_id: null };
    }
    await this.events.insert({ kind: report.kind, ...place, user_name: user, created_at: new Date() });
  }

  /** The summary of one view's events; 404 when recording is off. */
  async summary(idView: string): Promise<HelpUsageSummary> {
    this.assertEnabled();
    const rows = await this.events
      .createQueryBuilder('event')
      .select('event.kind', 'kind')
      .addSelect('event.help_id', 'help_id')
      .addSelect('event.question_name', 'question_name')
      .addSelect('COUNT(*)', 'count')
      .where({ id_view: idView })
      .groupBy('event.kind')
      .addGroupBy('event.help_id')
      .addGroupBy('event.question_name')
      .getRawMany<{
        kind: HelpUsageCount['kind'];
        help_id: number | string | null;
        question_name: string;
        count: number | string;
      }>();
    // PostgreSQL and MySQL answer counts (and on some drivers ids) as strings.
    const counts = rows.map((row) => ({
      ...row,
      help_id: row.help_id === null ? null : Number(row.help_id),
      count: Number(row.count),
    }));
    return summariseHelpUsage(idView, counts);
  }

  private assertEnabled(): void {
    if (!this.config.helpUsage) throw new NotFoundException('Help usage is not recorded: the helpUsage option is off');
  }
}
