const started = performance.now();

/** Seconds since the benchmark started. */
export function elapsedSeconds(): number {
  return (performance.now() - started) / 1000;
}

/** A progress line on stderr, stamped with the minutes and seconds since the start. */
export function log(message: string): void {
  const elapsed = Math.round(elapsedSeconds());
  process.stderr.write(
    `[${String(Math.floor(elapsed / 60)).padStart(2, '0')}:${String(elapsed % 60).padStart(2, '0')}] ${message}\n`,
  );
}
