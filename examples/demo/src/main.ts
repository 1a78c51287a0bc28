import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createDemoApp } from './demo-app.js';
import { AppModule } from './app.module.js';
import { demoDatabaseOptions } from './database/data-source.options.js';

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';

const app = await NestFactory.create<NestExpressApplication>(
  AppModule.register({ database: demoDatabaseOptions(), redisUrl: process.env.REDIS_URL }),
  {
    bodyParser: false,
  },
);
createDemoApp(app);
await app.listen(port, host);
console.log(`widgetlib demo on http://${host}:${port}/ (users: admin/admin, editor/editor, viewer/viewer)`);
