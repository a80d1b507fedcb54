import 'reflect-metadata';
import { existsSync } from 'node:fs';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module.js';
import { loadConfiguration } from './config/configuration.js';
import { startEmbeddedPostgresIfUnconfigured } from './database/embedded-postgres.js';
import { SINGLE_ADDRESS } from './mail/mail.service.js';
import { AuthService } from './teams/auth/auth.service.js';
import { isPlan, PLANS } from './config/plans.js';
import { TeamsService } from './teams/teams.service.js';

const USAGE = `Usage: npm run cli -- set-plan <teamId> <${PLANS.join('|')}>
       npm run cli -- create-user <email> <name>`;

type Command = (app: INestApplicationContext) => Promise<string>;

/**
 * Operator commands. A team's plan changes only here, never through the API; accounts are made
 * here when SIGNUP=closed and there is no single sign-on.
 */
async function main(argv: string[]): Promise<void> {
  const run = parse(argv);
  if (existsSync('.env')) process.loadEnvFile('.env');
  const { env, embedded } = await startEmbeddedPostgresIfUnconfigured();
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(loadConfiguration(env)), { logger: ['error', 'warn'] });
  try {
    console.log(await run(app));
  } finally {
    await app.close();
    await embedded?.stop();
  }
}

/** The command the arguments name, checked before anything starts. */
function parse([command, first, second]: string[]): Command {
  if (command === 'set-plan' && first && second) {
    if (!isPlan(second)) throw new Error(`Unknown plan "${second}". ${USAGE}`);
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(first)) throw new Error(`"${first}" is not a team id. ${USAGE}`);
    return async (app) => {
      const team = await app.get(TeamsService).setPlan(first, second);
      return `Team ${team.id} (${team.name}) is now on plan ${team.plan}`;
    };
  }
  if (command === 'create-user' && first && second) {
    if (!SINGLE_ADDRESS.test(first)) throw new Error(`"${first}" is not an email address. ${USAGE}`);
    if (!second.trim() || second.length > 100) throw new Error(`The name must be 1 to 100 characters. ${USAGE}`);
    return async (app) => {
      const { user, password } = await app.get(AuthService).createByOperator(first, second);
      return `Created ${user.email} (${user.id}), verified, with a personal team. Password (shown once; change it after signing in): ${password}`;
    };
  }
  throw new Error(USAGE);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
