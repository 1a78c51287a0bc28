import { Controller, Get } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataTable } from '@widgetlib/nest';
import type { Repository, SelectQueryBuilder } from 'typeorm';
import { Person } from './person.entity.js';

/** widgetlib's `@DataTable`, as DESIGN.md 2.6 shows it, for the same relations, search fields and filters. */
@Controller('widgetlib/people')
export class WidgetlibPeopleController {
  constructor(@InjectRepository(Person) private readonly people: Repository<Person>) {}

  @Get()
  @DataTable({
    searchFields: ['name', 'email', 'country__name'],
    orderingFields: ['id', 'name', 'born', 'createdAt', 'country__name'],
    defaultOrdering: ['id'],
    filters: { name: ['icontains'], born: ['range'], active: ['exact'], tags__name: ['exact'] },
    pageSize: 10,
    maxPageSize: 100,
  })
  list(): SelectQueryBuilder<Person> {
    return this.people
      .createQueryBuilder('person')
      .leftJoinAndSelect('person.country', 'country')
      .leftJoinAndSelect('person.tags', 'tags');
  }
}
