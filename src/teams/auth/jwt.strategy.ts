import { createSecretKey } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-jwt';
import type { AppConfig } from '../../config/configuration.js';
import { extractSessionToken, type SessionTokenClaims } from './session-token.js';
import { SessionsService } from './sessions.service.js';
import type { TeamContext } from './team-context.js';

/** Accepts the session JWT from a Bearer header or the session cookie, then loads its session. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    config: ConfigService<AppConfig, true>,
    private readonly sessions: SessionsService,
  ) {
    super({
      jwtFromRequest: extractSessionToken,
      // A KeyObject made once: given a string, jsonwebtoken first tries it as a public key (and
      // throws) and then makes a secret key of it, on every request. Its types predate KeyObject.
      secretOrKey: createSecretKey(Buffer.from(config.get('auth', { infer: true }).jwtSecret)) as unknown as Buffer,
      algorithms: ['HS256'],
      passReqToCallback: true,
    });
  }

  /** Returning null makes passport answer 401: revoked, expired or unknown session. */
  async validate(request: Request, claims: SessionTokenClaims): Promise<TeamContext | null> {
    if (typeof claims.sid !== 'string' || typeof claims.sub !== 'string') return null;
    return this.sessions.resolve(claims.sid, claims.sub, extractSessionToken(request) ?? '');
  }
}
