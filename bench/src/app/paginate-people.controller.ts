import { Controller, Get } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { FilterOperator, Paginate, paginate, type PaginateConfig, type PaginateQuery } from 'nestjs-paginate';
import type { Repository } from 'typeorm';
import { Person } from './person.entity.js';

/** The TypeORM data source of nestjs-paginate's endpoint (widgetlib's is the default one). */
export const PAGINATE_DATA_SOURCE = 'paginate';

/** nestjs-paginate as its README shows it, for the same relations, search fields and filters. */
export const PEOPLE_PAGINATE_CONFIG: PaginateConfig<Person> = {
  sortableColumns: ['id', 'name', 'born', 'createdAt', 'country.name'],
  defaultSortBy: [['id', 'ASC']],
  searchableColumns: ['name', 'email', 'country.name'],
  filterableColumns: {
    name: [FilterOperator.ILIKE],
    born: [FilterOperator.BTW],
    active: [FilterOperator.EQ],
    'tags.name': [FilterOperator.EQ],
  },
  relations: { country: true, tags: true },
  defaultLimit: 10,
  maxLimit: 100,
};

/**
 * `paginate/people` with nestjs-paginate's default count (over the page statement with its joins);
 * `paginate-optimized/people` with `optimizedCount: true`, which counts without the LEFT joins that
 * no condition reads.
 */
@Controller()
export class PaginatePeopleController {
  constructor(@InjectRepository(Person, PAGINATE_DATA_SOURCE) private readonly people: Repository<Person>) {}

  @Get('paginate/people')
  list(@Paginate() query: PaginateQuery) {
    return paginate(query, this.people, PEOPLE_PAGINATE_CONFIG);
  }

  @Get('paginate-optimized/people')
  listWithOptimizedCount(@Paginate() query: PaginateQuery) {
    return paginate(query, this.people, { ...PEOPLE_PAGINATE_CONFIG, optimizedCount: true });
  }
}
