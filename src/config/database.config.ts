import { integer, invalid, namespace, text, type ValuesOf } from './environment.js';

const DEFAULT_DATABASE_TIMEOUTS = { connectMs: 5_000, statementMs: 30_000, idleInTransactionMs: 60_000 };
/** The default query timeout is the statement timeout plus this: the server's own cancel comes first. */
const QUERY_TIMEOUT_MARGIN_MS = 5_000;

export const DATABASE_VARIABLES = namespace('Database', {
  url: text({
    name: 'DATABASE_URL',
    pattern: /^postgres(ql)?:\/\/\S+$/,
    problem: 'must be a postgres:// connection URL',
    doc: 'PostgreSQL connection URL. Unset: an embedded PostgreSQL is started with its data under DATA_DIR.',
  }),
  connectMs: integer({
    name: 'DATABASE_CONNECT_TIMEOUT_MS',
    default: DEFAULT_DATABASE_TIMEOUTS.connectMs,
    min: 100,
    max: 300_000,
    doc:
      'Opening a connection, or waiting for a free one in a pool, in ms. This and the timeouts below bound every connection the service ' +
      'opens (queries, job queue, session feed), so that a database that is down or frozen makes requests fail fast with 503.',
  }),
  statementMs: integer({
    name: 'DATABASE_STATEMENT_TIMEOUT_MS',
    default: DEFAULT_DATABASE_TIMEOUTS.statementMs,
    min: 100,
    max: 86_400_000,
    doc: 'PostgreSQL statement_timeout in ms: the server cancels a statement running longer. Migrations at start run without it.',
  }),
  idleInTransactionMs: integer({
    name: 'DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS',
    default: DEFAULT_DATABASE_TIMEOUTS.idleInTransactionMs,
    min: 100,
    max: 86_400_000,
    doc: 'PostgreSQL idle_in_transaction_session_timeout in ms: a transaction left open is ended.',
  }),
  queryMs: integer({
    name: 'DATABASE_QUERY_TIMEOUT_MS',
    min: 100,
    max: 86_400_000,
    doc:
      'The client gives up on a query that gets no answer at all, e.g. from a frozen server, in ms; must be greater than ' +
      `DATABASE_STATEMENT_TIMEOUT_MS (default: the statement timeout + ${QUERY_TIMEOUT_MARGIN_MS}).`,
  }),
  poolMax: integer({
    name: 'DATABASE_POOL_MAX',
    default: 20,
    min: 2,
    max: 1000,
    doc:
      "Connections of the app's pool. One instance holds it, DATABASE_QUEUE_POOL_MAX and two LISTEN connections; size them so that every " +
      'instance fits under max_connections (docs/operations.md, "Connections for a fleet").',
  }),
  queuePoolMax: integer({ name: 'DATABASE_QUEUE_POOL_MAX', default: 5, min: 2, max: 1000, doc: "Connections of the job queue's pool." }),
});

/** Bounds on every wait for the database, so that an outage is an error in seconds, never a hang. */
export interface DatabaseTimeouts {
  /** Opening a connection (and waiting for a free one in a pool). */
  connectMs: number;
  /** PostgreSQL's statement_timeout: the server cancels a statement running longer. */
  statementMs: number;
  /** PostgreSQL's idle_in_transaction_session_timeout: a transaction left open is ended by the server. */
  idleInTransactionMs: number;
  /** The client gives up on a query with no answer (a frozen or unreachable server); longer than statementMs. */
  queryMs: number;
}

export interface DatabaseSettings {
  /** Set by the operator, or the embedded PostgreSQL's, started before the configuration is loaded (see main.ts). */
  url: string;
  timeouts: DatabaseTimeouts;
  /** Connections of the app's own pool, and of the job queue's (docs/operations.md sizes them for a fleet). */
  poolMax: number;
  queuePoolMax: number;
}

export function databaseSettings(values: ValuesOf<typeof DATABASE_VARIABLES>): DatabaseSettings {
  if (!values.url) throw new Error('DATABASE_URL is not set and no embedded PostgreSQL was started');
  const { statementMs } = values;
  const queryMs = values.queryMs ?? statementMs + QUERY_TIMEOUT_MARGIN_MS;
  if (queryMs <= statementMs) {
    throw invalid(
      `DATABASE_QUERY_TIMEOUT_MS (${queryMs}) must be greater than DATABASE_STATEMENT_TIMEOUT_MS (${statementMs}), so that the server cancels a slow statement before the client gives up on it`,
    );
  }
  return {
    url: values.url,
    timeouts: { connectMs: values.connectMs, statementMs, idleInTransactionMs: values.idleInTransactionMs, queryMs },
    poolMax: values.poolMax,
    queuePoolMax: values.queuePoolMax,
  };
}
