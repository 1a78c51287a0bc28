/**
 * Lets the event loop answer what is waiting (other requests' I/O) before the caller goes on: work
 * that is synchronous underneath (better-sqlite3, sanitising) otherwise holds every request back
 * until it ends, however many `await`s it has, since those only run the microtask queue.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
