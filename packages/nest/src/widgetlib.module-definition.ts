import { ConfigurableModuleBuilder } from '@nestjs/common';
import type { WidgetLibModuleExtras, WidgetLibModuleOptions } from './widgetlib.options.js';

export const {
  ConfigurableModuleClass: ConfigurableWidgetLibModule,
  MODULE_OPTIONS_TOKEN: WIDGETLIB_MODULE_OPTIONS,
  OPTIONS_TYPE: WIDGETLIB_OPTIONS_TYPE,
  ASYNC_OPTIONS_TYPE: WIDGETLIB_ASYNC_OPTIONS_TYPE,
} = new ConfigurableModuleBuilder<WidgetLibModuleOptions>({ moduleName: 'WidgetLib' })
  .setClassMethodName('forRoot')
  .setFactoryMethodName('createWidgetLibOptions')
  .setExtras<WidgetLibModuleExtras>({ routePrefix: '' }, (definition) => definition)
  .build();
