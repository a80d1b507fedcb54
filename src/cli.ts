import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module.js';
import { loadConfiguration } from './config/configuration.js';
import { startEmbeddedPostgresIfUnconfigured } from './database/embedded-postgres.js';
import { isPlan, PLANS } from './teams/plans.js';
import { TeamsService } from './teams/teams.service.js';

const USAGE = `Usage: npm run cli -- set-plan <teamId> <${PLANS.join('|')}>`;

/** Operator commands. A team's plan changes only here, never through the API. */
async function main(argv: string[]): Promise<void> {
  const [command, teamId, plan] = argv;
  if (command !== 'set-plan' || !teamId || !plan) throw new Error(USAGE);
  if (!isPlan(plan)) throw new Error(`Unknown plan "${plan}". ${USAGE}`);
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(teamId)) throw new Error(`"${teamId}" is not a team id. ${USAGE}`);
  if (existsSync('.env')) process.loadEnvFile('.env');
  const { env, embedded } = await startEmbeddedPostgresIfUnconfigured();
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(loadConfiguration(env)), { logger: ['error', 'warn'] });
  try {
    const team = await app.get(TeamsService).setPlan(teamId, plan);
    console.log(`Team ${team.id} (${team.name}) is now on plan ${team.plan}`);
  } finally {
    await app.close();
    await embedded?.stop();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
