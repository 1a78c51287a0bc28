/**
 * The benchmarked Nest application, run in its own process so that the load generator does not share
 * its event loop. `BENCH_DATABASE` (JSON) says which database; the parent learns the port over IPC.
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { AddressInfo } from 'node:net';
import { BenchAppModule, type BenchDatabase } from './app/bench-app.module.js';
import { countStatements } from './app/statement.counter.js';
import { WIDGETLIB_IMPLEMENTATION } from './app/widgetlib.implementation.js';
import { IMPLEMENTATIONS } from './implementations.js';

export interface ServerReady {
  port: number;
  implementations: string[];
}

countStatements();
const database = JSON.parse(process.env.BENCH_DATABASE ?? '') as BenchDatabase;
const app = await NestFactory.create(BenchAppModule.forDatabase(database, WIDGETLIB_IMPLEMENTATION), {
  logger: ['error', 'warn'],
});
await app.listen(0, '127.0.0.1');
const ready: ServerReady = {
  port: (app.getHttpServer().address() as AddressInfo).port,
  implementations: [...IMPLEMENTATIONS],
};
process.send?.(ready);
process.on('SIGTERM', () => {
  void app.close().finally(() => process.exit(0));
});
// The harness is gone (it ended or was stopped): nothing will measure this server any more.
process.on('disconnect', () => process.exit(0));
