import { BadRequestException, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, IsNull, Not, type Repository } from 'typeorm';
import { UrlResolver } from '../../views/url-resolver.service.js';
import { InjectWidgetLibConfig, type WidgetLibConfig } from '../../widgetlib.config.js';
import { HelpFieldReport } from './help-field-report.entity.js';
import { HelpField } from './help-field.entity.js';
import {
  confirmedNames,
  helpCoverage,
  MAX_REPORTED_FIELDS,
  MAX_UNCONFIRMED_FIELDS_PER_REPORTER,
  reporterKey,
  type HelpFieldsReport,
  type HelpViewCoverage,
} from './help-coverage.checks.js';
import { Help } from '../help.entity.js';

const labelOf = (labels: Record<string, string>, name: string): string | null =>
  Object.hasOwn(labels, name) ? labels[name]! : null;

/**
 * Which labelled fields of each view have help: the fields the panel reports against the entries. A
 * field is listed once `helpCoverageReporters` distinct users reported it; until then each user's
 * report is kept on its own, so that one reader cannot fill a view's fields with names it made up.
 */
@Injectable()
export class HelpCoverageService {
  constructor(
    @InjectRepository(Help) private readonly helps: Repository<Help>,
    @InjectRepository(HelpField) private readonly fields: Repository<HelpField>,
    @InjectRepository(HelpFieldReport) private readonly reports: Repository<HelpFieldReport>,
    private readonly urls: UrlResolver,
    @InjectWidgetLibConfig() private readonly config: WidgetLibConfig,
  ) {}

  /**
   * Takes the labelled fields a page of a view has, as `userName` (`getUserName`'s name) saw them;
   * fields already listed are left alone. Only views of the app are taken, at most
   * {@link MAX_REPORTED_FIELDS} listed fields each, and at most
   * {@link MAX_UNCONFIRMED_FIELDS_PER_REPORTER} fields per user that too few others reported yet (a
   * 400 names the bound), so that what readers report stays bounded.
   */
  async report({ id_view, fields, labels = {} }: HelpFieldsReport, userName: string | null = null): Promise<void> {
    if (!this.urls.viewNames().includes(id_view)) {
      throw new BadRequestException([`id_view ${JSON.stringify(id_view)} is not a view of this app`]);
    }
    if (fields.length === 0) return;
    const listedFields = await this.fields.findBy({ id_view, question_name: In(fields) });
    await this.labelUnlabelled(listedFields, labels);
    const listed = new Set(listedFields.map((field) => field.question_name));
    const fresh = fields.filter((field) => !listed.has(field));
    if (fresh.length === 0) return;
    const required = this.config.helpCoverageReporters;
    if (required === 1) return this.list(id_view, fresh, labels);

    const reporter = reporterKey(userName);
    const mine = new Set(
      (await this.reports.find({ select: { question_name: true }, where: { id_view, reporter } })).map(
        (report) => report.question_name,
      ),
    );
    const added = fresh.filter((field) => !mine.has(field));
    if (mine.size + added.length > MAX_UNCONFIRMED_FIELDS_PER_REPORTER) {
      throw new BadRequestException([
        `a user may report at most ${MAX_UNCONFIRMED_FIELDS_PER_REPORTER} fields of view ${id_view} ` +
          `that fewer than ${required} users reported`,
      ]);
    }
    if (added.length === 0) return;
    // The fields this report completes, judged before anything is written: past the view's bound, nothing is.
    const others = await this.reporterCounts(id_view, added, reporter);
    const completing = confirmedNames(new Map(added.map((field) => [field, (others.get(field) ?? 0) + 1])), required);
    await this.assertRoom(id_view, completing.length);
    await this.reports
      .createQueryBuilder()
      .insert()
      .values(added.map((question_name) => ({ id_view, reporter, question_name })))
      .orIgnore()
      .execute();
    // Counted again once written: of two users reporting a field at the same moment, the later count sees both.
    const complete = confirmedNames(await this.reporterCounts(id_view, fresh), required);
    if (complete.length > 0) await this.list(id_view, complete, labels);
    // A listed field needs its reports no more, this report's included when another listed the field meanwhile.
    const nowListed = (await this.fields.findBy({ id_view, question_name: In(fresh) })).map(
      (field) => field.question_name,
    );
    if (nowListed.length > 0) await this.reports.delete({ id_view, question_name: In(nowListed) });
  }

  /** Forgets every field reported for the view, listed or not; the panel reports them again as readers visit. */
  async clear(idView: string): Promise<void> {
    await this.fields.delete({ id_view: idView });
    await this.reports.delete({ id_view: idView });
  }

  async coverage(): Promise<HelpViewCoverage[]> {
    const [reported, entries] = await Promise.all([
      this.fields.find(),
      this.helps.find({ select: { id_view: true, question_name: true, language: true } }),
    ]);
    return helpCoverage(this.urls.pageViewNames(), reported, entries);
  }

  /** Lists fields of the view, with the labels their page gave them, within its bound. */
  private async list(id_view: string, names: string[], labels: Record<string, string>): Promise<void> {
    await this.assertRoom(id_view, names.length);
    // Another page of the view may report the same field at the same moment: a duplicate is no news.
    await this.fields
      .createQueryBuilder()
      .insert()
      .values(names.map((question_name) => ({ id_view, question_name, label: labelOf(labels, question_name) })))
      .orIgnore()
      .execute();
  }

  /**
   * Gives listed fields that have no label yet (listed before labels were reported) the one this
   * report has; a label once kept stays until an admin clears the view.
   */
  private async labelUnlabelled(listed: readonly HelpField[], labels: Record<string, string>): Promise<void> {
    for (const field of listed) {
      const label = labelOf(labels, field.question_name);
      if (field.label !== null || label === null) continue;
      await this.fields.update({ id: field.id, label: IsNull() }, { label });
    }
  }

  private async assertRoom(id_view: string, more: number): Promise<void> {
    if (more > 0 && (await this.fields.countBy({ id_view })) + more > MAX_REPORTED_FIELDS) {
      throw new BadRequestException([`view ${id_view} would have more than ${MAX_REPORTED_FIELDS} reported fields`]);
    }
  }

  /** How many distinct users reported each of `names` (those no one reported are left out), `except` one. */
  private async reporterCounts(id_view: string, names: string[], except?: string): Promise<Map<string, number>> {
    const rows = await this.reports
      .createQueryBuilder('report')
      .select('report.question_name', 'question_name')
      .addSelect('COUNT(*)', 'reporters')
      .where({ id_view, question_name: In(names), ...(except === undefined ? {} : { reporter: Not(except) }) })
      .groupBy('report.question_name')
      .getRawMany<{ question_name: string; reporters: number | string }>();
    return new Map(rows.map((row) => [row.question_name, Number(row.reporters)]));
  }
}
