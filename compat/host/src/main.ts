// A host application that knows widgetlib only through its installed packages. It seeds the rows
// of seed.json (written by the compatibility suite), starts on a free port and prints its URL.
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { MenuService } from '@widgetlib/nest';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module.js';
import { Album, Artist } from './catalogue.js';
import { OpenApiController } from './controllers.js';
import { createApp } from './platform.js';

interface Seed {
  artists: Array<{ id: number; name: string }>;
  albums: Array<{ id: number; title: string; year: number; artist: number }>;
}

async function main(): Promise<void> {
  const seed = JSON.parse(readFileSync('seed.json', 'utf8')) as Seed;
  const app = await createApp(AppModule);
  await app.init();
  const dataSource = app.get(DataSource);
  // The library's tables come from its migrations; the host's own from its entities.
  await dataSource.synchronize();
  await dataSource.getRepository(Artist).save(seed.artists);
  await dataSource
    .getRepository(Album)
    .save(seed.albums.map(({ artist, ...album }) => ({ ...album, artist: { id: artist } })));
  await app.get(MenuService).registerHelpPanel();
  OpenApiController.document = SwaggerModule.createDocument(app, new DocumentBuilder().setTitle('compat host').build());
  await app.listen(0, '127.0.0.1');
  console.log(`LISTENING ${(await app.getUrl()).replace('[::1]', '127.0.0.1')}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
