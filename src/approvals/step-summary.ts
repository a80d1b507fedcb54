import type { MadeAsset } from '../assets/assets.service.js';
import { cutText } from '../common/cut-text.js';

/** Longest step description in a mail subject; the whole one is in the body. */
const SUBJECT_STEP_LENGTH = 70;
/** Longest subject: mail clients cut the rest anyway. */
const SUBJECT_LENGTH = 160;

/** "social post "Launch week"", as an approval names what a step made. */
export function madeName({ type, title }: Pick<MadeAsset, 'type' | 'title'>): string {
  return `${type.replace(/_/g, ' ')} "${title}"`;
}

/**
 * A step approval mail's subject: the step by number and description, then what it made, so a
 * reviewer tells two waiting steps of one workflow apart before opening either.
 */
export function stepMailSubject(stepIndex: number, description: string, made: readonly MadeAsset[]): string {
  const step = `Approve step ${stepIndex + 1}: ${cutText(description.replace(/\s+/g, ' ').trim(), SUBJECT_STEP_LENGTH)}`;
  return cutText(made.length ? `${step} (made ${made.map(madeName).join(', ')})` : step, SUBJECT_LENGTH);
}
