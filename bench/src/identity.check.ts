import { differences, normalizeAnswer, type NormalizedAnswer } from './answer.normalizer.js';
import type { BenchServer } from './bench-server.js';
import type { Implementation } from './implementations.js';
import { median } from './median.js';

/** Requests whose answers are compared in a scenario whose requests vary (other values, other pages). */
export const VARYING_SAMPLES = 5;

export interface IdentityCheck {
  /** Median time of each implementation's sample answers. */
  answerMs: Map<Implementation, number>;
  /** Why an implementation is not timed: an answer that is not a 200, or differs from the hand-written SQL's. */
  problems: Map<Implementation, string>;
  /** The implementations whose every sample answered 200. */
  answered: Set<Implementation>;
}

/**
 * Each implementation's first `samples` requests of the scenario (the same requests for all) must
 * answer what the hand-written SQL answers: the count, the ids in order, each row's country and tags.
 */
export async function checkAnswers(
  server: BenchServer,
  nextPaths: Map<Implementation, () => string>,
  samples: number,
): Promise<IdentityCheck> {
  const answers = new Map<Implementation, NormalizedAnswer[]>();
  const answerMs = new Map<Implementation, number>();
  const problems = new Map<Implementation, string>();
  for (const [implementation, nextPath] of nextPaths) {
    const times: number[] = [];
    const normalized: NormalizedAnswer[] = [];
    for (let sample = 0; sample < samples; sample += 1) {
      const path = nextPath();
      const answer = await server.get(path);
      times.push(answer.ms);
      if (answer.status !== 200) {
        problems.set(implementation, `HTTP ${answer.status} for ${path}: ${JSON.stringify(answer.body).slice(0, 300)}`);
        break;
      }
      normalized.push(normalizeAnswer(implementation, answer.body));
    }
    answerMs.set(implementation, median(times));
    if (!problems.has(implementation)) answers.set(implementation, normalized);
  }
  const reference = answers.get('sql');
  for (const [implementation, normalized] of answers) {
    if (!reference || implementation === 'sql') continue;
    for (const [sample, answer] of normalized.entries()) {
      const difference = differences(reference[sample], answer);
      if (difference) {
        const which = samples > 1 ? ` (request ${sample + 1} of ${samples})` : '';
        problems.set(implementation, `answer differs from the hand-written SQL${which}: ${difference}`);
        break;
      }
    }
  }
  return { answerMs, problems, answered: new Set(answers.keys()) };
}
