import type { INestApplication, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';

export function createApp(module: Type<unknown>): Promise<INestApplication> {
  return NestFactory.create<NestFastifyApplication>(module, new FastifyAdapter(), { logger: ['error'] });
}
