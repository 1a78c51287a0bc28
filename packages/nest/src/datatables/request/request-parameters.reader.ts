import { bodyBytes, hasBody, queryStringBytes, type HttpRequest } from '../../common/http-platform.reader.js';
import { inputProblemMessage } from '../../common/request-input.checks.js';
import { flattenQuery } from './query-string.parser.js';
import {
  listed,
  sentDraw,
  TableRequestError,
  parameterDepthLimit,
  sentSizeProblem,
  type SentParameters,
  type TableRequestLimits,
} from '../model/index.js';

/** A list request's parameters as the platform parsed them (flat or nested), and where they came from. */
export interface RequestParameters {
  values: unknown;
  sent: SentParameters;
}

const BODY_TYPES = 'form-encoded (application/x-www-form-urlencoded) or as a JSON object (application/json)';

function kindOf(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  return value === null ? 'null' : `a ${typeof value}`;
}

/**
 * Refuses parameters before anything walks them: larger than their limit (as sent), nested deeper
 * than {@link parameterDepthLimit}, or with a NUL character in a name or a value.
 */
function checkedParameters(parameters: RequestParameters, limits: TableRequestLimits): RequestParameters {
  const problem =
    sentSizeProblem(parameters.sent, limits) ??
    inputProblemMessage(parameters.values, { maxDepth: parameterDepthLimit(limits) }, 'brackets', {
      described: `the ${parameters.sent.in}`,
    });
  if (problem !== null) throw new TableRequestError([problem], sentDraw(parameters.values));
  return parameters;
}

/**
 * The parameters of a list request: a GET's from its query string; a POST's from its body (the
 * same parameters, form-encoded or as JSON, so that long requests stay clear of URL limits), or
 * from its query string when the body holds none. A POST with parameters in both is refused, as is
 * a body no parser read or one that is not an object of parameters, and parameters past `limits`
 * (see {@link checkedParameters}).
 */
export function readRequestParameters(request: HttpRequest, limits: TableRequestLimits): RequestParameters {
  const fromQuery: RequestParameters = {
    values: request.query,
    sent: { in: 'query string', bytes: queryStringBytes(request) },
  };
  if (request.method?.toUpperCase() !== 'POST') return checkedParameters(fromQuery, limits);
  const { body } = request;
  if (body === undefined) {
    if (!hasBody(request)) return checkedParameters(fromQuery, limits);
    const type = request.headers['content-type'] ?? 'none';
    throw new TableRequestError(
      [`the body (content type ${type}) was not read: send the parameters ${BODY_TYPES}`],
      undefined,
    );
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new TableRequestError([`the body must hold the parameters ${BODY_TYPES}, got ${kindOf(body)}`], undefined);
  }
  if (Object.keys(body).length === 0) return checkedParameters(fromQuery, limits);
  const fromBody = checkedParameters({ values: body, sent: { in: 'body', bytes: bodyBytes(request) } }, limits);
  const inQuery = [...flattenQuery(checkedParameters(fromQuery, limits).values).keys()];
  if (inQuery.length > 0) {
    throw new TableRequestError(
      [
        `a POST takes its parameters in the body or in the query string, not both; the query string has ${listed(inQuery)}`,
      ],
      undefined,
    );
  }
  return fromBody;
}
