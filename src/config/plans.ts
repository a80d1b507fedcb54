/** Billing plans; each sets the team's router rate limit (see PlanSettings in src/config/plans.config.ts). */
export const PLANS = ['free', 'pro', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];

export function isPlan(value: string): value is Plan {
  return (PLANS as readonly string[]).includes(value);
}
