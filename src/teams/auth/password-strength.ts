import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

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
    parentPort.postMessage({ id, strength: { score, warning: feedback.warning, suggestions: feedback.suggestions } });
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

type Reply = { id: number; strength: PasswordStrength; error?: undefined } | { id: number; error: string };

interface Pending {
  resolve(strength: PasswordStrength): void;
  reject(error: Error): void;
}

/**
 * Estimates password strength on a worker thread, started on first use, referenced only while it
 * has work (an idle checker never keeps the process alive), and replaced if it dies.
 */
export class PasswordStrengthEstimator {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;

  /** `userInputs`: the account's own data (email, name), which a password should not be made of. */
  estimate(password: string, userInputs: string[]): Promise<PasswordStrength> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const worker = this.ensureWorker();
      if (this.pending.size === 0) worker.ref();
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, password, userInputs });
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    worker.on('message', (reply: Reply) => {
      const pending = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      if (reply.error === undefined) pending?.resolve(reply.strength);
      else pending?.reject(new Error(`Password strength estimate failed: ${reply.error}`));
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const pending of this.pending.values()) pending.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The password strength estimator stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }
}
