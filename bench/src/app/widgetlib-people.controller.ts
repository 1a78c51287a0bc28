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
 * widgetlib's `@DataTable`, as docs/design.md 2.6 shows it, configured as the README advises for a
 * PostgreSQL table of a million rows: `recordsTotal` of a filtered request from the planner's
 * estimate. `widgetlib-exact/people` is the same table with the default exact `recordsTotal`.
 */
@Controller()
export class WidgetlibPeopleController {
  constructor(@InjectRepository(Person) private readonly people: Repository<Person>) {}

  @Get('widgetlib/people')
  @DataTable({ ...PEOPLE_TABLE, estimatedTotalAbove: 100_000 })
  list(): SelectQueryBuilder<Person> {
    return this.baseQuery();
  }

  @Get('widgetlib-exact/people')
  @DataTable(PEOPLE_TABLE)
  listWithExactTotal(): SelectQueryBuilder<Person> {
    return this.baseQuery();
  }

  private baseQuery(): SelectQueryBuilder<Person> {
    return this.people
      .createQueryBuilder('person')
      .leftJoinAndSelect('person.country', 'country')
      .leftJoinAndSelect('person.tags', 'tags');
  }
}
