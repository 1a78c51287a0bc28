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
  p50: number;
  p99: number;
  requestsPerSecond: number;
  /** Answers with a 2xx status. */
  requests: number;
  /** Seconds the run took. */
  seconds: number;
  /** Whether `cap` stopped the run before `amount` answers. */
  stoppedAtCap: boolean;
  /** Connection errors (timeouts included) and answers other than 2xx. */
  errors: number;
  /** What the errors were, when there were any. */
  errorDetail: string | null;
}

/** A request may take long under load (the slowest implementations take seconds): no client timeout. */
const CLIENT_TIMEOUT_SECONDS = 3600;

export function runLoad(url: string, plan: LoadPlan): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    let capTimer: NodeJS.Timeout | undefined;
    let stoppedAtCap = false;
    const instance = autocannon(
      {
        url,
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
        resolve({
          plan,
          p50: result.latency.p50,
          p99: result.latency.p99,
          requestsPerSecond: ok / result.duration,
          requests: ok,
          seconds: result.duration,
          stoppedAtCap: stoppedAtCap && plan.amount !== null && ok + errors < plan.amount,
          errors,
          errorDetail:
            errors > 0
              ? `${result.errors} connection errors (${result.timeouts} of them timeouts), ${result.non2xx} answers other than 2xx`
              : null,
        });
      },
    );
    if (plan.amount !== null && plan.cap !== null) {
      capTimer = setTimeout(() => {
        stoppedAtCap = true;
        instance.stop();
      }, plan.cap * 1000);
    }
  });
}
