import type { DynamicModule, Type } from '@nestjs/common';
import { WIDGETLIB_ENTITIES, WidgetLibModule } from '@widgetlib/nest';
import { WidgetlibPeopleController } from './widgetlib-people.controller.js';

export interface LibraryUnderTest {
  controllers: Type[];
  imports: DynamicModule[];
  entities: Type[];
}

/** What a host adds to use widgetlib's data tables: the module, its entities, the controller. */
export const WIDGETLIB_IMPLEMENTATION: LibraryUnderTest = {
  controllers: [WidgetlibPeopleController],
  imports: [WidgetLibModule.forRoot({})],
  entities: [...WIDGETLIB_ENTITIES] as Type[],
};
