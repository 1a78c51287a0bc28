import { setTimeout as sleep } from 'node:timers/promises';
import type { DemoClient } from './demo-client.js';
import type { LedgerEntry, WriteLedger } from './write-ledger.js';

const SEARCHES = ['', 'a', 'the', 'blue', 'zz', 'é', 'live'];
const FORMATS = ['', 'cd', 'vinyl', 'digital'];
const ORDERINGS = ['-added_at', 'title', '-released_on', 'artist__name', 'tracks'];

/** The value the ledger checks for an album: its title. */
export const ALBUM_VALUE = 'title';
/** The value the ledger checks for a help entry: its title. */
export const HELP_VALUE = 'help_title';

function pick<T>(items: readonly T[], index: number): T {
  return items[index % items.length]!;
}

export function albumBody(title: string) {
  return {
    title,
    tracks: 1 + (title.length % 20),
    explicit: false,
    released_on: '2001-02-03',
    format: 'cd',
    artist_id: 1,
    genre_ids: [],
    notes: 'written by the fault suite',
  };
}

const acknowledged = (status: number) => status >= 200 && status < 300;

/**
 * One user's share of the load until `until`: list requests with searches, filters and orderings,
 * and creates, updates and deletes of help entries and albums of its own, every write recorded in
 * the ledger with whether it was acknowledged.
 */
export async function runWorker(client: DemoClient, worker: number, ledger: WriteLedger, until: number) {
  const helps: LedgerEntry[] = [];
  const albums: LedgerEntry[] = [];
  for (let step = 0; Date.now() < until; step += 1) {
    const tag = `w${worker}-${step}`;
    switch (step % 8) {
      case 0:
      case 3:
      case 6: {
        const query = new URLSearchParams({
          draw: String(step + 1),
          start: String((step * 10) % 200),
          length: '10',
          search: pick(SEARCHES, step + worker),
          ordering: pick(ORDERINGS, step),
        });
        const format = pick(FORMATS, step + 2 * worker);
        if (format) query.set('format', format);
        if (step % 3 === 0) query.set('tracks__gte', String(step % 15));
        await client.call('list', 'GET', `/api/albums/?${query}`);
        break;
      }
      case 1: {
        const value = `help ${tag}`;
        const answer = await client.call('help create', 'POST', '/api/help/', {
          id_view: 'chaos',
          question_name: tag,
          help_title: value,
          help_text: `<p>Written by ${tag}</p>`,
        });
        if (acknowledged(answer.status)) helps.push(ledger.created('help', (answer.body as { id: number }).id, value));
        break;
      }
      case 2:
      case 5: {
        const entry = helps.at(-1);
        if (!entry) break;
        const value = `help ${tag} (edited)`;
        const answer = await client.call('help update', 'PATCH', `/api/help/${entry.id}/`, { help_title: value });
        ledger.updated(entry, value, acknowledged(answer.status));
        break;
      }
      case 4: {
        const value = `album ${tag}`;
        const answer = await client.call('album create', 'POST', '/api/albums/', albumBody(value));
        if (acknowledged(answer.status))
          albums.push(ledger.created('album', (answer.body as { id: number }).id, value));
        const entry = albums.at(-2);
        if (entry) {
          const edited = `album ${tag} (edited)`;
          const update = await client.call('album update', 'PUT', `/api/albums/${entry.id}`, albumBody(edited));
          ledger.updated(entry, edited, acknowledged(update.status));
        }
        break;
      }
      case 7: {
        const target = step % 16 === 7 ? helps : albums;
        if (target.length < 3) break;
        const entry = target.shift()!;
        const path = target === helps ? `/api/help/${entry.id}/` : `/api/albums/${entry.id}`;
        const answer = await client.call(target === helps ? 'help delete' : 'album delete', 'DELETE', path);
        ledger.deleted(entry, acknowledged(answer.status));
        break;
      }
    }
    // A user's pace: the load stays well under what the machine can serve, so that slow answers mean faults.
    await sleep(20);
  }
}
