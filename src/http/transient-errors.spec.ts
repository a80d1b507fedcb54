import { APICallError } from 'ai';
import { S3Error } from 'minio';
import { QueryFailedError } from 'typeorm';
import { StorageWriteError } from '../storage/storage.service.js';
import { retryDelayMs, transientFailure } from './transient-errors.js';

/** A Node system error as fs, net or pg make them. */
function systemError(code: string, message = code): NodeJS.ErrnoException {
  return Object.assign(new Error(message), { code });
}

function s3Error(code: string): S3Error {
  return Object.assign(new S3Error(code), { code });
}

/** A PostgreSQL error as pg reports it, wrapped by TypeORM. */
function queryFailed(sqlstate: string, message: string): QueryFailedError {
  return new QueryFailedError('INSERT INTO assets ...', [], Object.assign(new Error(message), { code: sqlstate }));
}

/** A tool that failed: the factory wraps the tool's error. */
const fromTool = (cause: unknown) => new Error('generate_image failed unexpectedly', { cause });

describe('transientFailure: one classifier for the model, the database, the disk and object storage', () => {
  it('keeps classifying model errors as before', () => {
    const answered = new APICallError({ message: 'busy', url: 'http://x', requestBodyValues: {}, statusCode: 503, isRetryable: true });
    expect(transientFailure(answered)).toBe('the model provider answered 503');
    const refused = new APICallError({ message: 'bad', url: 'http://x', requestBodyValues: {}, statusCode: 400, isRetryable: false });
    expect(transientFailure(refused)).toBeUndefined();
    expect(transientFailure(new TypeError('terminated', { cause: systemError('UND_ERR_SOCKET') }))).toBe('the connection to the model provider failed (UND_ERR_SOCKET)');
  });

  it('tries a full disk again: ENOSPC and EDQUOT of a file, 53100 of the database', () => {
    expect(transientFailure(fromTool(new StorageWriteError(systemError('ENOSPC', 'ENOSPC: no space left on device, write'))))).toBe(
      'object storage unavailable: the disk is full (ENOSPC)',
    );
    expect(transientFailure(systemError('ENOSPC'))).toBe('the disk is full (ENOSPC)');
    expect(transientFailure(systemError('EDQUOT'))).toBe('the disk quota is exceeded (EDQUOT)');
    expect(transientFailure(queryFailed('53100', 'could not extend file "base/16384/2619": No space left on device'))).toBe("the database's disk is full");
  });

  it('tries an unavailable database again, with databaseUnavailableReason in the reason', () => {
    expect(transientFailure(queryFailed('53300', 'sorry, too many clients already'))).toBe('database unavailable: too many connections');
    expect(transientFailure(fromTool(queryFailed('57P01', 'terminating connection due to administrator command')))).toBe('database unavailable: server shutting down');
    expect(transientFailure(new Error('timeout exceeded when trying to connect'))).toBe('database unavailable: connection timed out');
    expect(transientFailure(queryFailed('57014', 'canceling statement due to statement timeout'))).toBe('database unavailable: statement timed out');
    expect(transientFailure(new Error('Connection terminated unexpectedly'))).toBe('database unavailable: connection lost');
  });

  it('tries unavailable object storage again: the S3 client\'s socket errors and timeouts, S3\'s 5xx and SlowDown', () => {
    const stored = (cause: unknown) => transientFailure(fromTool(new StorageWriteError(cause)));
    expect(stored(systemError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:9000'))).toBe('object storage unavailable: connection refused');
    expect(stored(systemError('ECONNRESET', 'socket hang up'))).toBe('object storage unavailable: connection reset');
    expect(stored(systemError('ETIMEDOUT'))).toBe('object storage unavailable: connection timed out');
    expect(stored(new DOMException('The operation timed out.', 'TimeoutError'))).toBe('object storage unavailable: timed out');
    expect(stored(Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' }))).toBe('object storage unavailable: timed out');
    expect(stored(s3Error('SlowDown'))).toBe('object storage unavailable: S3 answered SlowDown');
    expect(stored(s3Error('ServiceUnavailable'))).toBe('object storage unavailable: S3 answered ServiceUnavailable');
    expect(stored(s3Error('InternalError'))).toBe('object storage unavailable: S3 answered InternalError');
  });

  it('does not try again what would fail the same way', () => {
    expect(transientFailure(fromTool(new StorageWriteError(s3Error('AccessDenied'))))).toBeUndefined();
    expect(transientFailure(fromTool(new StorageWriteError(s3Error('NoSuchBucket'))))).toBeUndefined();
    expect(transientFailure(queryFailed('23505', 'duplicate key value violates unique constraint'))).toBeUndefined();
    expect(transientFailure(new Error('The step took longer than 300 s'))).toBeUndefined();
    expect(transientFailure(fromTool(new TypeError('Cannot read properties of undefined')))).toBeUndefined();
  });

  it('paces tries from a configurable base, doubling up to 30 s', () => {
    expect([1, 2, 3].map((calls) => retryDelayMs(calls, new Error('x')))).toEqual([1000, 2000, 4000]);
    expect([1, 2, 3].map((calls) => retryDelayMs(calls, new Error('x'), 50))).toEqual([50, 100, 200]);
    expect(retryDelayMs(10, new Error('x'))).toBe(30_000);
  });
});
