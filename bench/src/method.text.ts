import { VARYING_SAMPLES } from './identity.check.js';
import type { Report } from './report.types.js';
import { PAGED_PAGES } from './scenarios.js';
import { DISTINCT_FILTER_VALUES } from './varying-filters.js';

function runsText(runs: { rounds: number; seconds: number }): string {
  return runs.rounds === 1 ? `one run of ${runs.seconds} s` : `${runs.rounds} runs of ${runs.seconds} s`;
}

/** How the run measured, and what each implementation is. */
export function methodParagraphs(report: Report): string[] {
  return [
    "An implementation is timed only after its answers have the same count, ids, countries and tags as the hand-written SQL's: " +
      `one request, or the first ${VARYING_SAMPLES} of S4b and S7, whose requests differ. ` +
      'Every implementation sends the same requests in the same order: ' +
      `S4b's filter values are a permutation of the request's number (no set of values repeats within ${DISTINCT_FILTER_VALUES.toLocaleString('en')} requests), ` +
      `S7 takes the next page of S4's result on every request and starts again after the ${PAGED_PAGES}th. ` +
      '"single answer" is the median time of sequential requests on an idle server (three, or one when an answer takes over 2 s). ' +
      `Up to 200 ms, an implementation is timed in ${runsText(report.timing.runs.postgres)} on PostgreSQL and ${runsText(report.timing.runs.sqlite)} on SQLite; ` +
      'the implementations of a scenario take their runs in turn, every other round in reverse order, and the figures join the answers of all runs. ' +
      `Each run follows ${report.timing.warmUpSeconds.join(' s (first round) or ')} s (later rounds) of the same load that is not measured, ` +
      'so that every implementation is timed warm, and waits first until the machine is quiet (under 10 % CPU over a second). ' +
      'Over 200 ms the load run sends a fixed number of requests once (as many as fit in about ' +
      `${report.timing.amountSeconds} s on two cores, at least one per connection, at most ${report.timing.maxAmount}), ` +
      `and is stopped at ${report.timing.cap} s; ` +
      'a run stopped at its cap reports the latencies of the answered requests only, so its p50/p99 are lower bounds (">="), ' +
      'and ratios built on it are lower bounds or approximations ("~"). ' +
      'Statements per request are counted in the driver (`pg` Client#query, better-sqlite3 statement execution) during those sequential requests. ' +
      '"app CPU" is the CPU time (user and system) of the Nest application\'s process per answered request during the run; ' +
      "the database's and the load generator's are not in it. " +
      'The durations are chosen so that a full run (9 scenarios, 5 implementations, both databases) takes under 30 minutes on two cores.',
    '',
    '`sql` is hand-written SQL: the page with its country joined and the count, run concurrently, then the tags of the page; ' +
      'it answers `recordsFiltered` only (one count). ' +
      '`nestjs-paginate` is `paginate()` with the same relations, search fields and filters, otherwise its defaults; ' +
      '`nestjs-paginate-optimized` adds `optimizedCount: true` (its count leaves out the LEFT joins no condition reads). ' +
      "`widgetlib` is `@DataTable` with the library's defaults (`count: 'cached-total'`): `recordsFiltered` exact on every request, " +
      "and the `recordsTotal` of a filtered request kept for 60 s in the library's in-memory count cache, " +
      'so a filtered request counts `recordsTotal` only when no unfiltered or earlier filtered request has. ' +
      "`widgetlib-cached` adds `count: 'cached'`: each exact count is kept for 60 s in the library's in-memory cache, " +
      'so a repeated request, or another page of the same result, counts nothing.',
  ];
}
