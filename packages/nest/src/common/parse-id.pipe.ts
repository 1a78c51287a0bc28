import { BadRequestException, Injectable, type PipeTransform } from '@nestjs/common';
import { MAX_INT_ID } from './int-id.constants.js';

/** Parses a path id: a positive integer that fits the tables' integer keys, else 400. */
@Injectable()
export class ParseIdPipe implements PipeTransform<string, number> {
  constructor(private readonly name = 'id') {}

  transform(value: string): number {
    const id = /^[0-9]+$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isSafeInteger(id) || id < 1 || id > MAX_INT_ID) {
      throw new BadRequestException(`${this.name} must be a positive integer no greater than ${MAX_INT_ID}`);
    }
    return id;
  }
}
