import type { DataTableSettingsLike } from './datatables-params.formatter.js';
import type { DataTablesAjaxData } from './datatables-versions.js';
import {
  buildRequestUrl,
  type DataTableRequestParams,
  type FormatDataTableParams,
} from './datatables-params.formatter.js';
import {
  errorMessage,
  parseEnvelope,
  type DataTableEnvelope,
  type EnvelopeCounts,
} from './datatables-response.parser.js';
import type { DataTableTexts } from './datatables.texts.js';

/** `events.filter`: sees the request parameters; what it returns is sent (the same object when it returns nothing). */
export type DataTableFilterHook = (params: DataTableRequestParams) => DataTableRequestParams | void;

export interface ServerLoaderOptions {
  url: string;
  format: FormatDataTableParams;
  filter?: DataTableFilterHook;
  texts: () => Readonly<DataTableTexts>;
  /**
   * Told after each answer: the text to show in the table, or `null` when the rows arrived (with
   * the envelope's `counts` when a count is not exact).
   */
  onOutcome: (error: string | null, counts: EnvelopeCounts | null) => void;
}

/** DataTables' `ajax` option as a function. */
export type ServerLoader = (
  data: DataTablesAjaxData,
  callback: (json: DataTableEnvelope) => void,
  settings: DataTableSettingsLike,
) => void;

type LoadOutcome = { envelope: DataTableEnvelope } | { error: string };

/**
 * DataTables' `ajax` function for a list endpoint: translates the request, lets `events.filter` change
 * it, sends it with `fetch` (GET, JSON) and hands DataTables the envelope. A newer request aborts the
 * one still running, so an old answer never replaces a newer one (whatever `draw` the server echoes).
 * A failed request draws an empty page and reports the error text instead of alerting.
 */
export function createServerLoader(options: ServerLoaderOptions): ServerLoader {
  let running: AbortController | null = null;
  return (data, callback, settings) => {
    running?.abort();
    const controller = new AbortController();
    running = controller;
    const formatted = options.format(data, settings);
    const params = options.filter ? (options.filter(formatted) ?? formatted) : formatted;
    const draw = data.draw ?? 1;
    void load(buildRequestUrl(options.url, params, document.baseURI), controller.signal, options.texts()).then(
      (outcome) => {
        if (controller.signal.aborted) return;
        running = null;
        if ('envelope' in outcome) {
          options.onOutcome(null, outcome.envelope.counts ?? null);
          callback({ ...outcome.envelope, draw });
        } else {
          options.onOutcome(outcome.error, null);
          callback({ data: [], recordsTotal: 0, recordsFiltered: 0, draw });
        }
      },
    );
  };
}

async function load(url: string, signal: AbortSignal, texts: Readonly<DataTableTexts>): Promise<LoadOutcome> {
  let response: Response;
  let body: unknown;
  try {
    response = await fetch(url, { headers: { Accept: 'application/json' }, credentials: 'same-origin', signal });
    body = await response.json().catch(() => null);
  } catch {
    return { error: `${texts.loadError} ${texts.unreachable}` };
  }
  if (!response.ok) return { error: `${texts.loadError} ${errorMessage(response.status, response.statusText, body)}` };
  const envelope = parseEnvelope(body);
  return envelope ? { envelope } : { error: `${texts.loadError} ${texts.unreachable}` };
}
