import autocannon from 'autocannon';

export interface LoadPlan {
  connections: number;
  /** Seconds, or `null` when `amount` requests are sent instead. */
  duration: number | null;
  amount: number | null;
  /** Seconds after which a run with `amount` is stopped, whatever it has completed. */
  cap: number | null;
}

export interface LoadResult {
  plan: LoadPlan;
  /** How many runs of `plan` these figures join. */
  rounds: number;
  p50: number;
  p99: number;
  requestsPerSecond: number;
  /** Answers with a 2xx status. */
  requests: number;
  /** Seconds the runs took. */
  seconds: number;
  /** Whether `cap` stopped a run before `amount` answers. */
  stoppedAtCap: boolean;
  /** Connection errors (timeouts included) and answers other than 2xx. */
  errors: number;
  /** What the errors were, when there were any. */
  errorDetail: string | null;
  /** Milliseconds each 2xx answer took. */
  latencies: number[];
}

/** A request may take long under load (the slowest implementations take seconds): no client timeout. */
const CLIENT_TIMEOUT_SECONDS = 3600;

/** The value below which `share` of the sorted values lie (nearest rank). */
function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))];
}

function withPercentiles(result: Omit<LoadResult, 'p50' | 'p99'>): LoadResult {
  const sorted = [...result.latencies].sort((a, b) => a - b);
  return { ...result, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
}

/** The runs of one plan as one result: every answer's time, requests per second over their total time. */
export function joinRuns(runs: readonly LoadResult[]): LoadResult {
  const [first] = runs;
  if (!first) throw new Error('no run to join');
  const requests = runs.reduce((sum, run) => sum + run.requests, 0);
  const seconds = runs.reduce((sum, run) => sum + run.seconds, 0);
  const details = runs.map((run) => run.errorDetail).filter((detail): detail is string => detail !== null);
  return withPercentiles({
    plan: first.plan,
    rounds: runs.reduce((sum, run) => sum + run.rounds, 0),
    requestsPerSecond: seconds > 0 ? requests / seconds : 0,
    requests,
    seconds,
    stoppedAtCap: runs.some((run) => run.stoppedAtCap),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    errorDetail: details.length > 0 ? details.join('; ') : null,
    latencies: runs.flatMap((run) => run.latencies),
  });
}

/**
 * Runs `plan` against the server at `base`: every request to `path`, or, when `path` is a function,
 * each request to the path it answers then.
 */
export function runLoad(base: string, path: string | (() => string), plan: LoadPlan): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    let capTimer: NodeJS.Timeout | undefined;
    let stoppedAtCap = false;
    const latencies: number[] = [];
    const instance = autocannon(
      {
        url: typeof path === 'string' ? `${base}${path}` : base,
        ...(typeof path === 'function'
          ? { requests: [{ setupRequest: (request) => ({ ...request, path: path() }) }] }
          : {}),
        connections: plan.connections,
        timeout: CLIENT_TIMEOUT_SECONDS,
        ...(plan.amount !== null ? { amount: plan.amount } : { duration: plan.duration ?? 10 }),
      },
      (error, result) => {
        clearTimeout(capTimer);
        if (error) {
          reject(error);
          return;
        }
        const ok = result['2xx'];
        const errors = result.errors + result.non2xx;
        resolve(
          withPercentiles({
            plan,
            rounds: 1,
            requestsPerSecond: ok / result.duration,
            requests: ok,
            seconds: result.duration,
            stoppedAtCap: stoppedAtCap && plan.amount !== null && ok + errors < plan.amount,
            errors,
            errorDetail:
              errors > 0
                ? `${result.errors} connection errors (${result.timeouts} of them timeouts), ${result.non2xx} answers other than 2xx`
                : null,
            latencies,
          }),
        );
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
    if (plan.amount !== null && plan.cap !== null) {
      capTimer = setTimeout(() => {
        stoppedAtCap = true;
        instance.stop();
      }, plan.cap * 1000);
    }
  });
}
