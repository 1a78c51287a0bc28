import type { HttpRequest } from '../common/http-platform.reader.js';
import type { UserMessage } from '../common/messages/index.js';
import { TableRequestError, type TableRequest, type TableRequestContext } from './model/index.js';
import { readRequestParameters } from './request/index.js';
import { parseTableRequest } from './table-request.parser.js';

/** A route's table request, the parameters it was read from, and the route's own parameters read beside it. */
export interface ReadTableRequest<R> {
  values: unknown;
  tableRequest: TableRequest;
  own: R;
}

/**
 * Reads the table request of `request`: its parameters (see `readRequestParameters`), then the
 * request parsed from them under `context`. `ownParameters` reads the route's own parameters from
 * the same values (an export's format and columns), whose problems join the table's. Throws
 * {@link TableRequestError} naming every problem, with the request's `draw` when it parsed.
 */
export function readTableRequest<R = undefined>(
  request: HttpRequest,
  context: TableRequestContext,
  ownParameters?: (values: unknown) => R,
): ReadTableRequest<R> {
  const { values, sent } = readRequestParameters(request, context.limits);
  if (!ownParameters) {
    return { values, tableRequest: parseTableRequest(values, context, sent), own: undefined as R };
  }
  const problems: (string | UserMessage)[] = [];
  let draw: number | undefined;
  const collect = <V>(read: () => V): V | undefined => {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof TableRequestError)) throw error;
      problems.push(...error.given);
      draw ??= error.draw;
      return undefined;
    }
  };
  const tableRequest = collect(() => parseTableRequest(values, context, sent));
  const own = collect(() => ownParameters(values));
  if (problems.length > 0 || !tableRequest) throw new TableRequestError(problems, tableRequest?.draw ?? draw);
  return { values, tableRequest, own: own as R };
}
