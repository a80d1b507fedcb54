import { quoted, renderEmail, type RenderedEmail } from '../../../mail/templates.js';

type Mail = RenderedEmail & { subject: string };

/** The link that confirms an address. It opens a page whose button confirms, so a mail scanner that follows it confirms nothing. */
export function renderVerificationMail(content: { name: string; email: string; link: string; expiresAt: Date }): Mail {
  const subject = 'Confirm your email address';
  return {
    subject,
    ...renderEmail({
      title: subject,
      intro:
        `Hello ${quoted(content.name)}, confirm that ${content.email} is your address: open the link below and press ` +
        '"Confirm my address". Until then you can work in your own team, but you cannot invite anyone or join a team.',
      actions: [{ label: 'Confirm my address', url: content.link }],
      footer:
        `This link works once, until ${content.expiresAt.toUTCString()}. If you did not sign up, ignore this mail: ` +
        'nothing is confirmed unless the button is pressed. The name in quotes was typed at sign-up.',
    }),
  };
}

/** Sent instead of a second account when someone registers an address that already has one. */
export function renderSignupNoticeMail(content: { email: string; signInUrl: string }): Mail {
  const subject = 'Someone tried to sign up with your address';
  return {
    subject,
    ...renderEmail({
      title: subject,
      intro:
        `Someone tried to create an account with ${content.email}, which already has one. No account was created and ` +
        'nothing about yours changed. If it was you, sign in instead.',
      actions: [{ label: 'Sign in', url: content.signInUrl }],
      footer: 'If it was not you, you can ignore this mail. We send it at most once a day.',
    }),
  };
}
