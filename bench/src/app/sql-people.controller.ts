import { BadRequestException, Controller, Get, Query } from '@nestjs/common';
import { parsePeopleQuery, PeopleQueryError } from './people-query.parser.js';
import { PeopleSqlStore, type SqlListAnswer } from './people-sql.store.js';

@Controller('sql/people')
export class SqlPeopleController {
  constructor(private readonly store: PeopleSqlStore) {}

  @Get()
  list(@Query() query: Record<string, unknown>): Promise<SqlListAnswer> {
    try {
      return this.store.list(parsePeopleQuery(query));
    } catch (error) {
      if (error instanceof PeopleQueryError) throw new BadRequestException(error.message);
      throw error;
    }
  }
}
