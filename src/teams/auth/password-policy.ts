import { BadRequestException, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { PasswordStrengthEstimator } from './password-strength.js';

/**
 * The weakest zxcvbn score accepted: 3 is "safely unguessable" (about 10^8 guesses and more), which
 * with a memory-hard hash resists an offline attack; 0–2 are common passwords, words with a digit
 * added, keyboard walks, sequences, repeats and the account's own email or name.
 */
const MIN_SCORE = 3;

/** Passwords people choose for this service: refused when easy to guess, saying why. */
@Injectable()
export class PasswordPolicy implements OnModuleDestroy {
  private readonly estimator = new PasswordStrengthEstimator();

  /** Throws a 400 naming `field` and what makes it weak; `account`'s email and name count against it. */
  async assertStrong(password: string, account: { email: string; name: string }, field = 'password'): Promise<void> {
    const userInputs = [account.email, account.email.split('@')[0], account.name, ...account.name.split(/\s+/)].filter(Boolean);
    const { score, warning, suggestions } = await this.estimator.estimate(password, userInputs);
    if (score >= MIN_SCORE) return;
    const why = [warning, ...suggestions].filter(Boolean).join(' ') || 'Add more words that are less common.';
    throw new BadRequestException([`${field} is too easy to guess: ${why}`]);
  }

  onModuleDestroy(): Promise<void> {
    return this.estimator.close();
  }
}
