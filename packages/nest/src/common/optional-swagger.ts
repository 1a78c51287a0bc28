// @nestjs/swagger is an optional peer: when the host has it, the library documents its routes and
// DTOs; when it does not, these decorators do nothing.
type Swagger = typeof import('@nestjs/swagger');

async function loadSwagger(): Promise<Swagger | null> {
  try {
    return await import('@nestjs/swagger');
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') return null;
    throw error;
  }
}

const swagger = await loadSwagger();

/** Applies the swagger decorators `build` returns, or nothing when swagger is not installed. */
export function ApiDocs(
  build: (swagger: Swagger) => Array<ClassDecorator | MethodDecorator | PropertyDecorator>,
): ClassDecorator & MethodDecorator & PropertyDecorator {
  return (target: object, key?: string | symbol, descriptor?: PropertyDescriptor) => {
    if (!swagger) return;
    for (const decorator of build(swagger)) {
      (decorator as (target: object, key?: string | symbol, descriptor?: PropertyDescriptor) => void)(
        target,
        key,
        descriptor,
      );
    }
  };
}
