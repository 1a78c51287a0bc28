import type {
  DataTableRequestParams,
  DataTablesAjaxData,
  DataTableSettingsLike,
  DataTableTransportOptions,
  FormatDataTableParams,
  ShownRequest,
} from '../core/index.js';
import { listRequest, type ListRequest } from './list-request.writer.js';
import {
  errorMessage,
  parseEnvelope,
  type DataTableEnvelope,
  type EnvelopeCounts,
} from './datatables-response.parser.js';
import type { DataTableTexts } from '../../texts/index.js';
import { extensionAnswer } from './datatables-extensions.format.js';

/** `events.filter`: sees the request parameters; what it returns is sent (the same object when it returns nothing). */
export type DataTableFilterHook = (params: DataTableRequestParams) => DataTableRequestParams | void;

export interface ServerLoaderOptions {
  url: string;
  /** GET or POST, where POSTs go and with which CSRF token. */
  transport?: DataTableTransportOptions;
  format: FormatDataTableParams;
  filter?: DataTableFilterHook;
  texts: () => Readonly<DataTableTexts>;
  /**
   * Told after each answer: the text to show in the table, or `null` when the rows arrived (with
   * the envelope's `counts` when a count is not exact).
   */
  onOutcome: (error: string | null, counts: EnvelopeCounts | null) => void;
  /** Told after each answer which request the rows answer (null after a failed request), for `bulkActions`. */
  onShown?: (shown: ShownRequest | null) => void;
  /** Told the answer's `permissions` member after each answer (undefined when it has none). */
  onPermissions?: (permissions: unknown) => void;
  /** Told the answer's `live` member after each answer (undefined when it has none). */
  onLive?: (live: unknown) => void;
  /** Told DataTables' request (with the extensions' parts) before it is translated. */
  onData?: (data: DataTablesAjaxData) => void;
  /** Told the parameters of each request as it is sent (after `filter`). */
  onParams?: (params: DataTableRequestParams) => void;
  /**
   * True while the table initialises: a request then equal to the one answered last gets that answer
   * again instead of a second fetch (SearchPanes, starting up, draws again the page of a loaded state).
   */
  initialising?: () => boolean;
  /** The label of each value of the columns with `choices`, by data source (SearchPanes shows them). */
  choiceLabels?: ReadonlyMap<string, ReadonlyMap<string, string>>;
}

/** DataTables' `ajax` option as a function. */
export type ServerLoader = (
  data: DataTablesAjaxData,
  callback: (json: DataTableEnvelope) => void,
  settings: DataTableSettingsLike,
) => void;

type LoadOutcome = { envelope: DataTableEnvelope } | { error: string; status?: number };

/** Statuses of a list URL without a POST form: `auto` then sends GET requests, as before it existed. */
const NO_POST_FORM = new Set([404, 405]);

/**
 * DataTables' `ajax` function for a list endpoint: translates the request, lets `events.filter` change
 * it, sends it with `fetch` (GET, or POST with a JSON body past a URL length; see `transport`) and
 * hands DataTables the envelope. A newer request aborts the
 * one still running, so an old answer never replaces a newer one (whatever `draw` the server echoes).
 * A failed request draws an empty page and reports the error text instead of alerting.
 * With `method: 'auto'`, an endpoint that answers its POST form with 404 or 405 (a host's own
 * `@DataTable` GET route without a POST twin) gets the same request as a GET, and GETs from then on.
 */
export function createServerLoader(options: ServerLoaderOptions): ServerLoader {
  let running: AbortController | null = null;
  let transport = options.transport ?? {};
  const send = async (params: DataTableRequestParams, signal: AbortSignal): Promise<LoadOutcome> => {
    const request = listRequest(options.url, params, transport);
    const outcome = await load(request, signal, options.texts());
    const noPostForm =
      request.method === 'POST' &&
      (transport.method ?? 'auto') === 'auto' &&
      'status' in outcome &&
      NO_POST_FORM.has(outcome.status ?? 0);
    if (!noPostForm) return outcome;
    transport = { ...transport, method: 'GET' };
    return load(listRequest(options.url, params, transport), signal, options.texts());
  };
  let answered: { key: string; outcome: LoadOutcome } | null = null;
  return (data, callback, settings) => {
    running?.abort();
    const controller = new AbortController();
    running = controller;
    options.onData?.(data);
    const formatted = options.format(data, settings);
    const params = options.filter ? (options.filter(formatted) ?? formatted) : formatted;
    options.onParams?.(params);
    const draw = data.draw ?? 1;
    const { draw: _draw, ...asked } = params;
    const key = JSON.stringify(asked);
    const again = answered?.key === key && options.initialising?.() ? answered.outcome : null;
    const outcome = again ? Promise.resolve(again) : send(params, controller.signal);
    void outcome.then((outcome) => {
      if (controller.signal.aborted) return;
      running = null;
      answered = { key, outcome };
      if ('envelope' in outcome) {
        const { envelope } = outcome;
        options.onOutcome(null, envelope.counts ?? null);
        options.onPermissions?.(envelope.permissions);
        options.onLive?.(envelope.live);
        options.onShown?.({
          params,
          recordsFiltered: envelope.recordsFiltered,
          recordsTotal: envelope.recordsTotal,
          exact:
            !envelope.counts ||
            (envelope.counts.recordsFiltered === 'exact' && envelope.counts.recordsTotal === 'exact'),
        });
        callback({ ...extensionAnswer(outcome.envelope, data.columns, options.choiceLabels), draw });
      } else {
        options.onOutcome(outcome.error, null);
        options.onShown?.(null);
        callback({ data: [], recordsTotal: 0, recordsFiltered: 0, draw });
      }
    });
  };
}

async function load(request: ListRequest, signal: AbortSignal, texts: Readonly<DataTableTexts>): Promise<LoadOutcome> {
  let response: Response;
  let body: unknown;
  try {
    const { url, ...init } = request;
    response = await fetch(url, { ...init, credentials: 'same-origin', signal });
    body = await response.json().catch(() => null);
  } catch {
    return { error: `${texts.loadError} ${texts.unreachable}` };
  }
  if (!response.ok) {
    const error = `${texts.loadError} ${errorMessage(response.status, response.statusText, body)}`;
    return { error, status: response.status };
  }
  const envelope = parseEnvelope(body);
  return envelope ? { envelope } : { error: `${texts.loadError} ${texts.unreachable}` };
}
