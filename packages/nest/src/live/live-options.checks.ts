import type { LiveTablesOptions } from './live.options.js';

export type ResolvedLiveOptions = Required<Omit<LiveTablesOptions, 'redisUrl'>> & { redisUrl: string | null };

export const DEFAULT_LIVE_OPTIONS: ResolvedLiveOptions = {
  redisUrl: null,
  channel: 'widgetlib:live',
  maxStreamsPerUser: 5,
  maxTablesPerStream: 20,
  interval: 250,
  replay: 500,
  maxKeys: 100,
};

const COUNTS = ['maxStreamsPerUser', 'maxTablesPerStream', 'replay', 'maxKeys'] as const;

/** The module's `live` options with their defaults; an Error names every option that is wrong. */
export function resolveLiveOptions(options: LiveTablesOptions = {}): ResolvedLiveOptions {
  const resolved: ResolvedLiveOptions = { ...DEFAULT_LIVE_OPTIONS, ...definedOnly(options) };
  const problems: string[] = [];
  for (const name of COUNTS) {
    const value = resolved[name];
    if (!Number.isSafeInteger(value) || value < 1)
      problems.push(`live.${name} must be a positive integer, got ${value}`);
  }
  if (!Number.isSafeInteger(resolved.interval) || resolved.interval < 0 || resolved.interval > 60_000) {
    problems.push(`live.interval must be a whole number of milliseconds from 0 to 60000, got ${resolved.interval}`);
  }
  if (resolved.redisUrl !== null && !/^rediss?:\/\//.test(String(resolved.redisUrl))) {
    problems.push(`live.redisUrl must be a redis:// or rediss:// URL`);
  }
  if (typeof resolved.channel !== 'string' || resolved.channel.trim() === '') {
    problems.push('live.channel must be a non-empty text');
  }
  if (problems.length > 0) throw new Error(`WidgetLibModule: ${problems.join('; ')}`);
  return resolved;
}

function definedOnly(options: LiveTablesOptions): Partial<ResolvedLiveOptions> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
}
