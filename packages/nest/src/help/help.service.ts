import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { isUniqueViolation, textColumnByteCapacity } from '../common/database-errors.js';
import { sanitizeHelpHtmlMeasured } from './help-html.sanitizer.js';
import { helpTextLimitProblem } from './help-text.limits.js';
import { Help } from './help.entity.js';

/** The four fields of a help entry, as a host or the API provides them. */
export interface HelpInput {
  id_view: string;
  question_name: string;
  help_title: string;
  help_text?: string;
}

export interface HelpFilter {
  id_view?: string;
  question_name?: string;
}

/** Creates, finds, updates and deletes help entries; `help_text` is sanitised on every write. */
@Injectable()
export class HelpService {
  constructor(@InjectRepository(Help) private readonly helps: Repository<Help>) {}

  /** Entries matching every given filter exactly, ordered by `question_name`, then `id`. */
  list(filter: HelpFilter = {}): Promise<Help[]> {
    const where: HelpFilter = {};
    if (filter.id_view !== undefined) where.id_view = filter.id_view;
    if (filter.question_name !== undefined) where.question_name = filter.question_name;
    return this.helps.find({ where, order: { question_name: 'ASC', id: 'ASC' } });
  }

  findOne(id: number): Promise<Help | null> {
    return this.helps.findOneBy({ id });
  }

  /** The entry with this id; `NotFoundException` when there is none. */
  async get(id: number): Promise<Help> {
    const help = await this.findOne(id);
    if (!help) throw new NotFoundException(`Help entry ${id} does not exist`);
    return help;
  }

  create(input: HelpInput): Promise<Help> {
    return this.save(this.helps.create({ ...input, help_text: input.help_text ?? '' }));
  }

  /** Replaces every field of an entry; a missing `help_text` becomes empty. */
  async replace(id: number, input: HelpInput): Promise<Help> {
    const help = await this.get(id);
    return this.save(this.helps.merge(help, { ...input, help_text: input.help_text ?? '' }));
  }

  /** Changes only the given fields of an entry. */
  async update(id: number, changes: Partial<HelpInput>): Promise<Help> {
    const help = await this.get(id);
    return this.save(this.helps.merge(help, changes));
  }

  async remove(id: number): Promise<void> {
    const { affected } = await this.helps.delete({ id });
    if (!affected) throw new NotFoundException(`Help entry ${id} does not exist`);
  }

  private async save(help: Help): Promise<Help> {
    // The entity sanitises on save too; here the limits need the text it will store.
    const sanitised = sanitizeHelpHtmlMeasured(help.help_text);
    const problem = helpTextLimitProblem(sanitised);
    if (problem) throw new BadRequestException(problem);
    help.help_text = sanitised.html;
    const capacity = textColumnByteCapacity(this.helps.manager.connection.options.type);
    if (capacity !== null && Buffer.byteLength(help.help_text, 'utf8') > capacity) {
      throw new BadRequestException(`help_text is too long: this database stores at most ${capacity} bytes of UTF-8`);
    }
    try {
      return await this.helps.save(help);
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new ConflictException(
          `A help entry for id_view "${help.id_view}" and question_name "${help.question_name}" already exists`,
        );
      }
      throw error;
    }
  }
}
