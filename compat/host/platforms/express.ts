import type { INestApplication, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';

export function createApp(module: Type<unknown>): Promise<INestApplication> {
  return NestFactory.create<NestExpressApplication>(module, { logger: ['error'] });
}
