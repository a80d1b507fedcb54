import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { api } from '../helpers/api.js';
import { expectError } from '../helpers/expect-error.js';
import { createTestApp } from '../setup/create-test-app.js';
import { resetDatabase } from '../setup/reset-database.js';

describe('accounts hardening', () => {
  describe('password policy', () => {
    let app: INestApplication;

    beforeAll(async () => {
      app = await createTestApp();
      await resetDatabase(app);
    });
    afterAll(() => app.close());

    it.each([
      ['12345678', /^password is too easy to guess: This is a heavily used password\./],
      ['password', /^password is too easy to guess: This is a heavily used password\./],
      ['password1', /^password is too easy to guess: This is a commonly used password\./],
      ['Password123!', /^password is too easy to guess: This is similar to a commonly used password\./],
      ['qwertyuiop', /^password is too easy to guess: /],
      ['abcdefghijk', /^password is too easy to guess: Common character sequences like "abc" are easy to guess\./],
      ['aaaaaaaaaaaa', /^password is too easy to guess: Repeated characters like "aaa" are easy to guess\./],
      ['iloveyou2024', /^password is too easy to guess: /],
      ['grace.hopper1906', /^password is too easy to guess: There should not be any personal or page related data\./],
    ])('refuses %j with 400 saying why, and stores nothing', async (password, message) => {
      const before = await accountRowCounts(app);
      const response = await api(app).post('/api/auth/register').send({ email: 'grace.hopper@example.com', password, name: 'Grace Hopper' });
      expectError(response, 400, [message]);
      expect(await accountRowCounts(app)).toEqual(before);
    });

    it('refuses a password shorter than 8 characters before judging it', async () => {
      const response = await api(app).post('/api/auth/register').send({ email: 'short@example.com', password: 'x7#kQ2!', name: 'Short' });
      expectError(response, 400, [/^password must be longer than or equal to 8 characters$/]);
    });

    it.each(['correct horse battery', 'x7#kQ2!mZ', 'Ada writes notes on Bernoulli numbers'])('accepts %j', async (password) => {
      await api(app).post('/api/auth/register').send({ email: `strong-${password.length}@example.com`, password, name: 'Ada' }).expect(201);
    });
  });
});

/** Rows in every table that a registration writes to. */
async function accountRowCounts(app: INestApplication): Promise<Record<string, number>> {
  const [row] = await app.get(DataSource).query(
    `SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM teams)::int AS teams,
            (SELECT count(*) FROM memberships)::int AS memberships, (SELECT count(*) FROM sessions)::int AS sessions`,
  );
  return row;
}
