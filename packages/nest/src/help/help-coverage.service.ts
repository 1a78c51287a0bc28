import { BadRequestException, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type Repository } from 'typeorm';
import { UrlResolver } from '../views/url-resolver.service.js';
import { HelpField } from './help-field.entity.js';
import { helpCoverage, MAX_REPORTED_FIELDS, type HelpFieldsReport, type HelpViewCoverage } from './help-coverage.js';
import { Help } from './help.entity.js';

/** Which labelled fields of each view have help: the fields the panel reports against the entries. */
@Injectable()
export class HelpCoverageService {
  constructor(
    @InjectRepository(Help) private readonly helps: Repository<Help>,
    @InjectRepository(HelpField) private readonly fields: Repository<HelpField>,
    private readonly urls: UrlResolver,
  ) {}

  /**
   * Remembers the labelled fields a page of a view has; those already known are left alone. Only
   * views of the app are taken, and at most {@link MAX_REPORTED_FIELDS} fields each, so that what
   * readers report stays bounded (a 400 names the problem).
   */
  async report({ id_view, fields }: HelpFieldsReport): Promise<void> {
    if (!this.urls.viewNames().includes(id_view)) {
      throw new BadRequestException([`id_view ${JSON.stringify(id_view)} is not a view of this app`]);
    }
    if (fields.length === 0) return;
    const known = new Set(
      (await this.fields.findBy({ id_view, question_name: In(fields) })).map((field) => field.question_name),
    );
    const fresh = fields.filter((field) => !known.has(field));
    if (fresh.length === 0) return;
    if ((await this.fields.countBy({ id_view })) + fresh.length > MAX_REPORTED_FIELDS) {
      throw new BadRequestException([`view ${id_view} would have more than ${MAX_REPORTED_FIELDS} reported fields`]);
    }
    // Another page of the view may report the same field at the same moment: a duplicate is no news.
    await this.fields
      .createQueryBuilder()
      .insert()
      .values(fresh.map((question_name) => ({ id_view, question_name })))
      .orIgnore()
      .execute();
  }

  async coverage(): Promise<HelpViewCoverage[]> {
    const [reported, entries] = await Promise.all([
      this.fields.find(),
      this.helps.find({ select: { id_view: true, question_name: true, language: true } }),
    ]);
    return helpCoverage(this.urls.viewNames(), reported, entries);
  }
}
