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
    const { score, warning, suggestions } = await this.estimator.estimate(password, userInputsOf(account));
    if (score >= MIN_SCORE) return;
    const why = [warning, ...suggestions].filter(Boolean).join(' ') || 'Add more words that are less common.';
    throw new BadRequestException([`${field} is too easy to guess: ${why}`]);
  }

  onModuleDestroy(): Promise<void> {
    return this.estimator.close();
  }
}

/** Separators people put between the parts of their name in a password. */
const SEPARATORS = ['', '.', '_', '-', ' '];

/**
 * What the account's own data gives a guesser, as zxcvbn user inputs: the email and its local
 * part, the name and each of its parts, and the name's first and last parts joined both ways with
 * each separator, with and without the separator again at the end ("marek.wisniewski.", so that
 * "Marek.Wisniewski.1987" reads as the name and a year; zxcvbn knows years). Without the joined
 * forms, first and last name were two separate matches and "MarekWisniewski1987" scored 3.
 */
export function userInputsOf(account: { email: string; name: string }): string[] {
  const parts = account.name.split(/\s+/).filter(Boolean);
  const inputs = [account.email, account.email.split('@')[0], account.name, ...parts];
  if (parts.length > 1) {
    const [first, last] = [parts[0], parts[parts.length - 1]];
    for (const order of [parts, [...parts].reverse(), [first, last], [last, first]]) {
      for (const separator of SEPARATORS) inputs.push(order.join(separator), `${order.join(separator)}${separator}`);
    }
  }
  return [...new Set(inputs.map((input) => input.trim().toLowerCase()).filter(Boolean))];
}
