import { integer, namespace } from './environment.js';

export const LOGIN_VARIABLES = namespace('Sign-in and sign-up: limits and password hashing', {
  perIp: integer({
    name: 'LOGIN_RATE_LIMIT_PER_IP',
    default: 30,
    min: 1,
    doc: 'Sign-ups per client address per LOGIN_RATE_LIMIT_WINDOW_SECONDS. An IPv6 client address counts by its /64.',
  }),
  failuresPerIp: integer({ name: 'LOGIN_FAILURES_PER_IP', default: 100, min: 1, doc: 'Failed sign-ins per client address per window, across emails.' }),
  windowSeconds: integer({ name: 'LOGIN_RATE_LIMIT_WINDOW_SECONDS', default: 15 * 60, min: 1, doc: 'The window of the two limits above and of PASSWORD_CHANGE_ATTEMPTS, in seconds.' }),
  freeAttempts: integer({
    name: 'LOGIN_FREE_ATTEMPTS',
    default: 5,
    min: 1,
    max: 100,
    doc:
      'Sign-in attempts per email from one client address before each further one waits. The right password starts afresh; other addresses ' +
      'are never delayed, so an attacker cannot lock the owner out.',
  }),
  delaySeconds: integer({
    name: 'LOGIN_DELAY_SECONDS',
    default: 30,
    min: 1,
    max: 86_400,
    doc: 'The first such wait in seconds, doubled with every further attempt up to LOGIN_MAX_DELAY_SECONDS.',
  }),
  maxDelaySeconds: integer({ name: 'LOGIN_MAX_DELAY_SECONDS', default: 15 * 60, min: 1, max: 86_400, doc: 'The longest such wait, in seconds.' }),
  accountFreeAttempts: integer({
    name: 'LOGIN_ACCOUNT_FREE_ATTEMPTS',
    default: 10,
    min: 1,
    max: 1000,
    doc:
      'Sign-in attempts on one account from addresses it has not signed in from (across all of them) before each further one sets a wait ' +
      'for the whole account. Addresses with a successful sign-in in the last 30 days are never delayed by it.',
  }),
  accountDelaySeconds: integer({
    name: 'LOGIN_ACCOUNT_DELAY_SECONDS',
    default: 5,
    min: 1,
    max: 3600,
    doc: 'The first account-wide wait in seconds, doubled up to LOGIN_ACCOUNT_MAX_DELAY_SECONDS.',
  }),
  accountMaxDelaySeconds: integer({
    name: 'LOGIN_ACCOUNT_MAX_DELAY_SECONDS',
    default: 60,
    min: 1,
    max: 3600,
    doc: 'The longest account-wide wait in seconds; bounded on purpose: it is what the owner at a new address may have to wait.',
  }),
  passwordChangeAttempts: integer({
    name: 'PASSWORD_CHANGE_ATTEMPTS',
    default: 5,
    min: 1,
    max: 1000,
    doc: 'Password changes per user per LOGIN_RATE_LIMIT_WINDOW_SECONDS, whatever their outcome (a stolen session guessing the current password).',
  }),
  // Argon2id's cost (OWASP's Password Storage Cheat Sheet): the default is the argon2 library's
  // (64 MiB, 3 passes, 4 lanes); the floors are OWASP's least configuration (19 MiB, 2 passes).
  passwordHashMemoryKib: integer({
    name: 'PASSWORD_HASH_MEMORY_KIB',
    default: 65_536,
    min: 19_456,
    max: 4_194_304,
    doc: "Argon2id's memory per password hash, in KiB. Raising a cost rehashes each password at its next sign-in; existing hashes keep their own.",
  }),
  passwordHashIterations: integer({ name: 'PASSWORD_HASH_ITERATIONS', default: 3, min: 2, max: 100, doc: "Argon2id's passes over that memory." }),
  passwordHashParallelism: integer({ name: 'PASSWORD_HASH_PARALLELISM', default: 4, min: 1, max: 64, doc: "Argon2id's lanes (threads per hash)." }),
});

/** Limits on signing up, signing in and changing a password: the login namespace's values, as read. */
export interface LoginSettings {
  /** Sign-ups per address per window. */
  perIp: number;
  /** Failed sign-ins per address per window, across emails. */
  failuresPerIp: number;
  windowSeconds: number;
  /** Sign-in attempts per email and address before each further one waits. */
  freeAttempts: number;
  /** The first wait; it doubles with each further attempt, up to the maximum. */
  delaySeconds: number;
  maxDelaySeconds: number;
  /** Attempts on one account from addresses it never signed in from, across all, before each sets an account-wide wait. */
  accountFreeAttempts: number;
  /** The first account-wide wait; it doubles up to the maximum, which bounds what the owner at a new address may wait. */
  accountDelaySeconds: number;
  accountMaxDelaySeconds: number;
  /** Password changes per user per window (a stolen session guessing the current password). */
  passwordChangeAttempts: number;
  /** Argon2id's cost for new hashes: memory in KiB, passes, lanes. */
  passwordHashMemoryKib: number;
  passwordHashIterations: number;
  passwordHashParallelism: number;
}
