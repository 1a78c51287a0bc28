import { MODULE_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import type { Type } from '@nestjs/common';
import { BooksController } from '../../test/fixtures/book-resource.fixture.js';
import { WidgetLibModule } from '../widgetlib.module.js';
import { CheckedInputPipe } from './checked-input.pipe.js';
import { CheckedValidationPipe } from './checked-validation.pipe.js';

interface RouteArgument {
  index: number;
  pipes?: unknown[];
}

/** The methods of a controller and of the classes it extends (a `DataTableResource`'s routes are its base's). */
function methodNames(controller: Type): string[] {
  const names = new Set<string>();
  for (let prototype: object | null = controller.prototype as object; prototype && prototype !== Object.prototype;) {
    for (const name of Object.getOwnPropertyNames(prototype)) if (name !== 'constructor') names.add(name);
    prototype = Object.getPrototypeOf(prototype) as object | null;
  }
  return [...names];
}

/** `Class.method(argument n)` for each body or query argument of a route without the input rule. */
function unchecked(controller: Type): string[] {
  const found: string[] = [];
  for (const name of methodNames(controller)) {
    const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<string, RouteArgument>;
    for (const [key, argument] of Object.entries(args)) {
      const type = Number(key.split(':')[0]);
      if (type !== RouteParamtypes.BODY && type !== RouteParamtypes.QUERY) continue;
      const checked = (argument.pipes ?? []).some(
        (pipe) => pipe instanceof CheckedInputPipe || pipe instanceof CheckedValidationPipe,
      );
      if (!checked) found.push(`${controller.name}.${name}(argument ${argument.index})`);
    }
  }
  return found;
}

describe('the input rule of the library routes', () => {
  it("goes with every body and query of the module's controllers and of a DataTableResource", () => {
    const controllers = Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, WidgetLibModule) as Type[];
    expect(controllers.length).toBeGreaterThanOrEqual(6);
    const counted = [...controllers, BooksController].map((controller) => ({
      controller: controller.name,
      unchecked: unchecked(controller),
    }));
    expect(counted.filter((each) => each.unchecked.length > 0)).toEqual([]);
    // The walk finds the arguments it checks: the resource's create and update bodies at least.
    const bodies = methodNames(BooksController).filter((name) =>
      Object.keys(Reflect.getMetadata(ROUTE_ARGS_METADATA, BooksController, name) ?? {}).some(
        (key) => Number(key.split(':')[0]) === RouteParamtypes.BODY,
      ),
    );
    expect(bodies.length).toBeGreaterThanOrEqual(2);
  });
});
