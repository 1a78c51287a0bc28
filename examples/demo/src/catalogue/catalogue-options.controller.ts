import { Controller, Get, Query } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { containsPattern, LIKE_ESCAPE, RequirePermissions } from '@widgetlib/nest';
import type { Repository } from 'typeorm';
import { Artist } from './artist.entity.js';
import { Genre } from './genre.entity.js';

interface SelectOption {
  value: number;
  text: string;
}

const MAX_OPTIONS = 20;

/** Options for remote-search selects (`?term=`): `[{ value, text }]`, at most 20, by name. */
@Controller()
@RequirePermissions('catalogue.view')
export class CatalogueOptionsController {
  constructor(
    @InjectRepository(Artist) private readonly artists: Repository<Artist>,
    @InjectRepository(Genre) private readonly genres: Repository<Genre>,
  ) {}

  @Get('artists/options')
  artistOptions(@Query('term') term: unknown): Promise<SelectOption[]> {
    return this.options(this.artists, 'artist', term);
  }

  @Get('genres/options')
  genreOptions(@Query('term') term: unknown): Promise<SelectOption[]> {
    return this.options(this.genres, 'genre', term);
  }

  private async options(
    repository: Repository<{ id: number; name: string }>,
    alias: string,
    term: unknown,
  ): Promise<SelectOption[]> {
    const text = typeof term === 'string' ? term.trim().slice(0, 100) : '';
    const query = repository
      .createQueryBuilder(alias)
      .orderBy(`${alias}.name`)
      .addOrderBy(`${alias}.id`)
      .take(MAX_OPTIONS);
    if (text) {
      query.where(`LOWER(${alias}.name) LIKE :pattern ESCAPE '${LIKE_ESCAPE}'`, {
        pattern: containsPattern(text.toLowerCase()),
      });
    }
    return (await query.getMany()).map((record) => ({ value: record.id, text: record.name }));
  }
}
