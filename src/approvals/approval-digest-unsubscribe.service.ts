import { HttpException, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApprovalTokensService } from './approval-tokens.service.js';
import type { LinkOutcome } from './link-response.js';

/** The digest's unsubscribe link: a page to confirm on, and the post that turns the person's digest off. */
@Injectable()
export class ApprovalDigestUnsubscribeService {
  constructor(
    private readonly tokens: ApprovalTokensService,
    private readonly dataSource: DataSource,
  ) {}

  /** GET: the token is checked, nothing changes; the page's button posts it. */
  async confirmation(token: unknown): Promise<LinkOutcome> {
    return this.checked(token, () =>
      Promise.resolve<LinkOutcome>({
        kind: 'confirm',
        page: {
          title: 'Stop the daily approvals digest',
          explanation:
            'You will no longer get the daily mail listing the approvals waiting for you. Approval requests themselves still come. You can turn the digest back on from your account page.',
          postTo: 'unsubscribe',
          fields: { token: token as string },
          button: 'Unsubscribe',
        },
      }),
    );
  }

  /** POST: the digest turned off for the person the token names (again: the same answer). */
  async unsubscribe(token: unknown): Promise<LinkOutcome> {
    return this.checked(token, async (userId) => {
      await this.dataSource.query('UPDATE users SET approval_digest = false WHERE id = $1', [userId]);
      return { kind: 'done', title: 'Unsubscribed', message: 'You will no longer get the daily approvals digest. Turn it back on from your account page.' };
    });
  }

  private async checked(token: unknown, then: (userId: string) => Promise<LinkOutcome>): Promise<LinkOutcome> {
    try {
      const claims = await this.tokens.verifyDigestUnsubscribe(typeof token === 'string' ? token : undefined);
      return await then(claims.sub);
    } catch (error) {
      if (error instanceof HttpException && error.getStatus() < 500) return { kind: 'error', status: error.getStatus(), message: error.message };
      throw error;
    }
  }
}
