import { Controller, Get, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Exclude, Expose } from 'class-transformer';
import { IsString } from 'class-validator';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import {
  Column,
  Entity,
  ManyToOne,
  PrimaryGeneratedColumn,
  Repository,
  type Relation,
  type SelectQueryBuilder,
} from 'typeorm';
import { AUTHENTICATED, DataTable, DataTableResource } from '../src/index.js';
import { createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';

// In ES-module mode jest's object is not a global.
const mocks = (import.meta as unknown as { jest: typeof jest }).jest;

@Entity('fixture_team')
@Exclude()
class Team {
  @Expose()
  @PrimaryGeneratedColumn()
  id!: number;

  @Expose()
  @Column({ type: 'varchar', length: 40 })
  name!: string;

  /** Not exposed under the class's excluding strategy. */
  @Column({ type: 'varchar', length: 40, default: '' })
  budget_code!: string;
}

@Entity('fixture_member')
class Member {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 40 })
  name!: string;

  @Exclude()
  @Column({ type: 'varchar', length: 40, default: '' })
  salary_band!: string;

  @Column({ type: 'varchar', length: 64, default: '', select: false })
  password_hash!: string;

  @ManyToOne(() => Team, { nullable: true })
  team!: Relation<Team> | null;
}

class MemberDto {
  @IsString()
  name!: string;
}

@Controller('members')
class MembersController {
  constructor(@InjectRepository(Member) private readonly members: Repository<Member>) {}

  @Get('by-salary')
  @DataTable({ orderingFields: ['name', 'salary_band'] })
  bySalary(): SelectQueryBuilder<Member> {
    return this.members.createQueryBuilder('member');
  }

  @Get('by-password')
  @DataTable({ filters: { password_hash: ['exact'] } })
  byPassword(): SelectQueryBuilder<Member> {
    return this.members.createQueryBuilder('member');
  }

  @Get('by-team-budget')
  @DataTable({ searchFields: ['team__budget_code'] })
  byTeamBudget(): SelectQueryBuilder<Member> {
    return this.members.createQueryBuilder('member');
  }

  @Get('by-salary-allowed')
  @DataTable({ orderingFields: ['name', 'salary_band'], allowHiddenPaths: ['salary_band'] })
  bySalaryAllowed(): SelectQueryBuilder<Member> {
    return this.members.createQueryBuilder('member');
  }

  @Get('by-team-name')
  @DataTable({ searchFields: ['name', 'team__name'] })
  byTeamName(): SelectQueryBuilder<Member> {
    return this.members.createQueryBuilder('member').leftJoinAndSelect('member.team', 'team');
  }
}

@Controller('member-resource')
class MemberResourceController extends DataTableResource({
  entity: Member,
  name: 'member-resource',
  createDto: MemberDto,
  permissions: { list: AUTHENTICATED },
  dataTable: { filters: { password_hash: ['exact'] } },
}) {}

describeEachDatabase('Data table paths over hidden columns', (kind) => {
  let testApp: TestApp;
  let server: App;
  let logged: string[];

  beforeAll(async () => {
    testApp = await createTestApp(kind, {
      entities: [Team, Member],
      imports: [TypeOrmModule.forFeature([Member])],
      controllers: [MembersController],
    });
    server = testApp.app.getHttpServer() as App;
    const team = await testApp.dataSource.getRepository(Team).save({ name: 'Core', budget_code: 'B-7' });
    await testApp.dataSource.getRepository(Member).save([
      { name: 'Ada', salary_band: 'S3', password_hash: 'x1', team },
      { name: 'Grace', salary_band: 'S1', password_hash: 'x2', team },
    ]);
  });

  afterAll(() => testApp.close());

  beforeEach(() => {
    logged = [];
    mocks.spyOn(Logger.prototype, 'error').mockImplementation((message: unknown) => {
      logged.push(String(message));
    });
  });

  afterEach(() => mocks.restoreAllMocks());

  it.each([
    ['an @Exclude column as an ordering field', '/members/by-salary', 'salary_band'],
    ['a select: false column as a filter', '/members/by-password', 'password_hash'],
    ['a column a related class does not expose, as a search field', '/members/by-team-budget', 'team__budget_code'],
  ])('refuses %s with a 500 and a log line naming the path', async (_title, path, hidden) => {
    await request(server).get(path).expect(500);
    expect(logged.join('\n')).toContain(
      `${hidden} reaches a hidden column (select: false or @Exclude): searching, filtering or ordering by it would reveal its values; ` +
        'list it in allowHiddenPaths if that is intended',
    );
  });

  it('serves a hidden path the table lists in allowHiddenPaths, without showing the column', async () => {
    const response = await request(server)
      .get('/members/by-salary-allowed')
      .query({ ordering: 'salary_band' })
      .expect(200);
    expect(response.body.data.map((row: Member) => row.name)).toEqual(['Grace', 'Ada']);
    expect(response.body.data[0]).not.toHaveProperty('salary_band');
  });

  it('serves the columns a related class exposes', async () => {
    const response = await request(server).get('/members/by-team-name').query({ search: 'core' }).expect(200);
    expect(response.body.recordsFiltered).toBe(2);
    expect(response.body.data[0].team).toEqual({ id: expect.any(Number), name: 'Core' });
  });

  it('a DataTableResource over a hidden path refuses to start', async () => {
    await expect(
      createTestApp(kind, {
        entities: [Team, Member],
        imports: [TypeOrmModule.forFeature([Member])],
        controllers: [MemberResourceController],
      }),
    ).rejects.toThrow(
      'DataTableResource "member-resource": password_hash reaches a hidden column (select: false or @Exclude)',
    );
  });
});
