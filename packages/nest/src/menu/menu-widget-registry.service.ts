import { Injectable, type Type } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { PALLETE_WIDGET_URL_NAME } from './menu.constants.js';
import type { MenuWidget } from './menu-widget.types.js';
import { PalleteWidget } from './pallete-widget.service.js';

const DOTTED_NAME = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/;

/**
 * Maps the dotted `url_name` of widget menu items to widget classes. The library registers
 * `widgetlib.menu_widgets.palette.PalleteWidget`; hosts register theirs (the last registration of a
 * name wins). A class is taken from the application's providers when it is one; otherwise it is
 * created with the library's providers (configuration, `UrlResolver`, `PermissionsService`, ...)
 * injected.
 */
@Injectable()
export class MenuWidgetRegistry {
  private readonly widgets = new Map<string, Type<MenuWidget> | MenuWidget>();
  private readonly created = new Map<Type<MenuWidget>, Promise<MenuWidget>>();

  constructor(private readonly moduleRef: ModuleRef) {
    this.register(PALLETE_WIDGET_URL_NAME, PalleteWidget);
  }

  register(urlName: string, widget: Type<MenuWidget> | MenuWidget): void {
    if (!DOTTED_NAME.test(urlName)) {
      throw new Error(`A menu widget name is a dotted identifier such as "app.widgets.Clock", got "${urlName}"`);
    }
    this.widgets.set(urlName, widget);
  }

  has(urlName: string): boolean {
    return this.widgets.has(urlName);
  }

  /** The widget registered under `urlName`, or `null` when there is none. */
  async resolve(urlName: string): Promise<MenuWidget | null> {
    const widget = this.widgets.get(urlName);
    if (widget === undefined) return null;
    if (typeof widget !== 'function') return widget;
    let instance = this.created.get(widget);
    if (!instance) {
      instance = this.instantiate(widget);
      this.created.set(widget, instance);
    }
    return instance;
  }

  private async instantiate(widget: Type<MenuWidget>): Promise<MenuWidget> {
    try {
      return this.moduleRef.get(widget, { strict: false });
    } catch {
      // Not a provider: create it, which can inject only what the widgetlib module sees.
    }
    try {
      return await this.moduleRef.create(widget);
    } catch (error) {
      throw new Error(
        `Menu widget ${widget.name} could not be created (${(error as Error).message.split('\n')[0]}); ` +
          'declare it as a provider of your module, or register an instance',
        { cause: error },
      );
    }
  }
}
