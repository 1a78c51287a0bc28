/** One request of the load: what it asked, how it ended, and when. */
export interface RequestRecord {
  label: string;
  status: number;
  startedAt: number;
  ms: number;
  /** The start of the answer's body, kept for answers other than 2xx. */
  detail?: string;
}

/** Every request of a run, for the checks after it. */
export class RequestLog {
  readonly records: RequestRecord[] = [];

  add(record: RequestRecord): void {
    this.records.push(record);
  }

  get longestMs(): number {
    return this.records.reduce((longest, record) => Math.max(longest, record.ms), 0);
  }
}
