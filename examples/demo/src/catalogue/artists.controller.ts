import { Controller, Get, Query } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { RequirePermissions } from '@widgetlib/nest';
import type { Repository } from 'typeorm';
import { Artist } from './artist.entity.js';

/** Options for remote-search selects of artists: `[{ value, text }]`, at most 20. */
@Controller('artists')
@RequirePermissions('catalogue.view')
export class ArtistsController {
  constructor(@InjectRepository(Artist) private readonly artists: Repository<Artist>) {}

  @Get('options')
  async options(@Query('q') query: unknown): Promise<Array<{ value: number; text: string }>> {
    const term = typeof query === 'string' ? query.trim().slice(0, 100) : '';
    const builder = this.artists.createQueryBuilder('artist').orderBy('artist.name').addOrderBy('artist.id').take(20);
    if (term) {
      const pattern = `%${term.replace(/[\\%_]/g, (character) => `\\${character}`).toLowerCase()}%`;
      builder.where("LOWER(artist.name) LIKE :pattern ESCAPE '\\'", { pattern });
    }
    const artists = await builder.getMany();
    return artists.map((artist) => ({ value: artist.id, text: artist.name }));
  }
}
