import { renderEmail, type RenderedEmail } from '../mail/templates.js';

export interface BudgetMailContent {
  teamName: string;
  used: number;
  limit: number;
  resetsAt: Date;
}

const tokens = (count: number) => count.toLocaleString('en-US');

/** The mail a team's owners get once a month, when the team has used 80% of its monthly tokens. */
export function renderBudgetMail(content: BudgetMailContent): RenderedEmail & { subject: string } {
  const percent = Math.floor((content.used / content.limit) * 100);
  const resets = content.resetsAt.toISOString().slice(0, 10);
  const subject = `${content.teamName} has used ${percent}% of its monthly tokens`;
  return {
    subject,
    ...renderEmail({
      title: subject,
      intro:
        `The team ${content.teamName} has used ${tokens(content.used)} of its ${tokens(content.limit)} tokens this month.\n\n` +
        `When they are used up, new chat replies and workflow plans are refused, and runs wait before their next step, ` +
        `until the budget resets on ${resets} (UTC) or an owner raises the team's budget (up to the plan's).`,
      footer: 'You receive this as an owner of the team, once a month at most.',
    }),
  };
}
