// @nestjs/swagger is an optional peer: when the host has it, the library documents its routes and
// DTOs; when it does not, these decorators do nothing. There is no top-level `await` here, so that
// CommonJS hosts can `require()` this package's ES module graph (Node.js 20.19+).
import { createRequire } from 'node:module';

type Swagger = typeof import('@nestjs/swagger');
type Decorate = (target: object, key?: string | symbol, descriptor?: PropertyDescriptor) => void;

/** The loaded package, `null` when it is not installed, `undefined` while it is still loading. */
let swagger: Swagger | null | undefined;
const waiting: Array<(swagger: Swagger) => void> = [];

/** Only the absence of @nestjs/swagger itself means "not installed"; a broken install is reported. */
function isNotInstalled(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  return (code === 'MODULE_NOT_FOUND' || code === 'ERR_MODULE_NOT_FOUND') && !!message?.includes("'@nestjs/swagger'");
}

function loadSwagger(): void {
  try {
    swagger = createRequire(import.meta.url)('@nestjs/swagger') as Swagger;
    return;
  } catch (error) {
    const { code } = error as { code?: string };
    if (isNotInstalled(error)) {
      swagger = null;
      return;
    }
    if (code !== 'ERR_REQUIRE_ESM' && code !== 'ERR_REQUIRE_ASYNC_MODULE') throw error;
  }
  // A module loader that cannot require() an ES module (Jest's on Node.js before 24.9, for one)
  // gets it asynchronously; the decorators applied meanwhile take effect when it arrives, before
  // an application has finished starting.
  import('@nestjs/swagger').then(
    (loaded) => {
      swagger = loaded;
      for (const apply of waiting.splice(0)) apply(loaded);
    },
    (error: unknown) => {
      if (!isNotInstalled(error)) throw error;
      swagger = null;
      waiting.length = 0;
    },
  );
}

loadSwagger();

/** Applies the swagger decorators `build` returns, or nothing when swagger is not installed. */
export function ApiDocs(
  build: (swagger: Swagger) => Array<ClassDecorator | MethodDecorator | PropertyDecorator>,
): ClassDecorator & MethodDecorator & PropertyDecorator {
  return (target: object, key?: string | symbol, descriptor?: PropertyDescriptor) => {
    const apply = (loaded: Swagger) => {
      for (const decorator of build(loaded)) (decorator as Decorate)(target, key, descriptor);
    };
    if (swagger) apply(swagger);
    else if (swagger === undefined) waiting.push(apply);
  };
}
