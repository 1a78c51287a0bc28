/** What one acknowledged create made, and what became of it since. */
interface Written {
  kind: string;
  id: number;
  /** The value of its last acknowledged write. */
  acknowledged: string;
  /** Values of later writes that got no acknowledgement: each may or may not have been applied. */
  unsure: string[];
  deletion: 'none' | 'acknowledged' | 'unsure';
}

/** A row as the database holds it after the run: its id and the value the ledger checks. */
export interface StoredRow {
  id: number;
  value: string;
}

/**
 * Every write the app acknowledged (2xx), kept so that the database can be checked afterwards:
 * an acknowledged create or update must be there, an acknowledged delete must be gone. A write
 * that failed or got no answer may have been applied or not, and either is accepted.
 */
export class WriteLedger {
  private readonly written: Written[] = [];
  acknowledgedWrites = 0;

  created(kind: string, id: number, value: string): Written {
    this.acknowledgedWrites += 1;
    const entry: Written = { kind, id, acknowledged: value, unsure: [], deletion: 'none' };
    this.written.push(entry);
    return entry;
  }

  updated(entry: Written, value: string, acknowledged: boolean): void {
    if (!acknowledged) {
      entry.unsure.push(value);
      return;
    }
    this.acknowledgedWrites += 1;
    entry.acknowledged = value;
    entry.unsure = [];
  }

  deleted(entry: Written, acknowledged: boolean): void {
    if (acknowledged) this.acknowledgedWrites += 1;
    entry.deletion = acknowledged ? 'acknowledged' : 'unsure';
  }

  /** The acknowledged writes of `kind` that the stored rows contradict, one sentence each. */
  lost(kind: string, rows: StoredRow[]): string[] {
    const stored = new Map(rows.map((row) => [Number(row.id), row.value]));
    const problems: string[] = [];
    for (const entry of this.written.filter((candidate) => candidate.kind === kind)) {
      const value = stored.get(entry.id);
      const allowed = [entry.acknowledged, ...entry.unsure];
      if (entry.deletion === 'acknowledged') {
        if (value !== undefined) problems.push(`${kind} ${entry.id}: deleted (acknowledged) but still stored`);
      } else if (value === undefined) {
        if (entry.deletion === 'none') problems.push(`${kind} ${entry.id}: created (acknowledged) but not stored`);
      } else if (!allowed.includes(value)) {
        problems.push(`${kind} ${entry.id}: stored "${value}", acknowledged "${entry.acknowledged}"`);
      }
    }
    return problems;
  }
}

export type LedgerEntry = ReturnType<WriteLedger['created']>;
