import { Controller, Get } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataTable, type DataTableOptions } from '@widgetlib/nest';
import type { Repository, SelectQueryBuilder } from 'typeorm';
import { Person } from './person.entity.js';

/** The same relations, search fields and filters as the other implementations. */
const PEOPLE_TABLE: DataTableOptions<Person> = {
  searchFields: ['name', 'email', 'country__name'],
  orderingFields: ['id', 'name', 'born', 'createdAt', 'country__name'],
  defaultOrdering: ['id'],
  filters: { name: ['icontains'], born: ['range'], active: ['exact'], tags__name: ['exact'] },
  pageSize: 10,
  maxPageSize: 100,
};

/**
 * widgetlib's `@DataTable`, as docs/design.md 2.6 shows it: `widgetlib/people` with the library's
 * defaults (`recordsFiltered` exact on every request, a filtered request's total from the count
 * cache), `widgetlib-cached/people` with every count kept
 * (`count: 'cached'`; kept in memory, as this host registers no global `CacheModule`).
 */
@Controller()
export class WidgetlibPeopleController {
  constructor(@InjectRepository(Person) private readonly people: Repository<Person>) {}

  @Get('widgetlib/people')
  @DataTable(PEOPLE_TABLE)
  list(): SelectQueryBuilder<Person> {
    return this.baseQuery();
  }

  @Get('widgetlib-cached/people')
  @DataTable({ ...PEOPLE_TABLE, count: 'cached' })
  listWithCountCache(): SelectQueryBuilder<Person> {
    return this.baseQuery();
  }

  /** The aggregate scenario (`src/aggregate.bench.ts`): the same table with the sum of `age` over every match. */
  @Get('widgetlib-totals/people')
  @DataTable({ ...PEOPLE_TABLE, aggregates: { age: ['sum'] } })
  listWithTotals(): SelectQueryBuilder<Person> {
    return this.baseQuery();
  }

  private baseQuery(): SelectQueryBuilder<Person> {
    return this.people
      .createQueryBuilder('person')
      .leftJoinAndSelect('person.country', 'country')
      .leftJoinAndSelect('person.tags', 'tags');
  }
}
