import { randomUUID } from 'node:crypto';
import { BadRequestException, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { JwtService, TokenExpiredError } from '@nestjs/jwt';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../config/configuration.js';
import { INT4_MAX } from '../http/int4.js';
import { serialIdOf } from '../http/parse-serial-id.pipe.js';

/** SPEC §5 and §8: plan links last 24 hours, step links 2 hours. */
export const PLAN_APPROVAL_TTL_SECONDS = 24 * 3600;
export const STEP_APPROVAL_TTL_SECONDS = 2 * 3600;

export interface PlanApprovalClaims {
  typ: 'plan_approval';
  /** The workflow. */
  sub: string;
  /** The plan version the link was mailed for. */
  ver: number;
  /** The address it was mailed to. */
  rcpt: string;
  jti: string;
}

export interface StepApprovalClaims {
  typ: 'step_approval';
  /** The run id. */
  sub: string;
  wf: string;
  step: number;
  attempt: number;
  rcpt: string;
  jti: string;
}

/** The daily digest's unsubscribe link: no expiry, as a mail client may offer it any time after. */
export interface DigestUnsubscribeClaims {
  typ: 'digest_unsubscribe';
  /** The user. */
  sub: string;
  jti: string;
}

type ApprovalClaims = PlanApprovalClaims | StepApprovalClaims | DigestUnsubscribeClaims;

/**
 * Signs and checks the links in approval mails. They are JWTs signed with their own secret (a
 * leaked session secret cannot forge them, nor the reverse), typed, short-lived and single-use
 * (their `jti` is recorded with the decision).
 */
@Injectable()
export class ApprovalTokensService {
  private readonly jwt: JwtService;

  constructor(
    config: ConfigService<AppConfig, true>,
    private readonly dataSource: DataSource,
  ) {
    this.jwt = new JwtService({
      secret: config.get('auth', { infer: true }).approvalTokenSecret,
      signOptions: { algorithm: 'HS256' },
      verifyOptions: { algorithms: ['HS256'] },
    });
  }

  signPlanApproval(workflowId: string, planVersion: number, recipient: string): Promise<string> {
    const claims: PlanApprovalClaims = { typ: 'plan_approval', sub: workflowId, ver: planVersion, rcpt: recipient, jti: randomUUID() };
    return this.jwt.signAsync(claims, { expiresIn: PLAN_APPROVAL_TTL_SECONDS });
  }

  signStepApproval(claims: Omit<StepApprovalClaims, 'typ' | 'jti'>): Promise<string> {
    const full: StepApprovalClaims = { typ: 'step_approval', ...claims, jti: randomUUID() };
    return this.jwt.signAsync(full, { expiresIn: STEP_APPROVAL_TTL_SECONDS });
  }

  signDigestUnsubscribe(userId: string): Promise<string> {
    const claims: DigestUnsubscribeClaims = { typ: 'digest_unsubscribe', sub: userId, jti: randomUUID() };
    return this.jwt.signAsync(claims);
  }

  async verifyDigestUnsubscribe(token: string | undefined): Promise<DigestUnsubscribeClaims> {
    const claims = await this.verify(token);
    if (claims.typ !== 'digest_unsubscribe') throw new BadRequestException('This is not an unsubscribe link');
    return claims;
  }

  async verifyPlanApproval(token: string | undefined, workflowId: string): Promise<PlanApprovalClaims> {
    const claims = await this.verify(token);
    if (claims.typ !== 'plan_approval') throw new BadRequestException('This is not a plan approval link');
    if (claims.sub !== workflowId) throw new BadRequestException('This approval link belongs to another workflow');
    if (!isInt4(claims.ver) || typeof claims.rcpt !== 'string') throw new BadRequestException('This approval link is invalid');
    return claims;
  }

  async verifyStepApproval(token: string | undefined): Promise<StepApprovalClaims> {
    const claims = await this.verify(token);
    if (claims.typ !== 'step_approval') throw new BadRequestException('This is not a step approval link');
    if (serialIdOf(claims.sub) === undefined || !isInt4(claims.step) || !isInt4(claims.attempt) || typeof claims.wf !== 'string' || typeof claims.rcpt !== 'string') {
      throw new BadRequestException('This approval link is invalid');
    }
    return claims;
  }

  private async verify(token: string | undefined): Promise<ApprovalClaims> {
    if (!token) throw new BadRequestException('The approval link has no token');
    try {
      const claims = await this.jwt.verifyAsync<ApprovalClaims>(token);
      if (typeof claims.jti !== 'string' || typeof claims.sub !== 'string') throw new Error('claims missing');
      if (await this.recipientDeactivated('rcpt' in claims ? claims.rcpt : undefined)) throw new TokenExpiredError('recipient deactivated', new Date());
      return claims;
    } catch (error) {
      if (error instanceof TokenExpiredError) throw new BadRequestException('This approval link has expired');
      throw new BadRequestException('This approval link is invalid');
    }
  }

  /** A deactivated account's mailed links stop acting; they answer as expired ones do (nothing said about the account). */
  private async recipientDeactivated(recipient: unknown): Promise<boolean> {
    if (typeof recipient !== 'string') return false;
    const rows: unknown[] = await this.dataSource.query('SELECT 1 FROM users WHERE email = lower($1) AND deactivated_at IS NOT NULL', [recipient]);
    return rows.length > 0;
  }
}

/** Claims name rows and counters stored as PostgreSQL integers: anything else is no link of ours. */
function isInt4(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= INT4_MAX;
}
