import { isURL } from 'class-validator';
import { PLANS, type Plan } from './plans.js';

/**
 * The pieces every namespace file declares its environment variables with: each variable's name,
 * bounds, default and one-line doc in one place. `.env.example` is rendered from them
 * (env-example.ts), and a spec checks that the file matches.
 */

/** Thrown when the environment is invalid; its message names every offending variable. */
export class InvalidEnvironmentError extends Error {}

/** The raw environment: `process.env`, or what a test passes. */
export type RawEnvironment = Record<string, unknown>;

/** A variable as `.env.example` shows it: its name, and its default when that is a fixed value. */
export interface DocumentedVariable {
  name: string;
  default?: string;
}

/** One setting, read from one variable (or, per plan, from three) and documented by one line. */
export interface Setting<T> {
  readonly doc: string;
  readonly variables: readonly DocumentedVariable[];
  /** The value; a problem is pushed as a message naming the variable (the value is then unused). */
  read(raw: RawEnvironment, problems: string[]): T;
}

/** The settings of one namespace, under the title its section of `.env.example` carries. */
export interface Namespace<S extends Record<string, Setting<unknown>>> {
  readonly title: string;
  readonly settings: S;
}

/** What a namespace's settings read to. */
export type ValuesOf<N> = N extends Namespace<infer S> ? { [K in keyof S]: S[K] extends Setting<infer T> ? T : never } : never;

export function namespace<S extends Record<string, Setting<unknown>>>(title: string, settings: S): Namespace<S> {
  return { title, settings };
}

/**
 * Reads every namespace, collecting every problem before failing, so that one start names all
 * bad variables. Empty strings count as unset: a `.env` copied from `.env.example` with blank
 * values behaves like an empty environment.
 */
export function readEnvironment<N extends Record<string, Namespace<Record<string, Setting<unknown>>>>>(
  raw: RawEnvironment,
  namespaces: N,
): { [K in keyof N]: ValuesOf<N[K]> } {
  const problems: string[] = [];
  const values = Object.fromEntries(
    Object.entries(namespaces).map(([key, { settings }]) => [
      key,
      Object.fromEntries(Object.entries(settings).map(([name, setting]) => [name, setting.read(raw, problems)])),
    ]),
  );
  if (problems.length > 0) throw invalid(...problems);
  return values as { [K in keyof N]: ValuesOf<N[K]> };
}

/** The error for problems found after reading (bounds between variables). */
export function invalid(...problems: string[]): InvalidEnvironmentError {
  return new InvalidEnvironmentError(`Invalid configuration:\n- ${problems.join('\n- ')}`);
}

/** The variable's value; unset when absent or empty. The environment holds strings (a test may pass numbers). */
function rawValue(raw: RawEnvironment, name: string): string | undefined {
  const value = raw[name];
  if (typeof value === 'string') return value === '' ? undefined : value;
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
}

interface Described {
  name: string;
  /** One line (wrapped in `.env.example`); a default that is derived is said here, in words. */
  doc: string;
}

/**
 * A variable parsed by `parse`, which returns the value or a problem (without the name). Unset,
 * it is `fallback`.
 */
function variable<T>(
  { name, doc }: Described,
  fallback: T,
  shownDefault: string | undefined,
  parse: (value: string) => { value: T } | { problem: string },
): Setting<T> {
  return {
    doc,
    variables: [{ name, default: shownDefault }],
    read(raw, problems) {
      const value = rawValue(raw, name);
      if (value === undefined) return fallback;
      const parsed = parse(value);
      if ('problem' in parsed) {
        problems.push(`${name} ${parsed.problem}`);
        return fallback;
      }
      return parsed.value;
    },
  };
}

interface IntegerOptions extends Described {
  min: number;
  max?: number;
}

function parseInteger({ min, max }: { min: number; max?: number }) {
  return (value: string): { value: number } | { problem: string } => {
    const number = /^-?\d+$/.test(value.trim()) ? Number(value) : NaN;
    if (Number.isSafeInteger(number) && number >= min && (max === undefined || number <= max)) return { value: number };
    return { problem: max === undefined ? `must be an integer of at least ${min}` : `must be an integer from ${min} to ${max}` };
  };
}

/** A whole number within bounds. */
export function integer(options: IntegerOptions & { default: number }): Setting<number>;
export function integer(options: IntegerOptions): Setting<number | undefined>;
export function integer(options: IntegerOptions & { default?: number }): Setting<number | undefined> {
  return variable(options, options.default, options.default?.toString(), parseInteger(options));
}

interface TextOptions extends Described {
  /** What a value must look like, and how the problem reads otherwise (after the name). */
  pattern?: RegExp;
  problem?: string;
  minLength?: number;
}

/** A string, optionally of a shape. */
export function text(options: TextOptions & { default: string }): Setting<string>;
export function text(options: TextOptions): Setting<string | undefined>;
export function text(options: TextOptions & { default?: string }): Setting<string | undefined> {
  const { pattern, problem = 'is malformed', minLength = 1 } = options;
  return variable(options, options.default, options.default, (value) => {
    if (value.length < minLength) return { problem: `must be at least ${minLength} characters` };
    return !pattern || pattern.test(value) ? { value } : { problem };
  });
}

/** An absolute http(s) URL (a host without a top-level domain, such as `minio`, included). */
export function url(options: Described): Setting<string | undefined> {
  return variable(options, undefined, undefined, (value) =>
    isURL(value, { require_tld: false, require_protocol: true }) ? { value } : { problem: 'must be a URL with its protocol, e.g. https://host' },
  );
}

/** One of a few words. */
export function oneOf<const V extends string>(options: Described & { values: readonly V[]; default: V }): Setting<V>;
export function oneOf<const V extends string>(options: Described & { values: readonly V[] }): Setting<V | undefined>;
export function oneOf<const V extends string>(options: Described & { values: readonly V[]; default?: V }): Setting<V | undefined> {
  const { values } = options;
  const choices = `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;
  return variable(options, options.default, options.default, (value) =>
    (values as readonly string[]).includes(value) ? { value: value as V } : { problem: `must be ${choices}` },
  );
}

/** A size such as `512kb` or `3mb`, read in bytes as body-parser counts them (1 kb = 1024 bytes). */
export function size(options: Described & { default: string; example: string }): Setting<number> {
  const parse = (value: string): { value: number } | { problem: string } => {
    const match = /^([1-9]\d*)(kb|mb)$/i.exec(value);
    if (!match) return { problem: `must look like ${options.example}` };
    return { value: Number(match[1]) * (match[2].toLowerCase() === 'kb' ? 1024 : 1024 * 1024) };
  };
  const fallback = parse(options.default);
  if (!('value' in fallback)) throw new Error(`The default of ${options.name} is not a size`);
  return variable(options, fallback.value, options.default, parse);
}

/**
 * One number per plan, from `<name>_FREE`, `<name>_PRO` and `<name>_ENTERPRISE`, documented by
 * one line for the three.
 */
export function perPlan({ name, doc, defaults, min, max }: IntegerOptions & { defaults: Record<Plan, number> }): Setting<Record<Plan, number>> {
  const settings = PLANS.map((plan) => [plan, integer({ name: `${name}_${plan.toUpperCase()}`, doc, min, max, default: defaults[plan] })] as const);
  return {
    doc,
    variables: settings.flatMap(([, setting]) => setting.variables),
    read: (raw, problems) => Object.fromEntries(settings.map(([plan, setting]) => [plan, setting.read(raw, problems)])) as Record<Plan, number>,
  };
}
