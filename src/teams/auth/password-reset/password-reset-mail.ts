import { quoted, renderEmail, type RenderedEmail } from '../../../mail/templates.js';

/** The link that sets a new password. It opens a page where the new password is typed, so a mail scanner that follows it changes nothing. */
export function renderPasswordResetMail(content: { name: string; link: string; expiresAt: Date }): RenderedEmail & { subject: string } {
  const subject = 'Reset your password';
  return {
    subject,
    ...renderEmail({
      title: subject,
      intro:
        `Hello ${quoted(content.name)}, someone (we hope you) asked to reset the password of this account. Open the link below ` +
        'and choose a new password: every browser signed in to the account is then signed out.',
      actions: [{ label: 'Choose a new password', url: content.link }],
      footer:
        `This link works once, until ${content.expiresAt.toUTCString()}. If you did not ask for it, ignore this mail: ` +
        'your password stays as it is. The name in quotes was typed at sign-up.',
    }),
  };
}
