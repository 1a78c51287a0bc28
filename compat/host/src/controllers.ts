import { Controller, Get, Req, Res } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { formatDataTableParams, type WidgetLibColumn } from '@widgetlib/client';
import {
  AUTHENTICATED,
  DataTable,
  DataTableResource,
  DateFormatsService,
  MenuService,
  SIDEBAR_FOOTER_CATEGORY,
  ViewName,
} from '@widgetlib/nest';
import type { Repository, SelectQueryBuilder } from 'typeorm';
import { Album, Book, BookDto } from './catalogue.js';

@Controller('albums')
export class AlbumsController {
  constructor(@InjectRepository(Album) private readonly albums: Repository<Album>) {}

  @Get()
  @DataTable({
    searchFields: ['title', 'artist__name'],
    orderingFields: ['title', 'year', 'artist__name'],
    defaultOrdering: ['title'],
    filters: { title: ['icontains', 'exact'], year: ['range', 'gte', 'lte'], artist__name: ['icontains'] },
  })
  list(): SelectQueryBuilder<Album> {
    return this.albums.createQueryBuilder('album').leftJoinAndSelect('album.artist', 'artist');
  }
}

@Controller('books')
export class BooksController extends DataTableResource({
  entity: Book,
  name: 'books',
  createDto: BookDto,
  permissions: {
    list: 'books.view',
    // Any signed-in user may read a book; bulk delete is not declared, so it is not served.
    retrieve: AUTHENTICATED,
    create: 'books.add',
    update: 'books.change',
    delete: 'books.delete',
  },
  dataTable: { searchFields: ['title'], orderingFields: ['title', 'pages'], filters: { pages: ['gte', 'lte'] } },
}) {}

/** A server-rendered page's parts: the sidebar footer (help panel), the date formats, the view context. */
@Controller('pages')
export class PagesController {
  constructor(
    private readonly menu: MenuService,
    private readonly dates: DateFormatsService,
  ) {}

  @Get('album-form')
  @ViewName('catalogue:album-form')
  async albumForm(
    @Req() request: unknown,
    @Res({ passthrough: true }) response: { locals?: Record<string, unknown> },
  ): Promise<{ footer: string; dateFormats: string; locals: unknown }> {
    return {
      footer: await this.menu.renderCategory(SIDEBAR_FOOTER_CATEGORY, request),
      dateFormats: this.dates.dateFormatsScript(),
      locals: response.locals?.widgetlib ?? null,
    };
  }
}

/**
 * The query the client package sends for a DataTables request (searching "bjork", ordering by year
 * descending, the second page of two rows): the host then asks its own @DataTable endpoint with it.
 */
@Controller('client-query')
export class ClientQueryController {
  @Get()
  get(): { query: string } {
    const columns: WidgetLibColumn[] = [
      { data: 'title', name: 'title', type: 'string' },
      { data: 'year', name: 'year', type: 'number' },
    ];
    const dataTablesRequest = {
      draw: 5,
      start: 2,
      length: 2,
      search: { value: 'BJÖRK', regex: false },
      order: [{ column: 1, dir: 'desc' }],
      columns: columns.map((column) => ({
        data: column.data,
        name: column.name,
        searchable: true,
        orderable: true,
        search: { value: '', regex: false },
      })),
    } as unknown as Parameters<typeof formatDataTableParams>[0];
    const params = formatDataTableParams(dataTablesRequest, { columns });
    return {
      query: new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)])).toString(),
    };
  }
}

/** The OpenAPI document @nestjs/swagger builds at startup (main.ts). */
@Controller('openapi.json')
export class OpenApiController {
  static document: unknown = null;

  @Get()
  get(): unknown {
    return OpenApiController.document;
  }
}
