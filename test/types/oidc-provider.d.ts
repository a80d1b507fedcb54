/** The part of oidc-provider (which ships no types) that test/helpers/oidc-provider.ts uses. */
declare module 'oidc-provider' {
  import type { Server } from 'node:http';

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<Record<string, unknown>>;
  }

  export interface Configuration {
    clients: Record<string, unknown>[];
    findAccount(context: unknown, id: string): Promise<Account | undefined>;
    claims?: Record<string, string[]>;
    scopes?: string[];
    cookies?: { keys: string[] };
    features?: Record<string, { enabled: boolean }>;
    pkce?: { required(): boolean };
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    listen(port: number, host: string): Server;
  }
}
