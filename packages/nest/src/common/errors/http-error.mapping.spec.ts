import { BadRequestException, ConflictException, HttpException, ServiceUnavailableException } from '@nestjs/common';
import { asHttpError, httpExceptionOf } from './http-error.mapping.js';
import { WidgetLibError } from './widgetlib.errors.js';

describe('httpExceptionOf', () => {
  it("answers Nest's usual body with the error's details, as Nest's exception of its status", () => {
    const exception = httpExceptionOf(new WidgetLibError('invalid', ['a is wrong', 'b is wrong'], { draw: 3 }));
    expect(exception).toBeInstanceOf(BadRequestException);
    expect(exception.getStatus()).toBe(400);
    expect(exception.getResponse()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: ['a is wrong', 'b is wrong'],
      draw: 3,
    });
  });

  it('keeps one message as one text', () => {
    const exception = httpExceptionOf(new WidgetLibError('conflict', 'it changed'));
    expect(exception).toBeInstanceOf(ConflictException);
    expect(exception.getResponse()).toEqual({ statusCode: 409, error: 'Conflict', message: 'it changed' });
  });
});

describe('asHttpError', () => {
  it('maps a library error, and a lost database to the 503 with the details given', () => {
    expect(asHttpError(new WidgetLibError('not-found', 'gone'))).toBeInstanceOf(HttpException);
    const lost = asHttpError(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }), { draw: 2 });
    expect(lost).toBeInstanceOf(ServiceUnavailableException);
    expect((lost as HttpException).getResponse()).toMatchObject({ statusCode: 503, draw: 2 });
  });

  it('leaves any other error as it is', () => {
    const error = new Error('boom');
    expect(asHttpError(error)).toBe(error);
  });
});
