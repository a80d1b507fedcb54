import { createRequire } from 'node:module';
import { WorkerThread } from '../../common/worker-thread.js';

const resolve = createRequire(import.meta.url).resolve;

/**
 * zxcvbn-ts (the maintained TypeScript zxcvbn) with its common-password and English dictionaries,
 * loaded on a worker thread: about 30 MB of word lists, and an estimate that takes a few
 * milliseconds for a typical password but up to a few hundred for a hostile one, which must not
 * stall the event loop of an unauthenticated route. Only the first 64 characters are judged (a
 * longer password is strong anyway, the library's own advice) and l33t substitutions are capped,
 * which bounds the worst case. Given as source, like the SVG renderer, so the compiled app needs
 * no worker file beside it.
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { ZxcvbnFactory } = require(${JSON.stringify(resolve('@zxcvbn-ts/core'))});
const common = require(${JSON.stringify(resolve('@zxcvbn-ts/language-common'))});
const en = require(${JSON.stringify(resolve('@zxcvbn-ts/language-en'))});
const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...en.dictionary },
  graphs: common.adjacencyGraphs,
  translations: en.translations,
  maxLength: 64,
  l33tMaxSubstitutions: 10,
});
parentPort.on('message', ({ id, password, userInputs }) => {
  try {
    const { score, feedback } = zxcvbn.check(password, userInputs);
    parentPort.postMessage({ id, result: { score, warning: feedback.warning, suggestions: feedback.suggestions } });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
`;

/** zxcvbn's verdict: a score from 0 (guessed at once) to 4 (very hard), and why in plain English. */
export interface PasswordStrength {
  score: 0 | 1 | 2 | 3 | 4;
  warning: string | null;
  suggestions: string[];
}

/** Estimates password strength on a worker thread (see WORKER_SOURCE for why). */
export class PasswordStrengthEstimator {
  private readonly worker = new WorkerThread<{ password: string; userInputs: string[] }, PasswordStrength>(WORKER_SOURCE, 'Password strength estimate');

  /** `userInputs`: the account's own data (email, name), which a password should not be made of. */
  estimate(password: string, userInputs: string[]): Promise<PasswordStrength> {
    return this.worker.run({ password, userInputs });
  }

  close(): Promise<void> {
    return this.worker.close();
  }
}
