export interface Debounced {
  /** Runs the action `wait` ms after the last call. */
  (): void;
  /** Drops a pending action. */
  cancel(): void;
}

export function debounce(action: () => void, wait: number): Debounced {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (() => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      action();
    }, wait);
  }) as Debounced;
  debounced.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return debounced;
}
