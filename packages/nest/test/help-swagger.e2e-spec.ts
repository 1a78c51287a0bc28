import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';

describe('Help API documentation with @nestjs/swagger', () => {
  let testApp: TestApp;
  let document: OpenAPIObject;

  beforeAll(async () => {
    testApp = await createTestApp('sqlite');
    document = SwaggerModule.createDocument(testApp.app, new DocumentBuilder().setTitle('test').build());
  });

  afterAll(() => testApp.close());

  it('documents every help route with its responses', () => {
    expect(Object.keys(document.paths['/help']!).sort()).toEqual(['get', 'post']);
    expect(Object.keys(document.paths['/help/{id}']!).sort()).toEqual(['delete', 'get', 'patch', 'put']);
    const create = document.paths['/help']!.post!;
    expect(create.tags).toEqual(['help']);
    expect(Object.keys(create.responses).sort()).toEqual(['201', '400', '401', '403', '409']);
    expect(Object.keys(document.paths['/help/{id}']!.delete!.responses).sort()).toEqual([
      '204',
      '400',
      '401',
      '403',
      '404',
      '412',
    ]);
    const put = document.paths['/help/{id}']!.put!;
    expect((put.parameters as Array<{ name: string; in: string }>).map((p) => `${p.in}:${p.name}`)).toContain(
      'header:If-Match',
    );
    const listParameters = document.paths['/help']!.get!.parameters as Array<{ name: string; in: string }>;
    expect(listParameters.map((parameter) => `${parameter.in}:${parameter.name}`).sort()).toEqual([
      'query:id_view',
      'query:language',
      'query:question_name',
    ]);
  });

  it('documents the bodies with their required fields and limits', () => {
    const schemas = document.components!.schemas as Record<
      string,
      { required?: string[]; properties: Record<string, { maxLength?: number }> }
    >;
    expect(schemas.CreateHelpDto!.required!.sort()).toEqual(['help_title', 'id_view', 'question_name']);
    expect(schemas.ReplaceHelpDto!.required!.sort()).toEqual(['help_text', 'help_title', 'id_view', 'question_name']);
    expect(schemas.UpdateHelpDto!.required ?? []).toEqual([]);
    expect(schemas.CreateHelpDto!.properties.help_title!.maxLength).toBe(350);
    expect(schemas.CreateHelpDto!.properties.help_text!.maxLength).toBe(100_000);
    expect(Object.keys(schemas.Help!.properties).sort()).toEqual([
      'help_text',
      'help_title',
      'id',
      'id_view',
      'language',
      'question_name',
      'version',
    ]);
  });
});
