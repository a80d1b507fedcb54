import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import * as argon2 from 'argon2';
import type { AppConfig } from '../../config/configuration.js';

/**
 * The one place passwords are hashed and checked: Argon2id at the configured cost
 * (PASSWORD_HASH_*). A hash carries its own parameters, so hashes made at another cost keep
 * verifying; `needsRehash` says when a signed-in user's hash was made at another cost than today's.
 */
@Injectable()
export class PasswordHasher {
  private readonly options: argon2.HashOptions & { raw?: false };
  /** Checked when the email is unknown, so a sign-in takes as long whether or not it exists. */
  private dummy?: Promise<string>;

  constructor(config: ConfigService<AppConfig, true>) {
    const login = config.get('login', { infer: true });
    this.options = {
      type: argon2.argon2id,
      memoryCost: login.passwordHashMemoryKib,
      timeCost: login.passwordHashIterations,
      parallelism: login.passwordHashParallelism,
    };
  }

  hash(password: string): Promise<string> {
    return argon2.hash(password, this.options);
  }

  /** Whether `password` matches `hash`; with no hash (no account, or single sign-on only), false after the same work. */
  async verify(hash: string | null | undefined, password: string): Promise<boolean> {
    if (hash) return argon2.verify(hash, password);
    this.dummy ??= this.hash('not a real password');
    await argon2.verify(await this.dummy, password);
    return false;
  }

  /** Whether `hash` was made at another cost than today's (the password is hashed again at sign-in). */
  needsRehash(hash: string): boolean {
    return argon2.needsRehash(hash, this.options);
  }
}
