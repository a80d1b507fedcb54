import pg from 'pg';
import { QueryFailedError } from 'typeorm';
import { databaseUnavailableReason, isDatabaseUnavailable } from './database-errors.js';

/** A PostgreSQL error as `pg` builds it from the server's ErrorResponse. */
function serverError(code: string, message: string): Error {
  return Object.assign(new pg.DatabaseError(message, 0, 'error'), { code, severity: 'FATAL' });
}

function socketError(code: string): Error {
  return Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, syscall: 'connect' });
}

describe('databaseUnavailableReason', () => {
  it('recognises a real refused connection from pg', async () => {
    const client = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:1/none', connectionTimeoutMillis: 2000 });
    const error = await client.connect().then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(databaseUnavailableReason(error)).toBe('connection refused');
  });

  it.each([
    ['ECONNREFUSED', 'connection refused'],
    ['ECONNRESET', 'connection reset'],
    ['EPIPE', 'connection reset'],
    ['ETIMEDOUT', 'connection timed out'],
    ['EHOSTUNREACH', 'host unreachable'],
    ['ENOTFOUND', 'host not found'],
  ])('recognises the socket error %s', (code, reason) => {
    expect(databaseUnavailableReason(socketError(code))).toBe(reason);
  });

  it.each([
    ['57P01', 'terminating connection due to administrator command', 'server shutting down'],
    ['57P02', 'terminating connection because of crash of another server process', 'server crashed'],
    ['57P03', 'the database system is starting up', 'server not accepting connections'],
    ['53300', 'sorry, too many clients already', 'too many connections'],
    ['08006', 'connection failure', 'connection failure'],
    ['08001', 'could not connect', 'connection failure'],
    ['57014', 'canceling statement due to statement timeout', 'statement timed out'],
  ])('recognises the SQLSTATE %s', (code, message, reason) => {
    expect(databaseUnavailableReason(serverError(code, message))).toBe(reason);
  });

  it.each([
    ['Connection terminated unexpectedly', 'connection lost'],
    ['Connection terminated', 'connection lost'],
    ['Connection terminated due to connection timeout', 'connection timed out'],
    ['timeout exceeded when trying to connect', 'connection timed out'],
    ['timeout expired', 'connection timed out'],
    ['Query read timeout', 'query timed out'],
    ['Client has encountered a connection error and is not queryable', 'connection lost'],
  ])('recognises the pg message "%s"', (message, reason) => {
    expect(databaseUnavailableReason(new Error(message))).toBe(reason);
  });

  it('looks inside TypeORM, AggregateError, causes, and the plain objects pg-boss emits', () => {
    expect(databaseUnavailableReason(new QueryFailedError('SELECT 1', [], new Error('Query read timeout')))).toBe('query timed out');
    expect(databaseUnavailableReason(new QueryFailedError('SELECT 1', [], serverError('57P01', 'terminating connection')))).toBe('server shutting down');
    // Node tries every address of a host name and reports them together.
    const aggregate = new AggregateError([socketError('ECONNREFUSED'), socketError('ECONNREFUSED')], '');
    expect(databaseUnavailableReason(aggregate)).toBe('connection refused');
    expect(databaseUnavailableReason(new Error('Connection terminated due to connection timeout', { cause: new Error('timeout expired') }))).toBe('connection timed out');
    expect(databaseUnavailableReason(new Error('fetch failed', { cause: socketError('ECONNRESET') }))).toBe('connection reset');
    const { ...spread } = socketError('ECONNREFUSED');
    expect(databaseUnavailableReason({ ...spread, message: 'connect ECONNREFUSED 127.0.0.1:5432', queue: 'run.execute' })).toBe('connection refused');
  });

  it.each([
    ['a unique violation', new QueryFailedError('INSERT', [], serverError('23505', 'duplicate key value violates unique constraint'))],
    ['a syntax error', serverError('42601', 'syntax error at or near "SELEC"')],
    ['a cancel requested by a user', serverError('57014', 'canceling statement due to user request')],
    ['a plain error', new Error('boom')],
    ['a string', 'ECONNREFUSED'],
    ['null', null],
  ])('leaves other failures alone: %s', (_, error) => {
    expect(databaseUnavailableReason(error)).toBeUndefined();
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('survives errors that refer to themselves', () => {
    const error = new Error('loop') as Error & { cause?: unknown };
    error.cause = error;
    expect(databaseUnavailableReason(error)).toBeUndefined();
  });
});
