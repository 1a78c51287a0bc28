import { Controller, Get, UseGuards } from '@nestjs/common';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { PermissionsGuard, RequirePermissions } from '../src/index.js';
import { asUser, createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';

@Controller('guarded')
@UseGuards(PermissionsGuard)
class GuardedController {
  @Get('undecorated')
  undecorated(): string {
    return 'open';
  }

  @Get('signed-in')
  @RequirePermissions()
  signedIn(): string {
    return 'any user';
  }

  @Get('reports')
  @RequirePermissions('reports.view')
  reports(): string {
    return 'reports';
  }
}

describe('PermissionsGuard', () => {
  let testApp: TestApp;
  let server: App;

  beforeAll(async () => {
    testApp = await createTestApp('sqlite', { controllers: [GuardedController] });
    server = testApp.app.getHttpServer() as App;
  });

  afterAll(() => testApp.close());

  it('lets through a route that carries no permission requirement (the guard installed more widely)', async () => {
    await request(server).get('/guarded/undecorated').expect(200);
  });

  it('@RequirePermissions() with no permission needs an authenticated user', async () => {
    const refused = await request(server).get('/guarded/signed-in').expect(401);
    expect(refused.body.message).toBe('Authentication is required');
    await request(server)
      .get('/guarded/signed-in')
      .set(asUser({ permissions: [] }))
      .expect(200);
  });

  it('@RequirePermissions(permission): 401 without a user, 403 without it, 200 with it', async () => {
    await request(server).get('/guarded/reports').expect(401);
    const refused = await request(server)
      .get('/guarded/reports')
      .set(asUser({ permissions: ['other'] }))
      .expect(403);
    expect(refused.body).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'Missing permission: reports.view',
      missingPermissions: ['reports.view'],
    });
    await request(server)
      .get('/guarded/reports')
      .set(asUser({ permissions: ['reports.view'] }))
      .expect(200);
  });
});
