// The host applications the compatibility suite builds: each line of Nest, TypeORM and
// class-validator widgetlib declares, on Express and on Fastify, as a CommonJS or an ES-module host.
// The versions are npm ranges; the summary reports what each install resolved them to.

const shared = {
  'class-transformer': '^0.5.1',
  'reflect-metadata': '^0.2.2',
  rxjs: '^7.8.0',
  pg: '^8.11.0',
};

const nest11 = {
  '@nestjs/common': '^11.0.0',
  '@nestjs/core': '^11.0.0',
  '@nestjs/typeorm': '^11.0.0',
  '@nestjs/swagger': '^11.0.0',
  'class-validator': '~0.14.0',
};

const nest12 = {
  '@nestjs/common': '^12.0.0',
  '@nestjs/core': '^12.0.0',
  '@nestjs/typeorm': '^12.0.0',
  '@nestjs/swagger': '^12.0.0',
  'class-validator': '~0.15.0',
  typeorm: '^1.1.0',
  'better-sqlite3': '^12.0.0',
};

/**
 * `module`: the host's package type and TypeScript settings (`commonjs`: no "type", `module: node16`,
 * the strictest setting for CommonJS output; `esm`: "type": "module", `module: nodenext`).
 */
export const COMBINATIONS = [
  {
    name: 'nest11-typeorm0.3-express-cjs',
    module: 'commonjs',
    platform: 'express',
    // The lowest TypeORM widgetlib declares; TypeORM 0.3.20 accepts better-sqlite3 up to 9.
    dependencies: {
      ...shared,
      ...nest11,
      '@nestjs/platform-express': '^11.0.0',
      typeorm: '0.3.20',
      'better-sqlite3': '^9.6.0',
    },
    devDependencies: { '@types/express': '^5.0.0' },
  },
  {
    name: 'nest11-typeorm0.3-fastify-cjs',
    module: 'commonjs',
    platform: 'fastify',
    dependencies: {
      ...shared,
      ...nest11,
      '@nestjs/platform-fastify': '^11.0.0',
      typeorm: '~0.3.28',
      'better-sqlite3': '^12.0.0',
    },
  },
  {
    name: 'nest12-typeorm1-express-esm',
    module: 'esm',
    platform: 'express',
    dependencies: { ...shared, ...nest12, '@nestjs/platform-express': '^12.0.0' },
    devDependencies: { '@types/express': '^5.0.0' },
  },
  {
    name: 'nest12-typeorm1-fastify-esm',
    module: 'esm',
    platform: 'fastify',
    dependencies: { ...shared, ...nest12, '@nestjs/platform-fastify': '^12.0.0' },
  },
];

/** The packages whose installed versions the summary reports. */
export const REPORTED_PACKAGES = [
  '@nestjs/common',
  '@nestjs/core',
  '@nestjs/platform-express',
  '@nestjs/platform-fastify',
  'fastify',
  'express',
  '@nestjs/typeorm',
  '@nestjs/swagger',
  'typeorm',
  'class-validator',
  'class-transformer',
  'better-sqlite3',
  'pg',
  '@types/express',
  'typescript',
];
