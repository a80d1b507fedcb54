import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { ConsoleLogger, type INestApplicationContext, Logger, type LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module.js';
import { AuditTrailService, type ChainReport } from './audit/audit-trail.service.js';
import { loadConfiguration } from './config/configuration.js';
import { isPlan, PLANS } from './config/plans.js';
import { startEmbeddedPostgresIfUnconfigured } from './database/embedded-postgres.js';
import { SINGLE_ADDRESS } from './mail/mail.service.js';
import { AuthService } from './teams/auth/auth.service.js';
import { SsoReportService } from './teams/auth/oidc/sso-report.service.js';
import { ScimTokensService } from './teams/scim/scim-tokens.service.js';
import { TeamsService } from './teams/teams.service.js';

const USAGE = `Usage: npm run cli -- <command>
  set-plan <teamId> <${PLANS.join('|')}>   change a team's plan (recorded in its audit trail)
  audit:verify [--team <teamId>]            walk the audit hash chains (every chain, or the team's); exit 1 at a broken link
  audit:list [--limit <n>]                  the deployment-wide audit events (failed sign-ins, ...), newest first
  scim-token create <name>                  a bearer token for an identity provider's SCIM client (shown once)
  scim-token revoke <tokenId>               revoke a SCIM token
  scim-token list                           the SCIM tokens (never their secrets)
  sso:show                                  the single sign-on setup: issuer, client id, group mappings, SCIM tokens (no secrets)`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An operator command: checks its arguments, then runs with the app's services. Resolves to the exit code. */
type Command = (args: string[]) => (app: INestApplicationContext) => Promise<number>;

/** The value after `--name`, or undefined. */
function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(`--${name}`);
  if (at === -1) return undefined;
  const value = args[at + 1];
  if (value === undefined) throw new Error(`--${name} needs a value.\n${USAGE}`);
  return value;
}

const COMMANDS: Record<string, Command> = {
  /** A team's plan changes only here, never through the API. */
  'set-plan': ([teamId, plan]) => {
    if (!teamId || !plan) throw new Error(USAGE);
    if (!isPlan(plan)) throw new Error(`Unknown plan "${plan}".\n${USAGE}`);
    if (!UUID.test(teamId)) throw new Error(`"${teamId}" is not a team id.\n${USAGE}`);
    return async (app) => {
      const team = await app.get(TeamsService).setPlan(teamId, plan);
      console.log(`Team ${team.id} (${team.name}) is now on plan ${team.plan}`);
      return 0;
    };
  },
  /** Accounts are made here when SIGNUP=closed and there is no single sign-on. */
  'create-user': ([email, name]) => {
    if (!email || !name) throw new Error(USAGE);
    if (!SINGLE_ADDRESS.test(email)) throw new Error(`"${email}" is not an email address.\n${USAGE}`);
    if (!name.trim() || name.length > 100) throw new Error(`The name must be 1 to 100 characters.\n${USAGE}`);
    return async (app) => {
      const { user, password } = await app.get(AuthService).createByOperator(email, name);
      console.log(`Created ${user.email} (${user.id}), verified, with a personal team. Password (shown once; change it after signing in): ${password}`);
      return 0;
    };
  },
  'audit:verify': (args) => {
    const teamId = option(args, 'team');
    if (teamId !== undefined && !UUID.test(teamId)) throw new Error(`"${teamId}" is not a team id.\n${USAGE}`);
    return async (app) => {
      const trail = app.get(AuditTrailService);
      const reports = teamId ? [await trail.verify(teamId)] : await trail.verifyAll();
      for (const report of reports) console.log(describe(report));
      return reports.some((report) => report.broken) ? 1 : 0;
    };
  },
  /** Deployment-wide: SCIM provisions accounts and groups for every team (docs/operations.md, SCIM). */
  'scim-token': ([verb, argument]) => {
    if (verb === 'create') {
      if (!argument?.trim() || argument.length > 100) throw new Error(`The token needs a name of 1 to 100 characters.\n${USAGE}`);
      return async (app) => {
        const { id, token } = await app.get(ScimTokensService).create(argument.trim());
        console.log(`SCIM token ${id} created. Give it to the identity provider as its bearer token (shown once): ${token}`);
        return 0;
      };
    }
    if (verb === 'revoke') {
      if (!argument || !UUID.test(argument)) throw new Error(`"${argument ?? ''}" is not a token id.\n${USAGE}`);
      return async (app) => {
        await app.get(ScimTokensService).revoke(argument);
        console.log(`SCIM token ${argument} revoked`);
        return 0;
      };
    }
    if (verb === 'list' && argument === undefined) {
      return async (app) => {
        for (const token of await app.get(ScimTokensService).list()) console.log(JSON.stringify(token));
        return 0;
      };
    }
    throw new Error(USAGE);
  },
  /** Deployment-wide: what the identity provider must be told, and what came of it, as one JSON object. */
  'sso:show': (args) => {
    if (args.length > 0) throw new Error(USAGE);
    return async (app) => {
      console.log(JSON.stringify(await app.get(SsoReportService).report(), null, 2));
      return 0;
    };
  },
  'audit:list': (args) => {
    const limit = Number(option(args, 'limit') ?? 100);
    if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) throw new Error(`--limit must be a whole number from 1 to 10000.\n${USAGE}`);
    return async (app) => {
      for (const event of await app.get(AuditTrailService).listDeployment(limit)) console.log(JSON.stringify(event));
      return 0;
    };
  },
};

function describe(report: ChainReport): string {
  const chain = report.teamId ? `team ${report.teamId}` : 'deployment';
  if (report.broken) return `BROKEN ${chain}: event ${report.broken.id}: ${report.broken.reason} (${report.checked} events read)`;
  return `ok ${chain}: ${report.checked} events, head ${report.headHash ?? '(empty)'}`;
}

/** The app's warnings go to stderr: stdout is the command's output (JSON lines a script may read). */
class StderrLogger extends ConsoleLogger {
  protected override printMessages(messages: unknown[], context?: string, logLevel?: LogLevel): void {
    super.printMessages(messages, context, logLevel, 'stderr');
  }
}

/** Operator commands. */
async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  const command = name !== undefined && Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) throw new Error(USAGE);
  const run = command(args);
  const logger = new StderrLogger({ logLevels: ['error', 'warn'] });
  Logger.overrideLogger(logger);
  if (existsSync('.env')) process.loadEnvFile('.env');
  const { env, embedded } = await startEmbeddedPostgresIfUnconfigured();
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(loadConfiguration(env)), { logger });
  try {
    return await run(app);
  } finally {
    await app.close();
    await embedded?.stop();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
