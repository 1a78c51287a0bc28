import { BadRequestException, Injectable, type PipeTransform } from '@nestjs/common';
import { RequestProblems } from '../datatables/internal.js';
import { withStateRestoreMember } from './state-restore-v1.format.js';

/**
 * Gathers StateRestore 1.x's flat `stateRestore[<name>][...]` form names (a simple form parser
 * leaves them flat) into one `stateRestore` object before the body is validated.
 */
@Injectable()
export class StateRestoreBodyPipe implements PipeTransform {
  transform(value: unknown): unknown {
    const problems = new RequestProblems();
    const body = withStateRestoreMember(value, problems);
    if (problems.any) throw new BadRequestException(problems.messages.join('; '));
    return body;
  }
}
