import { createHmac } from 'node:crypto';
import { BadRequestException, GoneException, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { JwtService, TokenExpiredError } from '@nestjs/jwt';
import type { AppConfig } from '../../config/configuration.js';
import type { TeamInvitation } from '../entities/team-invitation.entity.js';

export interface InvitationClaims {
  typ: 'team_invitation';
  /** The invitation. */
  sub: string;
  /** The invitation's `jti`: a replaced invitation's older links name a jti that is no longer pending. */
  jti: string;
}

/**
 * Signs and checks the links in invitation mails: JWTs with a key derived from the approval
 * secret (so neither kind of link can ever pass for the other, whatever their claims) and
 * expiring with the invitation.
 */
@Injectable()
export class InvitationTokensService {
  private readonly jwt: JwtService;

  constructor(config: ConfigService<AppConfig, true>) {
    const key = createHmac('sha256', config.get('auth', { infer: true }).approvalTokenSecret).update('team_invitation').digest();
    this.jwt = new JwtService({ secret: key, signOptions: { algorithm: 'HS256' }, verifyOptions: { algorithms: ['HS256'] } });
  }

  sign(invitation: Pick<TeamInvitation, 'id' | 'jti' | 'expiresAt'>): Promise<string> {
    const claims: InvitationClaims & { exp: number } = {
      typ: 'team_invitation',
      sub: invitation.id,
      jti: invitation.jti,
      exp: Math.floor(invitation.expiresAt.getTime() / 1000),
    };
    return this.jwt.signAsync(claims);
  }

  async verify(token: string): Promise<InvitationClaims> {
    let claims: Partial<InvitationClaims>;
    try {
      claims = await this.jwt.verifyAsync<Partial<InvitationClaims>>(token);
    } catch (error) {
      if (error instanceof TokenExpiredError) throw new GoneException(INVITATION_EXPIRED);
      throw new BadRequestException('This invitation link is invalid');
    }
    if (claims.typ !== 'team_invitation' || typeof claims.sub !== 'string' || typeof claims.jti !== 'string') {
      throw new BadRequestException('This invitation link is invalid');
    }
    return claims as InvitationClaims;
  }
}

export const INVITATION_EXPIRED = 'This invitation has expired: ask the team for a new one';
