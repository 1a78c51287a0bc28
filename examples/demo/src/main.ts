import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createDemoApp } from './demo-app.js';
import { AppModule } from './app.module.js';
import { demoDatabaseOptions } from './database/data-source.options.js';

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';

/**
 * Ctrl+C (SIGINT), or SIGTERM / SIGHUP from a service manager, closes the app (HTTP server, database
 * connections, session store, every shutdown hook) and ends the process with 0: a stop that was
 * asked for is no failure. Not Nest's `enableShutdownHooks()`: it raises the signal again once
 * closed, so the process ends killed by it (130, 143), which npm and pnpm report as a failed
 * script. The signal often comes twice (the terminal signals the whole process group, and the
 * runner passes it on too): one close is enough.
 */
function closeOnSignals(app: INestApplication): void {
  let closing = false;
  const close = () => {
    if (closing) return;
    closing = true;
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('The demo did not close cleanly:', error);
        process.exit(1);
      },
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, close);
}

const app = await NestFactory.create<NestExpressApplication>(
  AppModule.register({ database: demoDatabaseOptions(), redisUrl: process.env.REDIS_URL }),
  {
    bodyParser: false,
  },
);
createDemoApp(app);
closeOnSignals(app);
await app.listen(port, host);
const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
console.log(`widgetlib demo on ${url}/ (users: admin/admin, editor/editor, viewer/viewer)`);
